import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import type Stripe from 'stripe';
import { defaultValidUntil, LOCAL_DEFAULTS, type ProjectState, NEW_PROJECT_STATE } from '@agency/domain';
import { findVisibleProject } from '../project-store/project-repository';
import { SYSTEM_VIEWER } from '../project-store/project-transitions';
import { defaultDraft, latestProposal, writeProposalVersion } from '../project-store/proposal-store';
import { startStripeService, type StripeService } from '@agency/local-cloud/src/stripe';
import { createStorageService } from '@agency/local-cloud/src/storage/storage-service';
import { StorageStore } from '@agency/local-cloud/src/storage/storage-store';
import {
  createSupabaseFileStorage,
  serviceRoleKeyFromSecret,
  StorageUnavailableError,
  type FileStorage,
} from '../features/files/file-storage';
import { createApp } from '../app';
import { createServices, type AppConfig, type AppDeps, type AppServices } from '../app-deps';
import { openDatabase, type Database } from '../db/database';
import { runMigrations } from '../db/migrations';
import { createStripeClient } from '../features/payments/stripe-client';
import {
  createStripePayments,
  type StripePayments,
  type StripePaymentsOptions,
} from '../features/payments/stripe-payments';
import type { MoneyDeps } from '../money/money-operations';
import { createUserDirectory } from '../features/users/user-directory';
import { createAccessTokenVerifier } from '../http/access-token';
import { startJobQueue, type JobQueue } from '../jobs/job-queue';
import { startWorkers } from '../workers';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { createMetrics } from '../ops/metrics';
import type { Lifecycle } from '../ops/ops-routes';
import { openDatabaseCopy, TEST_JOB_QUEUE, TEST_JOBS_SCHEMA } from './database-template';
import { RecordingPayments } from './recording-payments';

const JWT_SECRET = 'test-secret-for-api-tests-0123456789-abcdefghijklmnop';
const WEBHOOK_SECRET = 'whsec_api_tests';
/** The keys a test api's payments use, for a Stripe stand-in started elsewhere (`stripe: { url }`). */
export const TEST_STRIPE_KEYS = {
  secretKey: 'sk_test_api',
  publishableKey: 'pk_test_api',
  webhookSecret: WEBHOOK_SECRET,
} as const;
const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');
const GENEROUS = { windowMs: 60_000, limit: 100_000 };

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A mailer that keeps what it was asked to send; `failing` makes every send throw (counted in `attempts`). */
export class RecordingMailer implements Mailer {
  sent: OutgoingMail[] = [];
  attempts = 0;
  failing = false;
  async send(mail: OutgoingMail): Promise<void> {
    this.attempts++;
    if (this.failing) throw new Error('SMTP is down');
    this.sent.push(mail);
  }
}

export interface TestApiOptions {
  /** A second API process on the database of `api` (PostgreSQL: a connection pool and listener of its own). */
  sameDatabaseAs?: { db: Database; databaseUrl: string | null; jobsSchema: string };
  config?: Partial<Omit<AppConfig, 'rateLimits'>> & { rateLimits?: Partial<AppConfig['rateLimits']> };
  /** Use the real payments module against the local Stripe-compatible service (else a recording fake). */
  stripe?: boolean | { url: string };
  /** A database that outlives this api (crash tests restart the process on it): kept, never dropped. */
  database?: { pgliteDir?: string; databaseUrl?: string };
  moneyFaults?: MoneyDeps['faults'];
}

// Tests read response bodies ad hoc; a loose type keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CallResult = { status: number; body: any; headers: Headers };
type CallOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

/**
 * A real api over HTTP on a free port with a database of its own (in-memory PGlite, or a database on the
 * PostgreSQL server named by TEST_DATABASE_URL; each a copy of one migrated once per run), its job queue and
 * workers. Payments are a recording fake, or
 * with `stripe: true` the real payments module against the local Stripe-compatible service, whose webhooks
 * reach this api. Mail is recorded.
 */
