import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct, startServices } from '../../../tools/product/start-product.mjs';
import { freePorts } from '../../../tools/product/free-ports.mjs';
import { onProcessEnd } from '../../../tools/product/on-process-end.mjs';
import { seedMigratedDatabase } from './database-template';
import { recentLines } from './recent-lines';

export interface RunningProduct {
  url: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export interface TestProductOptions {
  services?: boolean;
  /** Remote name -> the build folder to publish at start instead of <remote>/dist. */
  builds?: Record<string, string>;
  /** Extra environment, e.g. PIXEL_ID. */
  env?: Record<string, string>;
}

/** The last lines the products of this journey file wrote (LOG_LEVEL warn): a failing wait prints them. */
const productLines = recentLines(60);
export const recentProductLines = productLines.lines;

/** How often a start that lost one of its ports to another process is tried again on new ones. */
const PORT_RACE_ATTEMPTS = 3;

/**
 * Starts the whole product on free ports with fresh data; stop() stops it and removes that data. The journeys
 * run in several processes, each choosing its ports without the others: when one of them binds a port first
 * (EADDRINUSE), this start is made again on new ports.
 *
 * A product that asks for neither builds nor environment of its own runs beside the web server the journey
 * before it in this process used (run-journeys.ts runs many files per process): only the services and their
 * data are new. Each start of the web server costs about 3 CPU-s (publishing the remotes' builds, a render
 * worker loading the host's server build, the public pages rendered again), and what it holds outlives no
 * journey: it renders public pages only and serves immutable release folders.
 */
export async function startTestProduct(options: TestProductOptions = {}): Promise<RunningProduct> {
  const shareable = !options.builds && !options.env && !sharedWebInUse;
  for (let attempt = 1; ; attempt++) {
    const logs: string[] = [];
    try {
      return await (shareable ? startOnSharedWeb(options, logs) : startOnce(options, logs));
    } catch (error) {
      // A service says so in its log; the web server, started in this process, throws it.
      const lostPort =
        (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ||
        logs.some((line) => line.includes('EADDRINUSE'));
      if (shareable) await dropSharedWeb();
      if (attempt < PORT_RACE_ATTEMPTS && lostPort) continue;
      console.error(logs.join('\n'));
      throw error;
    }
  }
}

/**
 * Every journey product's settings: services log warnings and errors only, and the auth stand-in stores passwords
 * at bcrypt's least cost (its sign-ins cost ~0.2 s of CPU each at GoTrue's). Products beside a kept web server
 * take them from its environment.
 */
const JOURNEY_ENV = { LOG_LEVEL: 'warn', AUTH_BCRYPT_ROUNDS: '4' };

const PRODUCT_OPTIONS = {
  // E2E_API_REPLICAS=2: the same journeys against two API processes on PostgreSQL behind nginx.
  apiReplicas: Number(process.env.E2E_API_REPLICAS ?? 1),
  // A journey's services live for a few hundred requests: optimising PGlite's WebAssembly in the background
  // costs more CPU than it saves in so short a life (the API's CPU in two journeys: 8.5 s → 5.0 s).
  nodeArgs: ['--liftoff-only'],
};

/**
 * Runs `start` on a fresh data directory, which its stop (or the end of this process) removes, as does a failed
 * start. Services on one API start from a copy of the migrated embedded database (replicas share a PostgreSQL
 * server instead).
 */
async function onFreshData<T extends { stop: () => Promise<void> }>(
  services: boolean,
  env: Record<string, string | undefined>,
  start: (dataDir: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  const forget = onProcessEnd(() => rmSync(dir, { recursive: true, force: true }));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    forget();
  };
  try {
    if (services && PRODUCT_OPTIONS.apiReplicas === 1 && !(env.DATABASE_URL ?? process.env.DATABASE_URL))
      seedMigratedDatabase(dir);
    const started = await start(dir);
    return {
      ...started,
      stop: async () => {
        await started.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

function productLog(logs: string[]) {
  return (line: string) => {
    logs.push(line);
    productLines.add(line);
  };
}

function startOnce(options: TestProductOptions, logs: string[]): Promise<RunningProduct> {
  const services = options.services ?? true;
  return onFreshData(services, options.env ?? {}, async (dataDir) =>
    startProduct({
      ...PRODUCT_OPTIONS,
      ports: await freePorts(),
      env: { DATA_DIR: dataDir, ...JOURNEY_ENV, ...options.env },
      services,
      builds: options.builds,
      log: productLog(logs),
    }),
  );
}

/** The web server the shareable products of this process run beside (the services' ports are kept for them). */
let sharedWeb: Promise<RunningProduct> | undefined;
let sharedWebInUse = false;

async function dropSharedWeb(): Promise<void> {
  const web = sharedWeb;
  sharedWeb = undefined;
  await (await web?.catch(() => undefined))?.stop();
}

async function startOnSharedWeb(options: TestProductOptions, logs: string[]): Promise<RunningProduct> {
  sharedWebInUse = true;
  const release = () => void (sharedWebInUse = false);
  try {
    sharedWeb ??= startOnce({ services: false }, logs);
    const web = await sharedWeb;
    const services =
      (options.services ?? true)
        ? await onFreshData(true, {}, (dataDir) =>
            startServices({
              ...PRODUCT_OPTIONS,
              env: { ...web.env, DATA_DIR: dataDir },
              log: productLog(logs),
            }),
          )
        : undefined;
    return {
      url: web.url,
      env: services?.env ?? web.env,
      stop: async () => {
        await services?.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
