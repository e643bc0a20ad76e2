// The embedded defaults `npm start` runs on: every port, URL and local secret in one place.
// Any variable already set in the environment wins, which is how the product is pointed at hosted
// Supabase, Stripe, SMTP and PostgreSQL (see README). In production none of the local fallbacks is used: the
// web tier (web-server/src/main.mjs, Dockerfile.web) refuses to start without its public configuration.
import { readFileSync } from 'node:fs';
import { compactVerify, SignJWT } from 'jose';

const LOCAL = JSON.parse(
  readFileSync(new URL('../../shared/domain/src/local-defaults.json', import.meta.url), 'utf8'),
);
export const DEFAULT_PORTS = LOCAL.ports;

const ANON_KEY_ISSUED_AT = 1_700_000_000;
/**
 * Signs the public anon key the browser hands to supabase-js (a JWT with role anon, like Supabase's). The same
 * secret always gives the same key: both times are fixed (jose's '20y' counts from now, so the key changed every
 * second and two readings a second apart differed).
 */
export async function anonKeyFor(secret) {
  return new SignJWT({ role: 'anon', iss: 'supabase-local' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(ANON_KEY_ISSUED_AT)
    .setExpirationTime(ANON_KEY_ISSUED_AT + 20 * 365 * 86_400)
    .sign(new TextEncoder().encode(secret));
}

// Production as the API and the stand-ins decide it (shared/domain/src/service-config.ts, TypeScript that plain
// Node cannot import): NODE_ENV=production, or any hosted service configured.
const isLocalUrl = (value) => {
  if (!value) return true;
  try {
    return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(new URL(value).hostname);
  } catch {
    return false;
  }
};

/** @param {Record<string, string | undefined>} env */
export function isProduction(env) {
  const hosted =
    !isLocalUrl(env.SUPABASE_URL) ||
    (!!env.STRIPE_SECRET_KEY && env.STRIPE_SECRET_KEY !== LOCAL.stripe.secretKey && !env.STRIPE_API_URL) ||
    !isLocalUrl(env.SMTP_URL) ||
    !isLocalUrl(env.DATABASE_URL);
  return env.NODE_ENV === 'production' || hosted;
}

/** What the web tier serves every browser (/app-config.json, the CSP): a deployment sets each one. */
export const WEB_PRODUCTION_REQUIREMENTS = [
  { variable: 'PUBLIC_SITE_URL', purpose: 'where the host is served' },
  { variable: 'MARKETING_URL', purpose: 'where the marketing remote is served' },
  { variable: 'CHECKOUT_URL', purpose: 'where the checkout remote is served' },
  { variable: 'CLIENT_PORTAL_URL', purpose: 'where the client portal remote is served' },
  { variable: 'ADMIN_PORTAL_URL', purpose: 'where the admin portal remote is served' },
  { variable: 'API_URL', purpose: 'the public URL of the API' },
  { variable: 'SUPABASE_URL', purpose: 'your Supabase project URL' },
  { variable: 'SUPABASE_ANON_KEY', purpose: "your Supabase project's public anon key" },
  { variable: 'STRIPE_PUBLISHABLE_KEY', purpose: 'your Stripe publishable key' },
  {
    variable: 'RELEASE_PREVIEW_SECRET',
    purpose: 'the secret preview links of releases are signed with (32 characters or more)',
    minLength: 32,
  },
];

/** Values anyone can read in this repository (local-defaults.json). */
const LOCAL_PREVIEW_SECRET = `local-preview:${LOCAL.jwtSecret}`;
const KNOWN_LOCAL_VALUES = new Set([
  LOCAL_PREVIEW_SECRET,
  LOCAL.jwtSecret,
  LOCAL.adminPassword,
  LOCAL.stripe.secretKey,
  LOCAL.stripe.publishableKey,
  LOCAL.stripe.webhookSecret,
]);

/** True for a token signed with the public local JWT secret (the anon key `npm start` makes). */
async function signedWithLocalSecret(token) {
  try {
    await compactVerify(token, new TextEncoder().encode(LOCAL.jwtSecret), { algorithms: ['HS256'] });
    return true;
  } catch {
    return false;
  }
}

/** The web tier's unmet production requirements in `env`, each naming its variable (empty when all are met). */
export async function webProductionProblems(env) {
  const problems = [];
  for (const { variable, purpose, minLength } of WEB_PRODUCTION_REQUIREMENTS) {
    const value = env[variable];
    if (!value) problems.push(`${variable} must be set: ${purpose}.`);
    else if (KNOWN_LOCAL_VALUES.has(value))
      problems.push(`${variable} is a public local default: set ${purpose}.`);
    else if (minLength && value.length < minLength)
      problems.push(`${variable} is shorter than ${minLength} characters: set ${purpose}.`);
  }
  if (env.SUPABASE_ANON_KEY && (await signedWithLocalSecret(env.SUPABASE_ANON_KEY)))
    problems.push(
      "SUPABASE_ANON_KEY is signed with the public local JWT secret: set your Supabase project's anon key.",
    );
  return problems;
}

export class ConfigurationError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(
      `Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee "Going to production" in the README.`,
    );
    this.name = 'ConfigurationError';
    this.problems = problems;
  }
}

