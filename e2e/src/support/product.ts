import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../../../tools/product/start-product.mjs';
import { freePorts } from '../../../tools/product/free-ports.mjs';

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

/** Starts the whole product on free ports with a fresh data directory; stop() removes everything. */
export async function startTestProduct(options: TestProductOptions = {}): Promise<RunningProduct> {
  const ports = await freePorts();
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  const logs: string[] = [];
  let product: RunningProduct;
  try {
    product = await startProduct({
      ports,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
      services: options.services ?? true,
      builds: options.builds,
      // E2E_API_REPLICAS=2: the same journeys against two API processes on PostgreSQL behind nginx.
      apiReplicas: Number(process.env.E2E_API_REPLICAS ?? 1),
      log: (line: string) => logs.push(line),
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    console.error(logs.join('\n'));
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
