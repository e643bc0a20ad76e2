import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { API_MESSAGES } from '@agency/domain';
import { ConfigurationError } from '@agency/domain/service-config';
import { createApp } from './app';
import { createServices, type AppDeps } from './app-deps';
import { startJobQueue } from './jobs/job-queue';
import { startWorkers } from './workers';
import { readApiConfig } from './config';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrations';
import { PaymentError, type Payments } from './money/types';
import { createStripeClient, stripeConfigFromEnv } from './features/payments/stripe-client';
import { createStripePayments } from './features/payments/stripe-payments';
import { ensureFirstAdmin } from './features/users/first-admin';
import { createUserDirectory } from './features/users/user-directory';
import { createSupabaseFileStorage, serviceRoleKeyFromSecret } from './features/files/file-storage';
import { createAccessTokenVerifier, withSessionCheck } from './http/access-token';
import { createSessionCheck } from './http/session-check';
import { createSmtpMailer } from './mail/mailer';
import { createMetrics } from './ops/metrics';
import { logContext } from './ops/log-context';
import type { Lifecycle } from './ops/ops-routes';

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
// Every line written while a request or a job is under way names it (ops/log-context.ts).
const logger = pino(
  { level: config.logLevel, base: { service: 'api' }, mixin: logContext.mixin },
  logDestination,
);

// A stop signal during start-up (an orchestrator replacing a replica that is still starting) lets the start-up
// finish, then drains: Node's default would kill the process mid-step, in the middle of a migration or of
// writing the embedded database's files. That replica never said it was ready, so its drain does not wait
// SHUTDOWN_DELAY_MS for a proxy to notice. A second signal during start-up exits at once; one that hangs is
// ended by the orchestrator's own kill after its grace period.
let startedUp = false;
let stopSignalDuringStartup: string | undefined;
function onStopSignal(signal: string) {
  if (startedUp) return void shutdown(signal);
  if (stopSignalDuringStartup) {
    logger.warn({ signal }, 'asked again to stop during start-up; exiting');
    process.exit(1);
  }
  stopSignalDuringStartup = signal;
  logger.info({ signal }, 'stopping once start-up finishes');
}
process.on('SIGINT', () => onStopSignal('SIGINT'));
process.on('SIGTERM', () => onStopSignal('SIGTERM'));

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const applied = await runMigrations(db, migrationsDir);
if (applied.length) logger.info({ applied }, 'migrations applied');

const users = createUserDirectory(db);
await users.start();

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

const metrics = createMetrics();
const lifecycle: Lifecycle = { draining: false, onDrain: [] };
const jobs = await startJobQueue({
  db,
  logger: logger.child({ module: 'jobs' }),
  onJob: (queue, outcome, seconds) => metrics.job(queue, outcome, seconds),
});
// Whether a token's session still exists (ended by a password reset elsewhere, say), and its user's factors.
const sessions = createSessionCheck({
  supabaseUrl: config.supabaseUrl,
  apiKey: config.supabaseAnonKey ?? config.serviceRoleKey,
  freshForMs: config.sessionCheckMs,
  logger: logger.child({ module: 'sessions' }),
});
// Project files: Supabase Storage's private bucket (offline: the stand-in on the auth stand-in's origin). The
// configuration refuses a production start without the key or the secret it is derived from.
const storageKey =
  config.serviceRoleKey ?? (config.jwtSecret ? await serviceRoleKeyFromSecret(config.jwtSecret) : undefined);
if (!storageKey) {
  console.error(
    'SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_JWT_SECRET) must be set: project files need Storage.',
  );
  process.exit(1);
}
const fileStorage = createSupabaseFileStorage({
  supabaseUrl: config.supabaseUrl,
  serviceRoleKey: storageKey,
  bucket: config.storageBucket,
});
const deps: AppDeps = {
  db,
  fileStorage,
  payments: stripe ?? unconfiguredPayments(),
  stripe,
  jobs,
  mailer: createSmtpMailer(config.smtpUrl, config.mailFrom),
  verifyAccessToken: withSessionCheck(
    createAccessTokenVerifier({ jwtSecret: config.jwtSecret, jwksUrl: config.jwksUrl }),
    sessions,
  ),
  users,
  logger,
  config,
  ops: { metrics, lifecycle, migrationsDir, metricsToken: config.metricsToken },
};
const services = createServices(deps);
const app = createApp(deps, services);
await services.live.start();
await startWorkers(deps, services);

const server = serve(
  { fetch: app.fetch, port: config.port, hostname: config.bindHost },
  (info: AddressInfo) => {
    console.log(`api listening on http://localhost:${info.port}`);
  },
);

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
      const credentials = config.adminIsLocalDefault
        ? ` (local default password: ${config.adminPassword})`
        : '';
      console.log(`api admin account: ${adminEmail}${credentials}`);
    },
    (error: unknown) => logger.error({ err: error }, 'could not create the first admin'),
  );
}

/** What closing up takes after the deadline: pg-boss failing the jobs left (at least 1 s), the database closing. */
const SHUTDOWN_MARGIN_MS = 5_000;
let stopping = false;
/**
 * Graceful drain: /ready answers 503 at once (the proxy stops sending), answers close their connection, and this
 * process takes no new jobs; push streams end (their clients reconnect to another replica), new connections are
 * refused, requests under way finish, running jobs finish meanwhile, then the database closes.
 * SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS after the signal, whatever is left is cut: open connections closed,
 * running jobs failed (pg-boss retries them elsewhere; a mail is not sent twice, mail/mailer.ts sendMailOnce),
 * and the process exits soon after.
 */
async function shutdown(
  signal: string,
  { delayMs = config.shutdownDelayMs }: { delayMs?: number } = {},
): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'draining');
  lifecycle.draining = true;
  const drainMs = delayMs + config.shutdownTimeoutMs;
  const deadline = Date.now() + drainMs;
  setTimeout(() => {
    logger.warn('drain timed out; exiting');
    process.exit(1);
  }, drainMs + SHUTDOWN_MARGIN_MS).unref();
  const logJobStopFailure = (error: unknown) =>
    logger.error({ err: error }, 'job queue did not stop cleanly');
  // Running jobs finish alongside the HTTP drain; jobs queued meanwhile (requests still send them) wait for
  // another replica.
  const intakeStopped = jobs.stopTakingJobs().catch(logJobStopFailure);
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  for (const hook of lifecycle.onDrain) hook();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // close() ends the connections idle at that moment; one whose request finishes later is kept alive (a
  // proxy's pool) and would hold the drain until the cut.
  const closeIdle = setInterval(() => {
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  }, 100);
  const cut = setTimeout(() => {
    logger.warn('drain cut the connections left');
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  await closed;
  clearInterval(closeIdle);
  clearTimeout(cut);
  await intakeStopped;
  await jobs.stop({ timeoutMs: deadline - Date.now() }).catch(logJobStopFailure);
  try {
    await services.live.stop();
    await db.close();
  } catch (error) {
    logger.error({ err: error }, 'stopping failed');
    process.exit(1);
  }
  logger.info('stopped');
  process.exit(0);
}
startedUp = true;
if (stopSignalDuringStartup) void shutdown(stopSignalDuringStartup, { delayMs: 0 });

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
