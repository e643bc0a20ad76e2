import { fileURLToPath } from 'node:url';

const plugin = (file) => fileURLToPath(new URL(`./src/runtime-plugin/${file}`, import.meta.url));

/** The host declares no remotes at build time: it learns them from /app-config.json at run time. */
export default {
  name: 'host',
  runtimePlugins: [plugin('retry.ts'), plugin('error-handling.ts')],
};
