import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { API_MESSAGES } from '@agency/domain';
import { ConfigurationError } from '@agency/domain/service-config';
import { createApp } from './app';
import { createServices, type AppDeps } from './app-deps';
import { startJobQueue } from './jobs/job-queue';
import { startWorkers } from './jobs/workers';
import { readApiConfig } from './config';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrations';
import { PaymentError, type Payments } from './features/payments/types';
import { createStripeClient, stripeConfigFromEnv } from './features/payments/stripe-client';
import { createStripePayments } from './features/payments/stripe-payments';
import { ensureFirstAdmin } from './features/users/first-admin';
import { createUserDirectory } from './features/users/user-directory';
import { createAccessTokenVerifier } from './http/access-token';
import { createSmtpMailer } from './mail/mailer';

const config = (() => {
  try {
    return readApiConfig();
  } catch (error) {
    // Fail closed: a deployment missing its secrets stops here, saying which.
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
})();
// Logs are buffered and written asynchronously, so a slow reader of stdout never stalls requests (with a
// synchronous destination a full pipe blocked the event loop: a third of the CPU under load). Flushed on exit.
const logDestination = pino.destination({ sync: false });
process.on('exit', () => {
  try {
    logDestination.flushSync();
  } catch {
    // stdout is already gone: nothing left to write to.
  }
});
const logger = pino({ level: config.logLevel, base: { service: 'api' } }, logDestination);

const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const applied = await runMigrations(db, fileURLToPath(new URL('../migrations', import.meta.url)));
if (applied.length) logger.info({ applied }, 'migrations applied');

const users = createUserDirectory(db);

const stripeConfig = stripeConfigFromEnv(process.env);
const stripe = stripeConfig
  ? createStripePayments({
      stripe: createStripeClient(stripeConfig.secretKey, stripeConfig.apiUrl),
      db,
      webhookSecret: stripeConfig.webhookSecret,
      testClocks: stripeConfig.testClocks,
      logger: logger.child({ module: 'payments' }),
    })
  : undefined;
if (!stripeConfig) logger.warn('STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET not set: payments are disabled');

const jobs = await startJobQueue({ db, logger: logger.child({ module: 'jobs' }) });
const deps: AppDeps = {
  db,
  payments: stripe ?? unconfiguredPayments(),
  stripe,
  jobs,
  mailer: createSmtpMailer(config.smtpUrl, config.mailFrom),
  verifyAccessToken: createAccessTokenVerifier({ jwtSecret: config.jwtSecret, jwksUrl: config.jwksUrl }),
  users,
  logger,
  config,
};
const services = createServices(deps);
const app = createApp(deps, services);
await startWorkers(deps, services);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.bindHost }, (info: AddressInfo) => {
  console.log(`api listening on http://localhost:${info.port}`);
});

const adminEmail = config.adminEmail;
if (adminEmail) {
  ensureFirstAdmin(db, users, logger, {
    supabaseUrl: config.supabaseUrl,
    serviceRoleKey: config.serviceRoleKey,
    jwtSecret: config.jwtSecret,
    email: adminEmail,
    password: config.adminPassword,
  }).then(
    () => {
      const credentials = config.adminIsLocalDefault ? ` (local default password: ${config.adminPassword})` : '';
      console.log(`api admin account: ${adminEmail}${credentials}`);
    },
    (error: unknown) => logger.error({ err: error }, 'could not create the first admin'),
  );
}

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    jobs
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, 'job queue did not stop cleanly'))
      .finally(() => db.close().finally(() => process.exit(0)));
  });
  if ('closeAllConnections' in server) server.closeAllConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

function unconfiguredPayments(): Payments {
  const fail = async (): Promise<never> => {
    throw new PaymentError(API_MESSAGES.paymentsNotConfigured, 502);
  };
  return {
    refundDeposit: fail,
    refundPayment: fail,
    chargeFinalPayment: fail,
    chargePenalty: fail,
    payOpenInvoice: fail,
    startSubscription: fail,
    cancelSubscription: fail,
    quotePenalty: fail,
    reverse: fail,
  };
}
