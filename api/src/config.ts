import path from 'node:path';
import { DEFAULT_SELLER } from './documents/billing-document-pdf';
import {
  allowedOriginsFromEnv,
  LOCAL_DEFAULTS,
  MAX_REQUEST_BODY_BYTES,
  PAYMENT_INTENTS_PER_EMAIL,
  RATE_LIMITS,
} from '@agency/domain';
import {
  assertProductionReady,
  bindHost,
  isProduction,
  type Requirement,
} from '@agency/domain/service-config';
import type { AppConfig } from './app-deps';
import type { SecondFactorPolicy } from './features/users/admin-second-factor';

export interface ApiConfig extends AppConfig {
  port: number;
  databaseUrl: string | undefined;
  /** Embedded PGlite directory (DATA_DIR/db) when DATABASE_URL is unset. */
  pgliteDir: string;
  jwtSecret: string | undefined;
  jwksUrl: string | undefined;
  supabaseUrl: string;
  serviceRoleKey: string | undefined;
  /** The private Supabase Storage bucket of project files (STORAGE_BUCKET, default project-files). */
  storageBucket: string;
  /** Sent as `apikey` when the API asks the auth service about a session (hosted Supabase's gateway wants one). */
  supabaseAnonKey: string | undefined;
  /** How long the auth service's word that a session is alive stays good (AUTH_SESSION_CHECK_MS, default 10 s). */
  sessionCheckMs: number;
  smtpUrl: string;
  mailFrom: string;
  /** The first admin, created at start; none in production unless ADMIN_EMAIL is given. */
  adminEmail: string | undefined;
  adminPassword: string;
  /** The address the API listens on (BIND_HOST, default 127.0.0.1). */
  bindHost: string;
  production: boolean;
  /** Bearer token for /metrics; in production /metrics is off without one (null). */
  metricsToken: string | null | undefined;
  /** How long a draining process waits before it stops accepting (lets a load balancer see /ready fail). */
  shutdownDelayMs: number;
  /** How long requests under way may take to finish once draining. */
  shutdownTimeoutMs: number;
  /** True when the admin credentials are the public local defaults (printed at start). */
  adminIsLocalDefault: boolean;
  logLevel: string;
}

/** ADMIN_MFA_GRACE_DAYS (production default 14; outside production only when set) and ADMIN_MFA_GRACE_FROM. */
function secondFactorPolicy(env: NodeJS.ProcessEnv, production: boolean): SecondFactorPolicy {
  const days = env.ADMIN_MFA_GRACE_DAYS;
  const from = env.ADMIN_MFA_GRACE_FROM ? new Date(env.ADMIN_MFA_GRACE_FROM) : null;
  if (from && Number.isNaN(from.getTime()))
    throw new Error(`ADMIN_MFA_GRACE_FROM is not a date: ${env.ADMIN_MFA_GRACE_FROM}`);
  if (days !== undefined && days !== '' && !(Number(days) >= 0))
    throw new Error(`ADMIN_MFA_GRACE_DAYS must be a number of days (0 or more): ${days}`);
  return {
    graceDays: days !== undefined && days !== '' ? Number(days) : production ? 14 : null,
    graceFrom: from,
  };
}