export async function startTestApi(options: TestApiOptions = {}) {
  const shared = options.sameDatabaseAs;
  const { db, schema, dropDatabase, databaseUrl } = shared
    ? shared.databaseUrl
      ? {
          db: await openDatabase({ databaseUrl: shared.databaseUrl }),
          schema: null,
          dropDatabase: async () => undefined,
          databaseUrl: shared.databaseUrl,
        }
      : { db: shared.db, schema: null, dropDatabase: async () => undefined, databaseUrl: null }
    : options.database
      ? {
          db: await openDatabase(options.database),
          schema: null,
          dropDatabase: async () => undefined,
          databaseUrl: options.database.databaseUrl ?? null,
        }
      : await openTestDatabase();
  const jobsSchema = shared?.jobsSchema ?? (schema ? `${schema}_jobs` : TEST_JOBS_SCHEMA);
  await runMigrations(db, MIGRATIONS);
  const mailer = new RecordingMailer();
  const users = createUserDirectory(db);
  await users.start();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const { rateLimits, ...configOverrides } = options.config ?? {};
  const config: AppConfig = {
    publicSiteUrl: LOCAL_DEFAULTS.publicSiteUrl,
    contactInbox: LOCAL_DEFAULTS.contactInbox,
    allowedOrigins: [...LOCAL_DEFAULTS.allowedOrigins],
    trustProxy: false,
    rateLimits: {
      contactForm: GENEROUS,
      consultationRequest: GENEROUS,
      createProject: GENEROUS,
      paymentIntent: GENEROUS,
      paymentIntentPerEmail: GENEROUS,
      purchaseStatus: GENEROUS,
      ...rateLimits,
    },
    maxBodyBytes: 64 * 1024,
    // Longer than any request takes on a busy machine, so no test loses a lease by accident; the tests that
    // need one to run out say so (leasesRunOut) instead of waiting for it.
    moneyOperationLeaseSeconds: 30,
    ...configOverrides,
  };

  let stripeService: (StripeService & { url: string; stop(): Promise<void> }) | undefined;
  let stripe: StripePayments | undefined;
  let stripeSdk: Stripe | undefined;
  /** Fault injection after each journalled Stripe call (see StripePaymentsOptions.afterStripeCall). */
  const hooks: {
    afterStripeCall?: StripePaymentsOptions['afterStripeCall'];
    beforeJournalAnswer?: StripePaymentsOptions['beforeJournalAnswer'];
  } = {};
  if (typeof options.stripe === 'object') {
    stripeSdk = createStripeClient(TEST_STRIPE_KEYS.secretKey, options.stripe.url);
  } else if (options.stripe) {
    stripeService = await startStripeService({
      port: 0,
      secretKey: 'sk_test_api',
      publishableKey: 'pk_test_api',
      webhookSecret: WEBHOOK_SECRET,
      allowedOrigins: [],
      webhookRetryDelaysMs: [50, 100],
    });
    stripeSdk = createStripeClient('sk_test_api', stripeService.url);
  }
  if (stripeSdk) {
    stripe = createStripePayments({
      stripe: stripeSdk,
      db,
      webhookSecret: WEBHOOK_SECRET,
      testClocks: true,
      afterStripeCall: (step) => hooks.afterStripeCall?.(step),
      beforeJournalAnswer: (step) => hooks.beforeJournalAnswer?.(step),
    });
  }
  const payments = new RecordingPayments();
  const storage = await startTestStorage(JWT_SECRET);
  const metrics = createMetrics();
  const lifecycle: Lifecycle = { draining: false, onDrain: [] };
  const jobs: JobQueue = await startJobQueue({
    onJob: (queue, outcome, seconds) => metrics.job(queue, outcome, seconds),
    db,
    logger,
    schema: jobsSchema,
    ...TEST_JOB_QUEUE,
  });
  const deps: AppDeps = {
    db,
    payments: stripe ?? payments,
    stripe,
    jobs,
    mailer,
    verifyAccessToken: createAccessTokenVerifier({ jwtSecret: JWT_SECRET }),
    users,
    logger,
    config,
    moneyFaults: options.moneyFaults,
    fileStorage: storage.fileStorage,
    ops: { metrics, lifecycle, migrationsDir: MIGRATIONS, metricsToken: undefined },
  };
  const services: AppServices = createServices(deps);
  const app = createApp(deps, services);
  await services.live.start();
  await startWorkers(deps, services);
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: s, port: info.port }),
    );
  });
  const url = `http://127.0.0.1:${port}`;
  stripeService?.setWebhookUrl(`${url}/api/stripe-webhook`);

  /** A token signed as the auth service would; `expiresIn: null` leaves out its expiry. */
  const signToken = (
    claims: Record<string, unknown>,
    secret = JWT_SECRET,
    { expiresIn = '1h' }: { expiresIn?: string | null } = {},
  ) => {
    const jwt = new SignJWT({ role: 'authenticated', ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('authenticated')
      .setIssuedAt();
    return (expiresIn === null ? jwt : jwt.setExpirationTime(expiresIn)).sign(
      new TextEncoder().encode(secret),
    );
  };

  /** A new user with a signed access token; ADMIN role when asked. */
  const user = async (name: string, role?: 'ADMIN'): Promise<TestUser> => {
    const id = randomUUID();
    const email = `${name}@example.test`;
    const token = await signToken({ sub: id, email, user_metadata: { full_name: name } });
    if (role) await db.transaction((tx) => users.setRole(tx, { id, email, fullName: name }, role));
    return { id, email, token };
  };
  /**
   * Changes a role in the database behind the API's back, as an operator or another process would, and waits
   * until this api has heard it (on PostgreSQL it keeps roles in memory and hears changes by NOTIFY).
   */
  const changeRoleInDatabase = async (userId: string, role: 'ADMIN' | 'CLIENT'): Promise<void> => {
    const heard = new Promise<void>((resolve) => {
      const stop = users.onCallerChange((changed) => {
        if (changed !== undefined && changed !== userId) return;
        stop();
        resolve();
      });
    });
    await db.query('update user_roles set role = $2 where user_id = $1', [userId, role]);
    await heard;
  };
  const clientA = await user('client-a');
  const clientB = await user('client-b');
  const admin = await user('admin', 'ADMIN');

  async function call(method: string, route: string, callOptions: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    let body: string | undefined = callOptions.rawBody;
    if (callOptions.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(callOptions.body);
    }
    const response = await fetch(`${url}${route}`, { method, headers, ...(body !== undefined && { body }) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** Waits until Stripe's webhooks were delivered and every job they and the requests queued has run. */
  async function settle(): Promise<void> {
    await stripeService?.webhooksIdle();
    await jobs.idle();
    await stripeService?.webhooksIdle();
    await jobs.idle();
  }

  /**
   * Time passing for one project's money, instead of waiting for it: its open money operations' leases have run
   * out and their recovery jobs waiting to start or to be retried are due. A test calls it where a process would
   * wait out a lease or a retry's backoff, once the requests that held the operations have ended.
   */
  async function leasesRunOut(projectId: string): Promise<void> {
    const expired = await db.query<{ id: string }>(
      `update money_operations set lease_until = least(lease_until, now() - interval '1 second')
        where project_id = $1 and status in ('claimed', 'compensating') returning id`,
      [projectId],
    );
    await db.query(
      `update ${jobsSchema}.job set start_after = now()
        where name = 'payments.recover-operation' and state in ('created', 'retry') and start_after > now()
          and data->>'operationId' = any($1::text[])`,
      [expired.map(({ id }) => id)],
    );
  }

  return {
    url,
    db,
    databaseUrl,
    jobsSchema,
    jobs,
    lifecycle,
    services,
    payments,
    stripe: stripeSdk!,
    stripePayments: stripe,
    stripeService: stripeService!,
    hooks,
    mailer,
    clientA,
    clientB,
    admin,
    webhookSecret: WEBHOOK_SECRET,
    storage,
    signToken,
    user,
    call,
    settle,
    leasesRunOut,
    changeRoleInDatabase,
    async close() {
      for (const drain of lifecycle.onDrain) drain();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await jobs.stop();
      await services.live.stop();
      await users.stop();
      await stripeService?.stop();
      await storage.stop();
      // A second process on a shared embedded database leaves it to the first.
      if (!shared || shared.databaseUrl) await db.close();
      await dropDatabase();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/**
 * A migrated database of the caller's own: a copy of the one the run migrated once (database-template.ts), on
 * embedded PGlite or, with TEST_DATABASE_URL, a database of its own on that PostgreSQL server. `schema` is kept
 * for callers that name schemas after it; a database of its own needs none (null).
 */
export async function openTestDatabase(): Promise<{
  db: Database;
  schema: string | null;
  databaseUrl: string | null;
  dropDatabase: () => Promise<void>;
}> {
  return { ...(await openDatabaseCopy()), schema: null };
}

export type FixtureState = 'pending' | 'awaitingClient' | 'active' | 'pendingFinalPayment' | 'completed';

const FIXTURE_STATES: Record<FixtureState, Omit<ProjectState, 'tier'>> = {
  pending: NEW_PROJECT_STATE,
  awaitingClient: { ...NEW_PROJECT_STATE, admin_approval_status: 'accepted' },
  active: {
    ...NEW_PROJECT_STATE,
    status: 'active',
    admin_approval_status: 'accepted',
    client_approval_status: 'accepted',
    overall_status: 'accepted',
    is_active: true,
  },
  pendingFinalPayment: {
    ...NEW_PROJECT_STATE,
    status: 'pending_final_payment',
    admin_approval_status: 'accepted',
    client_approval_status: 'accepted',
    overall_status: 'accepted',
    is_active: true,
  },
  completed: {
    ...NEW_PROJECT_STATE,
    status: 'completed',
    admin_approval_status: 'accepted',
    client_approval_status: 'accepted',
    overall_status: 'accepted',
  },
};

/** Inserts a project straight into the database in the given state, owned by `owner` (profile created). */
export async function insertFixtureProject(
  db: Pick<Database, 'query'>,
  owner: TestUser,
  options: { tier?: number; state?: FixtureState; paymentIntentId?: string } = {},
): Promise<string> {
  const tier = options.tier ?? 3;
  const s = FIXTURE_STATES[options.state ?? 'pending'];
  await db.query(`insert into profiles (id, email) values ($1, $2) on conflict (id) do nothing`, [
    owner.id,
    owner.email,
  ]);
  const fixedPrice = tier === 1 || tier === 2;
  const [row] = await db.query<{ id: string }>(
    `insert into projects (title, description, tier, client_id, client_name, client_email, cost, downpayment,
       stripe_payment_intent_id, status, admin_approval_status, client_approval_status, overall_status, is_active)
     values ($1, 'A fixture project', $2, $3, 'Client Name', $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      `Fixture tier ${tier}`,
      tier,
      owner.id,
      owner.email,
      fixedPrice ? (tier === 1 ? 500 : 1400) : 15000,
      fixedPrice ? (tier === 1 ? 250 : 700) : null,
      options.paymentIntentId ?? (fixedPrice ? `pi_${randomUUID()}` : null),
      s.status,
      s.admin_approval_status,
      s.client_approval_status,
      s.overall_status,
      s.is_active,
    ],
  );
  if (s.admin_approval_status === 'accepted' && s.client_approval_status === 'pending')
    await fixtureProposal(db, row!.id);
  return row!.id;
}

/** Sends the project's proposal as it now stands (a new version): what a fixture awaiting the client shows. */
export async function fixtureProposal(db: Pick<Database, 'query'>, projectId: string) {
  const project = await findVisibleProject(db, projectId, SYSTEM_VIEWER);
  return writeProposalVersion(db, project, defaultDraft(project, defaultValidUntil(new Date())), null);
}

/**
 * The fields of a valid signature of the project's latest proposal, for a client-approve-project body (accept):
 * the box ticked, a typed name, the version and hash the page showed.
 */
export async function signatureOf(
  db: Pick<Database, 'query'>,
  projectId: string,
  signedName = 'Client Name',
) {
  const latest = await latestProposal(db, projectId);
  if (!latest) throw new Error(`No proposal for project ${projectId}`);
  return { proposalVersion: latest.version, proposalHash: latest.hash, agreed: true, signedName };
}

export async function insertFixtureTicket(db: Database, projectId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into tickets (title, project_id, board_type) values ('Fixture ticket', $1, 'main') returning id`,
    [projectId],
  );
  return row!.id;
}

/**
 * The Storage stand-in (local-cloud) over HTTP on a free port with a directory of its own, and the API's real
 * Supabase storage client on it. `failing` makes the named calls of the API's storage fail as an unreachable
 * Storage would (for the nothing-half-written tests); `clock` moves the stand-in's time (signed URL expiry).
 */
export async function startTestStorage(jwtSecret: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-storage-'));
  const clock = { offsetMs: 0 };
  const app = createStorageService({
    store: new StorageStore(dir),
    jwtSecret,
    allowedOrigins: [...LOCAL_DEFAULTS.allowedOrigins],
    logger: pino({ level: 'silent' }),
    now: () => Date.now() + clock.offsetMs,
  });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: s, port: info.port }),
    );
  });
  const url = `http://127.0.0.1:${port}`;
  const serviceRoleKey = await serviceRoleKeyFromSecret(jwtSecret);
  const real = createSupabaseFileStorage({ supabaseUrl: url, serviceRoleKey, bucket: 'project-files' });
  const failing = new Set<keyof FileStorage>();
  const guard =
    <K extends keyof FileStorage>(name: K) =>
    (...args: Parameters<FileStorage[K]>) => {
      if (failing.has(name)) throw new StorageUnavailableError(`Storage could not ${name}: injected`);
      return (real[name] as (...a: Parameters<FileStorage[K]>) => ReturnType<FileStorage[K]>)(...args);
    };
  const fileStorage: FileStorage = {
    createUploadUrl: guard('createUploadUrl'),
    info: guard('info'),
    signDownload: guard('signDownload'),
    remove: guard('remove'),
  };
  return {
    url,
    dir,
    serviceRoleKey,
    fileStorage,
    /** The API's storage client without injected faults (to look at what is stored). */
    real,
    failing,
    clock,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Uploads a file to a project through the API as `uploader` would from the browser (announce, PUT the bytes to
 * the signed upload URL, complete) and returns the finished file's id.
 */
export async function uploadFixtureFile(
  api: Pick<TestApi, 'call'>,
  uploader: TestUser,
  projectId: string,
  file: { name?: string; content?: string } = {},
): Promise<string> {
  const name = file.name ?? 'brief.pdf';
  const content = file.content ?? '%PDF-1.4 fixture';
  const announced = await api.call('POST', `/api/projects/${projectId}/files`, {
    token: uploader.token,
    body: { name, size: Buffer.byteLength(content) },
  });
  if (announced.status !== 201) throw new Error(`announce failed: ${JSON.stringify(announced.body)}`);
  const put = await fetch(announced.body.upload.url, {
    method: 'PUT',
    headers: { 'content-type': announced.body.upload.contentType },
    body: content,
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  const id: string = announced.body.file.id;
  const completed = await api.call('POST', `/api/files/${id}/complete`, { token: uploader.token });
  if (completed.status !== 200) throw new Error(`complete failed: ${JSON.stringify(completed.body)}`);
  return id;
}
