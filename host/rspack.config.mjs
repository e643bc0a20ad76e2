import { fileURLToPath } from 'node:url';
import { createRspackConfig } from '../tools/federation/create-rspack-config.mjs';
import { createSsrConfig, withServerBuild } from '../tools/federation/create-ssr-config.mjs';
import federation from './module-federation.config.mjs';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// The page's fallback title and description, for a page served without the server's head (`npm run dev`);
// the server writes each page's own (src/features/page-head).
export default withServerBuild(
  createRspackConfig({
    appDir,
    federation,
    devPort: Number(process.env.HOST_PORT ?? 3000),
    title: 'Ideas into digital solutions | Software consultancy',
    description: 'A small software consultancy turning ideas into digital solutions.',
  }),
  createSsrConfig({ appDir, federation }),
);
