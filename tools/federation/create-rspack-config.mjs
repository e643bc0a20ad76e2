// One Rspack + Module Federation configuration for every app; each app's rspack.config.mjs passes its
// module-federation.config.mjs and its dev port. A remote (it has `exposes`) is built with the Module
// Federation plugin; the host, a pure consumer, uses the federation runtime directly and gets its share
// list as a generated module (host-shared-modules.mjs).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { sharedDependencies } from './shared-deps.mjs';
import { federationRuntimeAliases } from './runtime-aliases.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { hostSharedModulesSource } from './host-shared-modules.mjs';
import { HostContractPlugin } from './host-contract.mjs';
import { RequestContractPlugin } from './api-requests.mjs';
import { ChunkGroupsPlugin, SHARED_MODULES_FILE } from './chunk-groups-plugin.mjs';
import { CompileHintsPlugin } from './compile-hints-plugin.mjs';
import { FontFilesPlugin, fontFaces } from './font-faces.mjs';
import { BrandFilesPlugin, iconLinks } from './brand-files.mjs';
import { appConfigFrom, resolveLocalEnv } from '../../web-server/src/local-env.mjs';

const remoteContract = fileURLToPath(new URL('../../web-server/src/remote-contract.mjs', import.meta.url));
const reactRefreshHook = fileURLToPath(new URL('./react-refresh-hook.js', import.meta.url));
const reactRouterProductionBuild = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * @param {{
 *   appDir: string,
 *   federation: { name: string, exposes?: Record<string,string>, eager?: string[] },
 *   devPort: number,
 *   title?: string,
 *   description?: string,
 *   federated?: boolean,
 * }} options `federated: false` builds the app without federation (the bench's monolith).
 */
export function createRspackConfig({
  appDir,
  federation,
  devPort,
  title = 'Agency',
  description = '',
  federated = true,
}) {
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const isHost = !federation.exposes;
    // A remote's production build is loaded only by the host, which provides the federation runtime and
    // every shared module: it carries neither, nor a page of its own. Its development build runs standalone.
    const hostedOnly = federated && !isHost && production;
    // Written by the build, never to disk: the host's share list (see host-shared-modules.mjs).
    const hostSharedModulesFile = join(appDir, SHARED_MODULES_FILE);
    // React Fast Refresh in `npm run dev`: an edited component is swapped in place and keeps its state.
    const fastRefresh = !production;
    const fonts = fontFaces('/');
    // The host's own files beside the app (favicons, social card, robots rules), copied as they are.
    const publicDir = join(appDir, 'public');
    return {
      context: appDir,
      mode: production ? 'production' : 'development',
      // Production maps are hidden: written beside the bundles for an error tracker, referenced by none of
      // them, and never served (the static server refuses *.map; releases keep them outside the served folder).
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      entry: hostedOnly
        ? {}
        : { main: fastRefresh && isHost ? [reactRefreshHook, './src/index.ts'] : './src/index.ts' },
      output: {
        path: join(appDir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: federation.name,
        filename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        chunkFilename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'],
        alias: {
          ...federationRuntimeAliases(),
          ...(federated &&
            isHost && {
              '@agency/federation/shared-modules$': hostSharedModulesFile,
              '@agency/federation/remote-contract$': remoteContract,
            }),
          // react-router's package exports always name its development build (warnings, invariants);
          // production bundles take the production build it ships beside it.
          ...(production && { 'react-router$': reactRouterProductionBuild }),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: { runtime: 'automatic', development: !production, refresh: fastRefresh },
                },
              },
              env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15.4, edge >= 100' },
            },
            type: 'javascript/auto',
          },
          { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource' },
        ],
      },
      optimization: { minimize: production },
      performance: { hints: false },
      plugins: [
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        }),
        !hostedOnly &&
          new rspack.HtmlRspackPlugin({
            template: join(dirname(new URL(import.meta.url).pathname), 'index.html'),
            templateParameters: {
              title,
              description,
              headExtra: [fonts.css, ...(isHost ? iconLinks() : [])].join(''),
            },
            scriptLoading: 'defer',
            // Kept as written: the host's server fills the page's head and HTML at its comment markers.
            minify: false,
            // Chunks resolve their own URL ('auto'), but the standalone page's own tags must not be relative
            // to a deep link such as /purchase/1.
            publicPath: '/',
          }),
        !hostedOnly && new FontFilesPlugin(fonts.files),
        isHost && existsSync(publicDir) && new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir }] }),
        isHost && new BrandFilesPlugin(),
        ...(federated ? (isHost ? hostFederationPlugins() : [remoteFederationPlugin()]) : []),
        // What the release may send to the API, checked against the running API by `npm run release`.
        hostedOnly && new RequestContractPlugin(),
        // Namespaced by output.uniqueName, so the host's and each remote's refresh runtimes coexist on one page.
        fastRefresh && new ReactRefreshRspackPlugin(),
        production && new PrecompressPlugin(),
      ].filter(Boolean),
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The app fetches /app-config.json like in production: `npm run dev` passes the configuration it
        // computed; a remote started alone (`npm run dev` in its folder) gets the local defaults.
        setupMiddlewares: (middlewares) => {
          let appConfig = process.env.AGENCY_APP_CONFIG;
          middlewares.unshift({
            name: 'app-config',
            path: '/app-config.json',
            middleware: async (_req, res) => {
              appConfig ??= JSON.stringify(appConfigFrom(await resolveLocalEnv()));
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(appConfig);
            },
          });
          return middlewares;
        },
      },
      // Lazy compilation proxies the async boundary (import('./bootstrap')), which Module Federation needs
      // to negotiate shared modules first; with it on, a dev page stayed blank.
      lazyCompilation: false,
      experiments: { css: false },
    };

    function remoteFederationPlugin() {
      return new ModuleFederationPlugin({
        name: federation.name,
        filename: 'remoteEntry.js',
        exposes: federation.exposes,
        remotes: {},
        // Hosted builds take every shared module from the host (no fallback copy of their own).
        shared: hostedOnly ? withoutFallbacks(sharedDependencies()) : sharedDependencies(),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // Remotes never load other remotes, so they ship without the remote-loading and snapshot code of
        // the runtime. Hosted builds also borrow the host's runtime (published by the host's
        // inject-external-runtime-core plugin) instead of shipping their own.
        experiments: {
          ...(hostedOnly && { externalRuntime: true }),
          optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
        },
      });
    }

    function withoutFallbacks(shared) {
      return Object.fromEntries(
        Object.entries(shared).map(([name, config]) => [name, { ...config, import: false }]),
      );
    }

    function hostFederationPlugins() {
      return [
        new rspack.experiments.VirtualModulesPlugin({
          [hostSharedModulesFile]: hostSharedModulesSource({ production, eager: federation.eager ?? [] }),
        }),
        new HostContractPlugin({ production }),
        // What the server preloads per route: the start-up chunks behind the async boundary and each page's.
        new ChunkGroupsPlugin({ startup: 'bootstrap' }),
        // React, react-dom, the router, the kit and the federation runtime run at every page's start. Hinting
        // a page's own chunks or a remote's measured no better in traces of the public pages' loads.
        production && new CompileHintsPlugin(['bootstrap', 'federation']),
        // What the Module Federation plugin would define for a pure consumer: the runtime keeps remote
        // loading, sharing and manifest snapshots (remotes are found by mf-manifest.json), for browsers only.
        new rspack.DefinePlugin({
          ENV_TARGET: JSON.stringify('web'),
          FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: false,
          FEDERATION_OPTIMIZE_NO_REMOTE: false,
          FEDERATION_OPTIMIZE_NO_SHARED: false,
          FEDERATION_HAS_EXPOSES: false,
        }),
      ];
    }
  };
}
