import { fileURLToPath } from 'node:url';
import { createRspackConfig } from '../tools/federation/create-rspack-config.mjs';
import { createSsrConfig, withServerBuild } from '../tools/federation/create-ssr-config.mjs';
import federation from './module-federation.config.mjs';

const appDir = fileURLToPath(new URL('.', import.meta.url));

export default withServerBuild(
  createRspackConfig({
    appDir,
    federation,
    devPort: Number(process.env.MARKETING_PORT ?? 3001),
    title: 'marketing (standalone)',
  }),
  createSsrConfig({ appDir, federation }),
);
