import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startStripeService } from '@agency/local-cloud/src/stripe';
import { openDatabase } from '../db/database';
import { TEST_STRIPE_KEYS, type TestApi } from '../test-support/test-api';
import { createStripeClient } from '../features/payments/stripe-client';
import { moneyScenarios, type ScenarioApi } from '../test-support/money-scenarios';

/**
 * The money invariant after a real `kill -9`: for each money operation, the API process is killed with SIGKILL
 * at each of its steps — when Stripe answered a call but before the answer was written down, right after it was
 * written down, and inside the transaction of the state change — then started again on the same database. Its
 * recovery must leave the project, the ledger and Stripe in agreement: the money undone and the state unchanged
 * (compensate), or both done (complete), exactly as money-invariant.test.ts demands after an injected failure.
 * The Stripe stand-in runs in this process, so it outlives every crash, as Stripe does.
 */
jest.setTimeout(120_000);

const API_DIR = path.join(__dirname, '..', '..');
const SUPPORT_DIR = path.join(__dirname, '..', 'test-support');
/**
 * The API process is started again after every kill, so it starts as production's does: compiled once to one
 * module (tools/build/build-service.mjs, npm packages left external). Under tsx each start spent ~1.3 s of CPU
 * compiling and loading modules through its loader hooks, a third of the whole test's CPU.
 */
function buildChild(): { file: string; dir: string; remove: () => void } {
  const cache = path.join(API_DIR, '..', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'agency-crash-child-'));
  execFileSync(
    process.execPath,
    [
      path.join(API_DIR, '..', 'tools', 'build', 'build-service.mjs'),
      'api',
      'src/test-support/crash-child.ts',
      dir,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return {
    file: path.join(dir, 'main.mjs'),
    dir,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

type Reply = { id: number; result?: unknown; error?: string };

/** One API process on the crash database; `exited` says how it ended (SIGKILL for a crash). */
class ApiProcess {
  private nextId = 0;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  readonly exited: Promise<NodeJS.Signals | number | null>;
  readonly url: Promise<string>;

  constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    this.url = new Promise((resolve, reject) => {
      child.on('message', (message: Reply & { ready?: string }) => {
        if (message.ready) return resolve(message.ready);
        this.pending.get(message.id)?.(message);
        this.pending.delete(message.id);
      });
      void this.exited.then((how) => reject(new Error(`the API process ended before it was ready (${how})`)));
    });
    this.url.catch(() => undefined);
  }

  /** Runs a command in the process; rejects when the process dies first (`died`). */
  async request<T>(cmd: string, ...args: unknown[]): Promise<T> {
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve) => this.pending.set(id, resolve));
    this.child.send({ id, cmd, args });
    const outcome = await Promise.race([reply, this.exited.then((how) => ({ id, died: how }))]);
    if ('died' in outcome) throw Object.assign(new Error(`the API process died (${outcome.died})`), outcome);
    if (outcome.error) throw new Error(outcome.error);
    return outcome.result as T;
  }

  async stop(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

let stripeService: Awaited<ReturnType<typeof startStripeService>>;
let database: { pgliteDir?: string; databaseUrl?: string };
let removeDatabase: () => Promise<void>;
let current: ApiProcess;
/**
 * The compiled API process, in a directory the test removes at the end; the processes' temporary files (their
 * Storage stand-in's) go there too, since a killed one cannot remove its own.
 */
let child: ReturnType<typeof buildChild>;

async function startApi(): Promise<ApiProcess> {
  const forked = fork(child.file, [], {
    execArgv: ['--liftoff-only'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      CRASH_STRIPE_URL: stripeService.url,
      CRASH_DATABASE: JSON.stringify(database),
      CRASH_TMPDIR: child.dir,
      CRASH_SUPPORT_DIR: SUPPORT_DIR,
    },
  });
  const api = new ApiProcess(forked);
  stripeService.setWebhookUrl(`${await api.url}/api/stripe-webhook`);
  return api;
}

beforeAll(async () => {
  child = buildChild();
  stripeService = await startStripeService({
    port: 0,
    ...TEST_STRIPE_KEYS,
    allowedOrigins: [],
    // As Stripe, webhooks are retried while the API is down.
    webhookRetryDelaysMs: [500, 1_000, 2_000, 4_000],
  });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `crash_${randomUUID().replace(/-/g, '')}`;
    const admin = await openDatabase({ databaseUrl: serverUrl });
    await admin.exec(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { databaseUrl: url.toString() };
    removeDatabase = async () => {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'agency-crash-db-'));
    database = { pgliteDir: dir };
    removeDatabase = async () => rmSync(dir, { recursive: true, force: true });
  }
  current = await startApi();
});
afterAll(async () => {
  await current?.stop();
  await stripeService?.stop();
  await removeDatabase?.();
  child?.remove();
});

const stripe = () => createStripeClient(TEST_STRIPE_KEYS.secretKey, stripeService.url);
/** The scenarios' view of the API: every read and request goes to the process running now. */
const scenarioApi: ScenarioApi = {
  db: {
    query: (sql: string, params?: unknown[]) => current.request('query', sql, params),
  } as ScenarioApi['db'],
  call: ((...args: Parameters<TestApi['call']>) => current.request('call', ...args)) as TestApi['call'],
  user: ((...args: Parameters<TestApi['user']>) => current.request('user', ...args)) as TestApi['user'],
  get stripe() {
    return stripe();
  },
};
const { SCENARIOS, openOperations, eventually } = moneyScenarios(() => scenarioApi);

const PHASES = ['answered', 'journalled'] as const;

describe('kill -9 of the API at every step of every money operation: the project, the ledger and Stripe agree after the restart', () => {
  for (const scenario of SCENARIOS) {
    const points = [...scenario.steps.flatMap((step) => PHASES.map((phase) => `${step}:${phase}`)), 'commit'];
    describe(scenario.name, () => {
      for (const point of points) {
        it(`killed at ${point} → ${scenario.recovery === 'compensate' ? 'compensated' : 'completed'}`, async () => {
          const { projectId, call } = await scenario.setup();
          await current.request('crashAt', point);

          const died = await call().then(
            (response) => ({ answered: response.status }),
            (error: { died?: unknown }) => ({ died: error.died }),
          );
          expect(died).toEqual({ died: 'SIGKILL' });

          current = await startApi();
          // The killed process's lease runs out (the clock moved on rather than waited for).
          await current.request('leasesRunOut', projectId);
          const open = await eventually(
            () => openOperations(projectId),
            (operations) => operations.length === 0,
            60_000,
          );
          expect(open).toEqual([]);
          // Not the job queue's idle: a job the killed process was running stays taken until pg-boss expires it.
          await stripeService.webhooksIdle();
          await scenario.agree(projectId, scenario.recovery === 'complete');
        });
      }
    });
  }
});
