import type { Logger } from 'pino';
import type { Database, Queryable } from './db/database';
import type { AccessTokenVerifier } from './http/access-token';
import type { JobQueue } from './jobs/job-queue';
import type { Payments } from './money/types';
import type { Lifecycle } from './ops/ops-routes';
import type { Settings } from './settings';

/**
 * What the app hands the features' routes (AppDeps in app-deps.ts is this and more). Features import this, never
 * the app, and never each other: the user directory (features/users) is named by the two calls they make of it.
 */
export interface FeatureDeps {
  db: Database;
  payments: Payments;
  jobs: JobQueue;
  logger: Logger;
  config: Settings;
  verifyAccessToken: AccessTokenVerifier;
  users: {
    findProfileIdByEmail(q: Queryable, email: string): Promise<string | null>;
    /** Calls back when a user's role or profile changes (undefined: any user's); returns the unsubscribe. */
    onCallerChange(listener: (userId: string | undefined) => void): () => void;
  };
  ops: { lifecycle: Lifecycle };
}
