// Defaults for running everything offline on one machine; the values live in local-defaults.json,
// which the web server and the product starter (web-server/src/local-env.mjs) read too.
import defaults from './local-defaults.json';

const { ports } = defaults;
const local = (port: number) => `http://localhost:${port}`;

export const LOCAL_DEFAULTS = {
  publicSiteUrl: local(ports.HOST_PORT),
  apiPort: ports.API_PORT,
  localAuthPort: ports.LOCAL_AUTH_PORT,
  localStripePort: ports.LOCAL_STRIPE_PORT,
  mailboxPort: ports.MAILBOX_PORT,
  smtpPort: ports.SMTP_PORT,
  supabaseUrl: local(ports.LOCAL_AUTH_PORT),
  jwtSecret: defaults.jwtSecret,
  dataDir: defaults.dataDir,
  smtpUrl: `smtp://localhost:${ports.SMTP_PORT}`,
  mailFrom: defaults.mailFrom,
  contactInbox: defaults.contactInbox,
  adminEmail: defaults.adminEmail,
  adminPassword: defaults.adminPassword,
  allowedOrigins: [
    ports.HOST_PORT,
    ports.MARKETING_PORT,
    ports.CHECKOUT_PORT,
    ports.CLIENT_PORTAL_PORT,
    ports.ADMIN_PORTAL_PORT,
  ].map(local),
} as const;

/** PUBLIC_SITE_URL plus ALLOWED_ORIGINS (comma-separated), defaulting to the local host and remotes. */
export function allowedOriginsFromEnv(env: Record<string, string | undefined>): string[] {
  const configured = env.ALLOWED_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const origins = configured?.length ? configured : [...LOCAL_DEFAULTS.allowedOrigins];
  const site = env.PUBLIC_SITE_URL ? new URL(env.PUBLIC_SITE_URL).origin : undefined;
  return [...new Set(site ? [site, ...origins] : origins)];
}
