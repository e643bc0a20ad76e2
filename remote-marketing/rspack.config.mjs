import { fileURLToPath } from 'node:url';
import { createRspackConfig } from '../tools/federation/create-rspack-config.mjs';
import federation from './module-federation.config.mjs';

export default createRspackConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  federation,
  devPort: Number(process.env.MARKETING_PORT ?? 3001),
  title: 'marketing (standalone)',
});
