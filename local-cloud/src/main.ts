import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { allowedOriginsFromEnv, LOCAL_DEFAULTS } from '@agency/domain';
import {
  assertProductionReady,
  bindHost,
  ConfigurationError,
  isProduction,
} from '@agency/domain/service-config';
import { AuthStore } from './auth/auth-store';
import { createAuthService } from './auth/auth-service';
import { createTokenSigner } from './auth/auth-tokens';
import { createMailboxWeb, createSmtpReceiver, MailboxStore } from './mailbox/mailbox';
import { createStripeService } from './stripe';
import { createStorageService } from './storage/storage-service';
import { StorageStore } from './storage/storage-store';
import { LOCAL_STRIPE_DEFAULTS } from '@agency/domain/payments-config';

/**
 * Offline stand-ins for the hosted services: auth (GoTrue-compatible) and storage (the Supabase Storage API) on
 * one origin as on a Supabase project, the mailbox (SMTP + web page) and the Stripe-compatible service. Each prints `<name> listening on <url>` once ready.
 */
const env = process.env;
const logger = pino({ level: env.LOG_LEVEL || 'info', base: { service: 'local-cloud' } });
const portFrom = (value: string | undefined, fallback: number) =>
  value !== undefined && value !== '' ? Number(value) : fallback;

// The stand-ins run on public local secrets only on a developer's machine; a demo deployment
// (NODE_ENV=production) must give them secrets of its own.
try {
  assertProductionReady(env, [
    {
      variable: 'SUPABASE_JWT_SECRET',
      purpose: 'the key the auth stand-in signs access tokens with',
      minLength: 32,
    },
    { variable: 'STRIPE_SECRET_KEY', purpose: 'the secret key of the Stripe stand-in' },
    { variable: 'STRIPE_WEBHOOK_SECRET', purpose: "the Stripe stand-in's webhook signing secret" },
  ]);
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(1);
}
/**
 * bcrypt's cost for stored passwords: GoTrue's 10, or AUTH_BCRYPT_ROUNDS outside production. The journeys take
 * bcrypt's least, 4: their accounts guard nothing, and at 10 every sign-up, sign-in and reset cost the stand-in
 * ~0.2 s of CPU in pure JavaScript.
 */
const bcryptRounds = (() => {
  const given = env.AUTH_BCRYPT_ROUNDS;
  if (given === undefined || given === '') return 10;
  const rounds = Number(given);
  if (isProduction(env) || !Number.isInteger(rounds) || rounds < 4 || rounds > 31) {
    console.error(
      `AUTH_BCRYPT_ROUNDS must be a whole number from 4 to 31, and is not taken in production; it is "${given}".`,
    );
    process.exit(1);
  }
  return rounds;
})();
// Auth and Stripe listen on BIND_HOST (default: this machine only); the mailbox, which shows every
// confirmation and reset link, stays a local tool unless MAILBOX_BIND_HOST opens it (a demo in containers).
const host = bindHost(env);
const mailboxHost = env.MAILBOX_BIND_HOST || '127.0.0.1';

const dataDir = path.resolve(env.DATA_DIR || LOCAL_DEFAULTS.dataDir);
const siteUrl = (env.PUBLIC_SITE_URL || LOCAL_DEFAULTS.publicSiteUrl).replace(/\/+$/, '');
const allowedOrigins = allowedOriginsFromEnv(env);
const jwtSecret = env.SUPABASE_JWT_SECRET || LOCAL_DEFAULTS.jwtSecret;
const closers: Array<() => Promise<void>> = [];

function listen(
  name: string,
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  hostname: string,
): Promise<number> {
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch, port, hostname }, (info: AddressInfo) => {
      console.log(`${name} listening on http://localhost:${info.port}`);
      resolve(info.port);
    });
    closers.push(
      () =>
        new Promise<void>((done) => {
          server.close(() => done());
          if ('closeAllConnections' in server) server.closeAllConnections();
        }),
    );
  });
}

// Mailbox: SMTP in, web page and JSON API out.
const mailbox = new MailboxStore();
const smtp = createSmtpReceiver(mailbox, logger);
const smtpPort = await new Promise<number>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(portFrom(env.SMTP_PORT, LOCAL_DEFAULTS.smtpPort), mailboxHost, () => {
    const port = (smtp.server.address() as AddressInfo).port;
    // Part of the mailbox service; not a `listening on` line of its own.
    console.log(`mailbox smtp on smtp://localhost:${port}`);
    resolve(port);
  });
});
closers.push(() => new Promise<void>((done) => smtp.close(() => done())));
await listen(
  'mailbox',
  createMailboxWeb(mailbox).fetch,
  portFrom(env.MAILBOX_PORT, LOCAL_DEFAULTS.mailboxPort),
  mailboxHost,
);

// Auth: a GoTrue-compatible service for supabase-js.
let authPublicUrl = env.SUPABASE_URL?.replace(/\/+$/, '') ?? '';
const transport = nodemailer.createTransport(env.SMTP_URL || `smtp://localhost:${smtpPort}`);
const mailFrom = env.MAIL_FROM || LOCAL_DEFAULTS.mailFrom;
const auth = createAuthService({
  store: new AuthStore(path.join(dataDir, 'auth', 'users.json')),
  signer: createTokenSigner(jwtSecret, () => `${authPublicUrl}/auth/v1`),
  publicUrl: () => authPublicUrl,
  siteUrl,
  allowedOrigins,
  sendMail: async (mail) => {
    await transport.sendMail({ from: mailFrom, ...mail });
  },
  logger,
  trustProxy: env.TRUST_PROXY === '1',
  bcryptRounds,
});
// Storage: the Supabase Storage API under /storage/v1 of the same origin, files under DATA_DIR/storage.
const storage = createStorageService({
  store: new StorageStore(path.join(dataDir, 'storage')),
  jwtSecret,
  allowedOrigins,
  logger,
});
const authPort = await listen(
  'auth',
  (request) =>
    new URL(request.url).pathname.startsWith('/storage/v1/') ? storage.fetch(request) : auth.fetch(request),
  portFrom(env.LOCAL_AUTH_PORT, LOCAL_DEFAULTS.localAuthPort),
  host,
);
authPublicUrl ||= `http://localhost:${authPort}`;

// ── Stripe-compatible service: the payments module starts it here. ─────────────────────────────────────
const apiUrl = (env.API_URL || `http://localhost:${LOCAL_DEFAULTS.apiPort}`).replace(/\/+$/, '');
const stripe = createStripeService({
  secretKey: env.STRIPE_SECRET_KEY || LOCAL_STRIPE_DEFAULTS.secretKey,
  publishableKey: env.STRIPE_PUBLISHABLE_KEY || LOCAL_STRIPE_DEFAULTS.publishableKey,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_DEFAULTS.webhookSecret,
  webhookUrl: env.WEBHOOK_URL || `${apiUrl}/api/stripe-webhook`,
  allowedOrigins,
  dataDir: path.join(dataDir, 'stripe'),
  log: (message) => logger.warn(message),
});
closers.push(async () => stripe.close());
await listen(
  'stripe',
  stripe.app.fetch,
  portFrom(env.LOCAL_STRIPE_PORT, LOCAL_DEFAULTS.localStripePort),
  host,
);
// ──────────────────────────────────────────────────────────────────────────────────────────────────────

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(0), 5000).unref();
  await Promise.allSettled(closers.map((close) => close()));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
