import type { Logger } from 'pino';
import type { RateLimit } from '@agency/domain';
import type { Database } from './db/database';
import type { AccessTokenVerifier } from './http/access-token';
import type { Mailer } from './mail/mailer';
import type { Payments } from './features/payments/types';
import type { UserDirectory } from './features/users/user-directory';

export interface AppConfig {
  publicSiteUrl: string;
  contactInbox: string;
  allowedOrigins: string[];
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  rateLimits: { contactForm: RateLimit; consultationRequest: RateLimit };
  maxBodyBytes: number;
}

/** Everything the routes depend on, passed in so tests can swap the outside world (payments, mail). */
export interface AppDeps {
  db: Database;
  payments: Payments;
  mailer: Mailer;
  verifyAccessToken: AccessTokenVerifier;
  users: UserDirectory;
  logger: Logger;
  config: AppConfig;
}
