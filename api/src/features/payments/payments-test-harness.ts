import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import type Stripe from 'stripe';
import { LOCAL_DEFAULTS, RATE_LIMITS } from '@agency/domain';
import { startStripeService } from '@agency/local-cloud/src/stripe';
import { createApp } from '../../app';
import { openDatabase, type Database } from '../../db/database';
import { runMigrations } from '../../db/migrations';
import { createAccessTokenVerifier } from '../../http/access-token';
import { RecordingMailer, type TestUser } from '../../test-support/test-api';
import { createUserDirectory } from '../users/user-directory';
import { createStripeClient } from './stripe-client';
import { createStripePayments } from './stripe-payments';

const JWT_SECRET = 'payments-test-secret-0123456789-abcdefghijklmnopqrstuv';
const WEBHOOK_SECRET = 'whsec_payments_test';
const MIGRATIONS = path.join(__dirname, '..', '..', '..', 'migrations');

/**
 * The api with the real payments module, its SDK pointed at the local Stripe-compatible service whose
 * webhooks reach this api: the whole money path of production, offline, on free ports.
 */
export async function startPaymentsTestApi() {
  const db: Database = await openDatabase({});
  await runMigrations(db, MIGRATIONS);
  const users = createUserDirectory(db);
  const stripeService = await startStripeService({
    port: 0,
    secretKey: 'sk_test_payments',
    publishableKey: 'pk_test_payments',
    webhookSecret: WEBHOOK_SECRET,
    allowedOrigins: [],
    webhookRetryDelaysMs: [50, 100],
  });
  const stripe: Stripe = createStripeClient('sk_test_payments', stripeService.url);
  const payments = createStripePayments({ stripe, db, webhookSecret: WEBHOOK_SECRET, findProfileIdByEmail: (q, email) => users.findProfileIdByEmail(q, email) });
  const app = createApp({
    db,
    payments,
    mailer: new RecordingMailer(),
    verifyAccessToken: createAccessTokenVerifier({ jwtSecret: JWT_SECRET }),
    users,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    config: {
      publicSiteUrl: LOCAL_DEFAULTS.publicSiteUrl,
      contactInbox: LOCAL_DEFAULTS.contactInbox,
      allowedOrigins: [...LOCAL_DEFAULTS.allowedOrigins],
      trustProxy: false,
      rateLimits: { contactForm: RATE_LIMITS.contactForm, consultationRequest: RATE_LIMITS.consultationRequest },
      maxBodyBytes: 64 * 1024,
    },
  });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server: s, port: info.port }));
  });
  const url = `http://127.0.0.1:${port}`;
  // Webhooks go to this api; the service was started first, so point it here now.
  stripeService.setWebhookUrl(`${url}/api/stripe-webhook`);

  const user = async (name: string, role?: 'ADMIN'): Promise<TestUser> => {
    const id = randomUUID();
    const email = `${name}@example.test`;
    const token = await new SignJWT({ role: 'authenticated', sub: id, email, user_metadata: { full_name: name } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JWT_SECRET));
    if (role) await db.transaction((tx) => users.setRole(tx, { id, email, fullName: name }, role));
    return { id, email, token };
  };

  async function call(method: string, route: string, options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${url}${route}`, { method, headers, ...(body !== undefined && { body }) });
    const text = await response.text();
    // Test responses are read loosely: each test asserts the fields it cares about.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
  }

  return {
    url,
    db,
    stripe,
    stripeService,
    payments,
    webhookSecret: WEBHOOK_SECRET,
    call,
    user,
    async close() {
      await stripeService.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await db.close();
    },
  };
}

export type PaymentsTestApi = Awaited<ReturnType<typeof startPaymentsTestApi>>;
