/**
 * Defaults for running everything offline on one machine (docs/ports-and-env.md). Production sets every
 * one of these through the environment; these values are public and protect nothing.
 */
export const LOCAL_DEFAULTS = {
  publicSiteUrl: 'http://localhost:3000',
  apiPort: 4000,
  localAuthPort: 4001,
  localStripePort: 4002,
  mailboxPort: 4003,
  smtpPort: 2525,
  supabaseUrl: 'http://localhost:4001',
  jwtSecret: 'local-only-jwt-secret-change-me-in-production-0123456789',
  dataDir: '.data',
  smtpUrl: 'smtp://localhost:2525',
  mailFrom: 'hello@consultancy.test',
  contactInbox: 'inbox@consultancy.test',
  adminEmail: 'admin@consultancy.test',
  adminPassword: 'admin-password',
  allowedOrigins: [
    'http://localhost:3000',
    'http://localhost:3001',
    'http://localhost:3002',
    'http://localhost:3003',
    'http://localhost:3004',
  ],
} as const;

/** PUBLIC_SITE_URL plus ALLOWED_ORIGINS (comma-separated), defaulting to the local host and remotes. */
export function allowedOriginsFromEnv(env: Record<string, string | undefined>): string[] {
  const configured = env.ALLOWED_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean);
  const origins = configured?.length ? configured : [...LOCAL_DEFAULTS.allowedOrigins];
  const site = env.PUBLIC_SITE_URL ? new URL(env.PUBLIC_SITE_URL).origin : undefined;
  return [...new Set(site ? [site, ...origins] : origins)];
}
