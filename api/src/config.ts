import path from 'node:path';
import { allowedOriginsFromEnv, LOCAL_DEFAULTS, MAX_REQUEST_BODY_BYTES, PAYMENT_INTENTS_PER_EMAIL, RATE_LIMITS } from '@agency/domain';
import type { AppConfig } from './app-deps';

export interface ApiConfig extends AppConfig {
  port: number;
  databaseUrl: string | undefined;
  /** Embedded PGlite directory (DATA_DIR/db) when DATABASE_URL is unset. */
  pgliteDir: string;
  jwtSecret: string | undefined;
  jwksUrl: string | undefined;
  supabaseUrl: string;
  serviceRoleKey: string | undefined;
  smtpUrl: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string;
  /** True when the admin credentials are the public local defaults (printed at start). */
  adminIsLocalDefault: boolean;
  logLevel: string;
}

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const jwksUrl = env.SUPABASE_JWKS_URL || undefined;
  const jwtSecret = env.SUPABASE_JWT_SECRET || (jwksUrl ? undefined : LOCAL_DEFAULTS.jwtSecret);
  if (env.NODE_ENV === 'production' && !env.SUPABASE_JWT_SECRET && !jwksUrl) {
    throw new Error('SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL must be set in production');
  }
  const dataDir = path.resolve(env.DATA_DIR || LOCAL_DEFAULTS.dataDir);
  return {
    port: env.API_PORT !== undefined && env.API_PORT !== '' ? Number(env.API_PORT) : LOCAL_DEFAULTS.apiPort,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'db'),
    jwtSecret,
    jwksUrl,
    supabaseUrl: (env.SUPABASE_URL || LOCAL_DEFAULTS.supabaseUrl).replace(/\/+$/, ''),
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY || undefined,
    smtpUrl: env.SMTP_URL || LOCAL_DEFAULTS.smtpUrl,
    mailFrom: env.MAIL_FROM || LOCAL_DEFAULTS.mailFrom,
    contactInbox: env.CONTACT_INBOX || LOCAL_DEFAULTS.contactInbox,
    adminEmail: env.ADMIN_EMAIL || LOCAL_DEFAULTS.adminEmail,
    adminPassword: env.ADMIN_PASSWORD || LOCAL_DEFAULTS.adminPassword,
    adminIsLocalDefault: !env.ADMIN_EMAIL && !env.ADMIN_PASSWORD,
    publicSiteUrl: (env.PUBLIC_SITE_URL || LOCAL_DEFAULTS.publicSiteUrl).replace(/\/+$/, ''),
    allowedOrigins: allowedOriginsFromEnv(env),
    trustProxy: env.TRUST_PROXY === '1',
    rateLimits: {
      contactForm: RATE_LIMITS.contactForm,
      consultationRequest: RATE_LIMITS.consultationRequest,
      createProject: RATE_LIMITS.createProject,
      paymentIntent: RATE_LIMITS.paymentIntent,
      paymentIntentPerEmail: PAYMENT_INTENTS_PER_EMAIL,
      purchaseStatus: RATE_LIMITS.purchaseStatus,
    },
    maxBodyBytes: MAX_REQUEST_BODY_BYTES,
    moneyOperationLeaseSeconds: Number(env.MONEY_OPERATION_LEASE_SECONDS || 300),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
