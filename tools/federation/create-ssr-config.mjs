// The server builds: the same app code compiled for Node, so a page can be rendered to HTML with its real
// content and hydrated in the browser (web-server/src/server-render.mjs renders them).
// - The host's server build (dist/.ssr/render-page.cjs, a dot-folder the static server never serves) is the
//   host's whole tree with src/server/render-page.tsx as entry; remote pages come from the remotes' releases.
// - A remote's server build (dist/ssr/pages.cjs, published with every release) holds the exposed pages its
//   module-federation.config.mjs lists under `ssr`, and takes every shared module (React, the shared/
//   facades) from the host's server build at run time, as its browser build takes them from the host's page.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { sharedDependencies } from './shared-deps.mjs';
import { hostSharedModules } from './host-shared-modules.mjs';

const reactRouterProductionBuild = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// Where these builds land (dist/.ssr/render-page.cjs, dist/ssr/pages.cjs) is what the web server reads:
// web-server/src/build-layout.mjs names both.

/**
 * @param {{ appDir: string, federation: { name: string, exposes?: Record<string, string>, ssr?: string[] } }} options
 */
export function createSsrConfig({ appDir, federation }) {
  const isHost = !federation.exposes;
  const virtualEntry = join(appDir, 'node_modules/.federation/ssr-entry.js');
  const serverSharedModules = join(appDir, 'node_modules/.federation/server-shared-modules.js');
  return () => ({
    name: 'ssr',
    context: appDir,
    mode: 'production',
    target: 'node20',
    devtool: false,
    entry: { [isHost ? 'render-page' : 'pages']: isHost ? './src/server/render-page.tsx' : virtualEntry },
    output: {
      path: join(appDir, 'dist', isHost ? '.ssr' : 'ssr'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      // One file: lazy pages and parts are in it, so a render never waits on another file.
      asyncChunks: false,
      // The browser build's asset URLs, so the HTML names the same files.
      publicPath: '/',
      assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
      // The host's .ssr folder also holds what its browser build wrote there (chunk-groups.json).
      clean: !isHost,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'],
      alias: {
        ...(isHost && { '@agency/federation/server-shared-modules$': serverSharedModules }),
        'react-router$': reactRouterProductionBuild,
      },
    },
    // A remote's pages use the host's React and shared packages, never copies of their own.
    externals: isHost ? [] : [sharedExternals()],
    externalsType: 'commonjs',
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: false } },
            },
            env: { targets: 'node 20' },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      new rspack.experiments.VirtualModulesPlugin(
        isHost
          ? { [serverSharedModules]: serverSharedModulesSource() }
          : { [virtualEntry]: remotePagesSource(appDir, federation) },
      ),
      isHost &&
        // Remote pages come from the releases' server builds, through the server's registry. Matched on the
        // import (before resolving), so every importer, the server entry included, gets one module.
        new rspack.NormalModuleReplacementPlugin(
          /[\\/]api[\\/]remote-registry$/,
          join(appDir, 'src/server/server-remote-registry.ts'),
        ),
    ].filter(Boolean),
    experiments: { css: false },
  });
}

/** Every shared module by name, for the remotes' server builds to require (the host's own copies). */
function serverSharedModulesSource() {
  const names = hostSharedModules({ production: true }).map(([name]) => name);
  const imports = names.map((name, index) => `import * as m${index} from '${name}';`);
  const entries = names.map((name, index) => `  '${name}': m${index},`);
  return `${imports.join('\n')}\n\nexport const sharedModules = {\n${entries.join('\n')}\n};\n`;
}

function remotePagesSource(appDir, federation) {
  const pages = federation.ssr ?? [];
  const unknown = pages.filter((page) => !federation.exposes[page]);
  if (unknown.length > 0)
    throw new Error(`ssr names modules ${federation.name} does not expose: ${unknown.join(', ')}`);
  const imports = pages.map(
    (page, index) => `import * as p${index} from '${join(appDir, federation.exposes[page])}';`,
  );
  const entries = pages.map((page, index) => `  '${page}': p${index},`);
  return `${imports.join('\n')}\n\nexport const pages = {\n${entries.join('\n')}\n};\n`;
}

/** Shared modules (React, react/*, the shared/ facades) are required from the host at run time. */
function sharedExternals() {
  const shared = Object.keys(sharedDependencies());
  return ({ request }, callback) => {
    const isShared = shared.some((name) =>
      name.endsWith('/') ? request?.startsWith(name) : request === name,
    );
    if (isShared) return callback(undefined, `commonjs ${request}`);
    return callback();
  };
}

/**
 * An app's build: in production the browser build, then the server build; in development the browser build
 * alone (pages render in the browser).
 * @param {(env: object, argv: { mode?: string }) => object} browser
 * @param {(env: object, argv: object) => object} server
 */
export function withServerBuild(browser, server) {
  return (env, argv) => {
    const client = browser(env, argv);
    if (argv.mode === 'development') return client;
    return [
      { ...client, name: 'browser' },
      { ...server(env, argv), dependencies: ['browser'] },
    ];
  };
}
