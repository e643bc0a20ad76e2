import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../../../tools/product/start-product.mjs';
import { freePorts } from '../../../tools/product/free-ports.mjs';
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
 * Starts the whole product on free ports with a fresh data directory; stop() removes everything. The journeys
 * run in several processes, each choosing its ports without the others: when one of them binds a port first
 * (EADDRINUSE), this start is made again on new ports.
 */
export async function startTestProduct(options: TestProductOptions = {}): Promise<RunningProduct> {
  for (let attempt = 1; ; attempt++) {
    const logs: string[] = [];
    try {
      return await startOnce(options, logs);
    } catch (error) {
      // A service says so in its log; the web server, started in this process, throws it.
      const lostPort =
        (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ||
        logs.some((line) => line.includes('EADDRINUSE'));
      if (attempt < PORT_RACE_ATTEMPTS && lostPort) continue;
      console.error(logs.join('\n'));
      throw error;
    }
  }
}

async function startOnce(options: TestProductOptions, logs: string[]): Promise<RunningProduct> {
  const ports = await freePorts();
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  const apiReplicas = Number(process.env.E2E_API_REPLICAS ?? 1);
  let product: Awaited<ReturnType<typeof startProduct>>;
  try {
    // One API on the embedded database starts from a migrated copy (replicas share a PostgreSQL server).
    if (apiReplicas === 1 && !(options.env?.DATABASE_URL ?? process.env.DATABASE_URL))
      seedMigratedDatabase(dataDir);
    product = await startProduct({
      ports,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
      services: options.services ?? true,
      builds: options.builds,
      // E2E_API_REPLICAS=2: the same journeys against two API processes on PostgreSQL behind nginx.
      apiReplicas,
      // A journey's services live for a few hundred requests: optimising PGlite's WebAssembly in the background
      // costs more CPU than it saves in so short a life (the API's CPU in two journeys: 8.5 s → 5.0 s).
      nodeArgs: ['--liftoff-only'],
      log: (line: string) => {
        logs.push(line);
        productLines.add(line);
      },
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: product.url,
    env: product.env,
    stop: async () => {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