/**
 * In production (isProduction) it throws a ConfigurationError naming every unmet web requirement, and falls back
 * to no local value: no localhost URL, public local secret or stand-in (unset variables stay unset).
 * @param {Record<string, string | undefined>} base the surrounding environment
 * @param {Partial<Record<keyof typeof DEFAULT_PORTS, number>>} ports overrides (tests pass free ports)
 */
export async function resolveLocalEnv(base = process.env, ports = {}) {
  const production = isProduction(base);
  if (production) {
    const problems = await webProductionProblems(base);
    if (problems.length) throw new ConfigurationError(problems);
  }
  /** A local fallback: outside production only. */
  const local = (value) => (production ? undefined : value);
  const port = (name) => String(ports[name] ?? base[name] ?? DEFAULT_PORTS[name]);
  const url = (name) => local(`http://localhost:${port(name)}`);
  const env = {
    HOST_PORT: port('HOST_PORT'),
    MARKETING_PORT: port('MARKETING_PORT'),
    CHECKOUT_PORT: port('CHECKOUT_PORT'),
    CLIENT_PORTAL_PORT: port('CLIENT_PORTAL_PORT'),
    ADMIN_PORTAL_PORT: port('ADMIN_PORTAL_PORT'),
    API_PORT: port('API_PORT'),
    LOCAL_AUTH_PORT: port('LOCAL_AUTH_PORT'),
    LOCAL_STRIPE_PORT: port('LOCAL_STRIPE_PORT'),
    MAILBOX_PORT: port('MAILBOX_PORT'),
    SMTP_PORT: port('SMTP_PORT'),
    PUBLIC_SITE_URL: base.PUBLIC_SITE_URL ?? url('HOST_PORT'),
    MARKETING_URL: base.MARKETING_URL ?? url('MARKETING_PORT'),
    CHECKOUT_URL: base.CHECKOUT_URL ?? url('CHECKOUT_PORT'),
    CLIENT_PORTAL_URL: base.CLIENT_PORTAL_URL ?? url('CLIENT_PORTAL_PORT'),
    ADMIN_PORTAL_URL: base.ADMIN_PORTAL_URL ?? url('ADMIN_PORTAL_PORT'),
    API_URL: base.API_URL ?? url('API_PORT'),
    SUPABASE_URL: base.SUPABASE_URL ?? url('LOCAL_AUTH_PORT'),
    SUPABASE_JWT_SECRET: base.SUPABASE_JWT_SECRET ?? local(LOCAL.jwtSecret),
    DATA_DIR: base.DATA_DIR ?? LOCAL.dataDir,
    SMTP_URL: base.SMTP_URL ?? local(`smtp://localhost:${port('SMTP_PORT')}`),
    MAILBOX_URL: base.MAILBOX_URL ?? url('MAILBOX_PORT'),
    MAIL_FROM: base.MAIL_FROM ?? LOCAL.mailFrom,
    CONTACT_INBOX: base.CONTACT_INBOX ?? LOCAL.contactInbox,
    ADMIN_EMAIL: base.ADMIN_EMAIL ?? local(LOCAL.adminEmail),
    ADMIN_PASSWORD: base.ADMIN_PASSWORD ?? local(LOCAL.adminPassword),
    STRIPE_SECRET_KEY: base.STRIPE_SECRET_KEY ?? local(LOCAL.stripe.secretKey),
    STRIPE_PUBLISHABLE_KEY: base.STRIPE_PUBLISHABLE_KEY ?? local(LOCAL.stripe.publishableKey),
    STRIPE_WEBHOOK_SECRET: base.STRIPE_WEBHOOK_SECRET ?? local(LOCAL.stripe.webhookSecret),
    BOOKING_URL: base.BOOKING_URL ?? 'https://calendly.com/',
    FOUNDER_PROFILE_URL: base.FOUNDER_PROFILE_URL ?? 'https://www.linkedin.com/',
    CONTACT_EMAIL: base.CONTACT_EMAIL ?? 'hello@consultancy.test',
    // Signs preview links of releases (preview-links.mjs); production requires its own, so none is trusted there.
    RELEASE_PREVIEW_SECRET: base.RELEASE_PREVIEW_SECRET ?? local(LOCAL_PREVIEW_SECRET),
  };
  // Offline stand-ins only when no hosted Stripe is configured; in production only where set explicitly (a
  // demo): the CSP allows whatever origin STRIPE_JS_URL names to run script on the checkout page.
  const offlineStripe = !base.STRIPE_SECRET_KEY || base.STRIPE_API_URL;
  if (offlineStripe && production) {
    env.STRIPE_API_URL = base.STRIPE_API_URL || undefined;
    env.STRIPE_JS_URL = base.STRIPE_JS_URL || undefined;
  } else if (offlineStripe) {
    env.STRIPE_API_URL = base.STRIPE_API_URL ?? url('LOCAL_STRIPE_PORT');
    env.STRIPE_JS_URL = base.STRIPE_JS_URL ?? `${url('LOCAL_STRIPE_PORT')}/v3/`;
  }
  env.SUPABASE_ANON_KEY = base.SUPABASE_ANON_KEY ?? (await anonKeyFor(env.SUPABASE_JWT_SECRET));
  env.ALLOWED_ORIGINS =
    base.ALLOWED_ORIGINS ??
    [
      env.PUBLIC_SITE_URL,
      env.MARKETING_URL,
      env.CHECKOUT_URL,
      env.CLIENT_PORTAL_URL,
      env.ADMIN_PORTAL_URL,
    ].join(',');
  if (base.DATABASE_URL) env.DATABASE_URL = base.DATABASE_URL;
  if (base.PIXEL_ID) env.PIXEL_ID = base.PIXEL_ID;
  if (base.LOG_LEVEL) env.LOG_LEVEL = base.LOG_LEVEL;
  if (base.BIND_HOST) env.BIND_HOST = base.BIND_HOST;
  // The release guard's thresholds and the ops token it reads the API's counts with (release-guard.mjs).
  for (const name of [
    'CANARY_MARGIN_POINTS',
    'CANARY_MIN_LOADS',
    'CANARY_CHECK_MS',
    'METRICS_TOKEN',
    'REMOTE_HEALTH_SAMPLE_RATE',
  ])
    if (base[name]) env[name] = base[name];
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/** The public runtime configuration served to browsers as /app-config.json. */
export function appConfigFrom(env) {
  return {
    remotes: {
      marketing: { manifest: `${env.MARKETING_URL}/mf-manifest.json` },
      checkout: { manifest: `${env.CHECKOUT_URL}/mf-manifest.json` },
      client_portal: { manifest: `${env.CLIENT_PORTAL_URL}/mf-manifest.json` },
      admin_portal: { manifest: `${env.ADMIN_PORTAL_URL}/mf-manifest.json` },
    },
    siteUrl: env.PUBLIC_SITE_URL,
    apiUrl: env.API_URL,
    supabaseUrl: env.SUPABASE_URL,
    supabaseAnonKey: env.SUPABASE_ANON_KEY,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
    ...(env.STRIPE_JS_URL ? { stripeJsUrl: env.STRIPE_JS_URL } : {}),
    ...(env.PIXEL_ID ? { pixelId: env.PIXEL_ID } : {}),
    // The share of remote page loads browsers report (remote-health.ts); all of them when unset.
    ...(env.REMOTE_HEALTH_SAMPLE_RATE
      ? { remoteHealth: { sampleRate: Number(env.REMOTE_HEALTH_SAMPLE_RATE) } }
      : {}),
    links: {
      booking: env.BOOKING_URL,
      founderProfile: env.FOUNDER_PROFILE_URL,
      contactEmail: env.CONTACT_EMAIL,
    },
  };
}
