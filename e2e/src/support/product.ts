import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../../../tools/product/start-product.mjs';
import { freePort } from './free-port';

export interface RunningProduct {
  url: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

const PORT_VARS = [
  'HOST_PORT',
  'MARKETING_PORT',
  'CHECKOUT_PORT',
  'CLIENT_PORTAL_PORT',
  'ADMIN_PORTAL_PORT',
  'API_PORT',
  'LOCAL_AUTH_PORT',
  'LOCAL_STRIPE_PORT',
  'MAILBOX_PORT',
  'SMTP_PORT',
] as const;

/** Starts the whole product on free ports with a fresh data directory; stop() removes everything. */
export async function startTestProduct(options: { services?: boolean } = {}): Promise<RunningProduct> {
  const ports: Record<string, number> = {};
  for (const name of PORT_VARS) ports[name] = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  const logs: string[] = [];
  let product: RunningProduct;
  try {
    product = await startProduct({
      ports,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      services: options.services ?? true,
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