/** What the API needs from a deployment (service-config.ts): checked at start, before anything listens. */
export const API_PRODUCTION_REQUIREMENTS: Requirement[] = [
  { variable: 'DATABASE_URL', purpose: 'the PostgreSQL database (the embedded one is for local runs)' },
  { variable: 'PUBLIC_SITE_URL', purpose: 'where the site is served (links in e-mails, CORS)' },
  { variable: 'SUPABASE_URL', purpose: 'your Supabase project URL' },
  {
    variable: 'SUPABASE_JWT_SECRET',
    or: 'SUPABASE_JWKS_URL',
    purpose: "the key that verifies users' access tokens",
    minLength: 32,
  },
  { variable: 'STRIPE_SECRET_KEY', purpose: 'your Stripe secret key' },
  { variable: 'STRIPE_WEBHOOK_SECRET', purpose: 'the signing secret of your Stripe webhook endpoint' },
  { variable: 'SMTP_URL', purpose: 'the mail server e-mails are sent through' },
  // Files (Supabase Storage) need the service role key; Supabase's is a JWT signed with the JWT secret.
  {
    variable: 'SUPABASE_SERVICE_ROLE_KEY',
    purpose: 'the key the API reaches Supabase Storage (project files) and creates the first admin with',
    or: 'SUPABASE_JWT_SECRET',
  },
];

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  assertProductionReady(env, [
    ...API_PRODUCTION_REQUIREMENTS,
    // The first admin is created only when ADMIN_EMAIL is given; its password then cannot be the public one.
    ...(env.ADMIN_EMAIL
      ? [{ variable: 'ADMIN_PASSWORD', purpose: "the first admin's password", minLength: 12 }]
      : []),
  ]);
  const production = isProduction(env);
  const jwksUrl = env.SUPABASE_JWKS_URL || undefined;
  const jwtSecret = env.SUPABASE_JWT_SECRET || (jwksUrl ? undefined : LOCAL_DEFAULTS.jwtSecret);
  const dataDir = path.resolve(env.DATA_DIR || LOCAL_DEFAULTS.dataDir);
  return {
    port: env.API_PORT !== undefined && env.API_PORT !== '' ? Number(env.API_PORT) : LOCAL_DEFAULTS.apiPort,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'db'),
    jwtSecret,
    jwksUrl,
    supabaseUrl: (env.SUPABASE_URL || LOCAL_DEFAULTS.supabaseUrl).replace(/\/+$/, ''),
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY || undefined,
    storageBucket: env.STORAGE_BUCKET || 'project-files',
    supabaseAnonKey: env.SUPABASE_ANON_KEY || undefined,
    sessionCheckMs: Number(env.AUTH_SESSION_CHECK_MS || 10_000),
    smtpUrl: env.SMTP_URL || LOCAL_DEFAULTS.smtpUrl,
    mailFrom: env.MAIL_FROM || LOCAL_DEFAULTS.mailFrom,
    contactInbox: env.CONTACT_INBOX || LOCAL_DEFAULTS.contactInbox,
    adminEmail: env.ADMIN_EMAIL || (production ? undefined : LOCAL_DEFAULTS.adminEmail),
    adminPassword: env.ADMIN_PASSWORD || LOCAL_DEFAULTS.adminPassword,
    adminIsLocalDefault: !env.ADMIN_EMAIL && !env.ADMIN_PASSWORD,
    bindHost: bindHost(env),
    production,
    metricsToken: env.METRICS_TOKEN || (production ? null : undefined),
    // The journeys' clock (ops/test-clock.ts): the offline product only, never a production API.
    testClock: !production,
    shutdownDelayMs: Number(env.SHUTDOWN_DELAY_MS || 0),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS || 10_000),
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
    // Renewed before each journalled Stripe call, so it must outlast one call with its retries (stripe-client.ts:
    // about 60 s) and the reads and commit after the last one; then a recovery job may take the operation over.
    moneyOperationLeaseSeconds: Number(env.MONEY_OPERATION_LEASE_SECONDS || 300),
    seller: {
      name: env.BILLING_SELLER_NAME || DEFAULT_SELLER.name,
      // One line per part of the address: `\n` in the variable breaks the line.
      address: (env.BILLING_SELLER_ADDRESS || DEFAULT_SELLER.address).replace(/\\n/g, '\n'),
      email: env.BILLING_SELLER_EMAIL || DEFAULT_SELLER.email,
      taxId: env.BILLING_SELLER_TAX_ID || DEFAULT_SELLER.taxId,
    },
    logLevel: env.LOG_LEVEL || 'info',
    adminSecondFactor: secondFactorPolicy(env, production),
  };
}
