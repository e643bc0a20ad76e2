import { fileURLToPath } from 'node:url';
import { createRspackConfig } from '../tools/federation/create-rspack-config.mjs';
import { createSsrConfig, withServerBuild } from '../tools/federation/create-ssr-config.mjs';
import federation from './module-federation.config.mjs';

const appDir = fileURLToPath(new URL('.', import.meta.url));

export default withServerBuild(
  createRspackConfig({
    appDir,
    federation,
    devPort: Number(process.env.CHECKOUT_PORT ?? 3002),
    title: 'checkout (standalone)',
  }),
  createSsrConfig({ appDir, federation }),
);
