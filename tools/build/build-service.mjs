// Compiles a Node service (the API, the offline stand-ins) to one JavaScript module for production, with
// Rspack (already the build tool of the apps): its own code and the workspace's shared packages are bundled,
// npm packages stay external and load from node_modules as they are. `node dist/main.mjs` then runs with no
// TypeScript tooling.
//
//   node tools/build/build-service.mjs api          → api/dist/main.mjs
//   node tools/build/build-service.mjs local-cloud  → local-cloud/dist/main.mjs
//   node tools/build/build-service.mjs api src/x.ts <dir>  → <dir>/main.mjs: another entry of the service (the
//                                                          crash test's API process), built the same way
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** A bare import of an npm package (not ours): left for Node to load at run time. */
const isExternal = (request) =>
  !request.startsWith('.') &&
  !request.startsWith('/') &&
  !request.startsWith('@agency/') &&
  !/^[A-Za-z]:/.test(request);

/**
 * `outputPath` must sit inside the repository: the npm packages left external are found from the output's folder.
 */
export function serviceConfig(
  service,
  { entry = './src/main.ts', outputPath = join(ROOT, service, 'dist') } = {},
) {
  const dir = join(ROOT, service);
  return {
    mode: 'production',
    context: dir,
    target: 'node20',
    entry: { main: entry },
    output: {
      path: outputPath,
      filename: '[name].mjs',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    experiments: { outputModule: true },
    externalsType: 'module-import',
    externals: [
      ({ request }, callback) =>
        request && (BUILTINS.has(request) || isExternal(request)) ? callback(undefined, request) : callback(),
    ],
    resolve: {
      extensions: ['.ts', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.js'] },
    },
    module: {
      // import.meta.url and new URL(..., import.meta.url) stay as they are: they name files beside the service at run time.
      parser: { javascript: { importMeta: false, url: false } },
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
      ],
    },
    node: { __dirname: false, __filename: false },
    // Readable stack traces in production logs; the code is a server's, not shipped to browsers.
    optimization: { minimize: false },
    devtool: 'source-map',
    performance: { hints: false },
  };
}

export function buildService(service, options) {
  return new Promise((resolve, reject) => {
    rspack(serviceConfig(service, options), (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [service, entry, outputPath] = process.argv.slice(2);
  if (!service) {
    console.error('usage: node tools/build/build-service.mjs <api|local-cloud> [<entry> <output folder>]');
    process.exit(2);
  }
  buildService(service, entry ? { entry: `./${entry}`, outputPath } : undefined).then(
    () => console.log(`${outputPath ?? `${service}/dist`}/main.mjs built`),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
