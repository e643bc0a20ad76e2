// One Rspack + Module Federation configuration for every app; each app's rspack.config.mjs passes its
// module-federation.config.mjs (name, exposes, runtime plugins) and its dev port.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedDependencies } from './shared-deps.mjs';
import { federationRuntimeAliases } from './runtime-aliases.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { appConfigFrom, resolveLocalEnv } from '../product/local-env.mjs';

const reactRouterProductionBuild = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * @param {{
 *   appDir: string,
 *   federation: { name: string, exposes?: Record<string,string>, runtimePlugins?: string[] },
 *   devPort: number,
 *   title?: string,
 * }} options
 */
export function createRspackConfig({ appDir, federation, devPort, title = 'Agency' }) {
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const isHost = !federation.exposes;
    return {
      context: appDir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      entry: { main: './src/index.ts' },
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
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
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
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
        new rspack.HtmlRspackPlugin({
          template: join(dirname(new URL(import.meta.url).pathname), 'index.html'),
          templateParameters: { title },
          scriptLoading: 'defer',
          // Chunks resolve their own URL ('auto'), but the standalone page's own tags must not be relative
          // to a deep link such as /purchase/1.
          publicPath: '/',
        }),
        new ModuleFederationPlugin({
          name: federation.name,
          filename: 'remoteEntry.js',
          exposes: federation.exposes,
          remotes: {},
          shared: sharedDependencies(),
          shareStrategy: 'loaded-first',
          runtimePlugins: federation.runtimePlugins ?? [],
          manifest: true,
          dts: false,
          // Remotes never load other remotes, so they ship without the remote-loading and snapshot
          // code of the runtime; the host keeps it (it discovers remotes through their manifests).
          // In production builds the remotes also borrow the host's runtime instead of shipping their own;
          // a remote's standalone dev server (development mode) keeps its own so it runs on its own.
          experiments: {
            ...(production && (isHost ? { provideExternalRuntime: true } : { externalRuntime: true })),
            optimization: isHost
              ? { target: 'web' }
              : { target: 'web', disableRemote: true, disableSnapshot: true },
          },
        }),
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
  };
}
