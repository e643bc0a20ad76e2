// The same host and landing built as ONE non-federated bundle, for the bench's federation-cost ratio:
// remote pages are imported directly (code-split by dynamic import) instead of through Module Federation.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import rspack from '@rspack/core';
import { createRspackConfig } from '../../federation/create-rspack-config.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..', '..');
const REMOTES = {
  marketing: 'remote-marketing',
  checkout: 'remote-checkout',
  client_portal: 'remote-client-portal',
  admin_portal: 'remote-admin-portal',
};

async function writeRegistry() {
  const entries = [];
  for (const [name, dir] of Object.entries(REMOTES)) {
    const { default: federation } = await import(
      pathToFileURL(join(root, dir, 'module-federation.config.mjs')).href
    );
    for (const [exposed, file] of Object.entries(federation.exposes)) {
      const target = join(root, dir, file).replace(/\\/g, '/');
      entries.push(`  '${name}/${exposed}': () => import(${JSON.stringify(target)}),`);
    }
  }
  const template = readFileSync(join(here, 'monolith-registry.template.ts'), 'utf8');
  const out = join(here, '.generated');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'remote-registry.ts'), template.replace('/* PAGES */', entries.join('\n')));
  return out;
}

export default async (env, argv) => {
  const generated = await writeRegistry();
  const base = createRspackConfig({
    appDir: join(root, 'host'),
    federation: { name: 'monolith' },
    devPort: 3999,
    federated: false,
  })(env, argv);
  return {
    ...base,
    output: { ...base.output, path: join(here, 'dist'), uniqueName: 'monolith' },
    resolve: {
      ...base.resolve,
      alias: {
        ...base.resolve.alias,
        '@module-federation/runtime': join(here, 'federation-runtime.stub.ts'),
      },
    },
    plugins: [
      ...base.plugins,
      new rspack.NormalModuleReplacementPlugin(
        /lib[\\/]federation[\\/]api[\\/]remote-registry/,
        join(generated, 'remote-registry.ts'),
      ),
      new rspack.NormalModuleReplacementPlugin(
        /lib[\\/]federation[\\/]api[\\/]init-federation/,
        join(here, 'init-federation.stub.ts'),
      ),
    ],
  };
};
