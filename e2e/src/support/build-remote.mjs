// Builds one remote for a test: `node build-remote.mjs '<options as JSON>'` (see remote-build.ts). Runs in
// a plain Node process: under tsx, the runtime code the federation plugin copies from its own functions
// into remoteEntry.js would carry tsx's __name() helper, undefined in the browser.
import { fileURLToPath, pathToFileURL } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createRspackConfig } from '../../../tools/federation/create-rspack-config.mjs';
import { createSsrConfig } from '../../../tools/federation/create-ssr-config.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const { dir, outputPath, marker, sharedVersions = {} } = JSON.parse(process.argv[2]);

const { default: federation } = await import(
  pathToFileURL(`${root}${dir}/module-federation.config.mjs`).href
);
const config = createRspackConfig({ appDir: `${root}${dir}/`, federation, devPort: 0 })(
  {},
  { mode: 'production' },
);
config.output.path = outputPath;
config.plugins = config.plugins.map((plugin) => {
  if (!(plugin instanceof ModuleFederationPlugin) || Object.keys(sharedVersions).length === 0) return plugin;
  const options = plugin._options;
  const shared = { ...options.shared };
  for (const [name, version] of Object.entries(sharedVersions))
    shared[name] = { ...shared[name], version, requiredVersion: `^${version}` };
  return new ModuleFederationPlugin({ ...options, shared });
});
if (marker)
  config.plugins.push(
    new rspack.BannerPlugin({ banner: marker, raw: true, entryOnly: false, test: /__federation_expose_/ }),
  );

// The server build too, as `npm run build` makes it: the host's server renders the remote's pages from the
// release's ssr/pages.cjs.
const server = createSsrConfig({ appDir: `${root}${dir}/`, federation })({}, { mode: 'production' });
server.output.path = `${outputPath}/ssr`;

for (const build of [config, server]) {
  const compiler = rspack(build);
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result)))),
  );
  if (stats.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true }));
    process.exit(1);
  }
}
