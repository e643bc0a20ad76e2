/**
 * The host declares no remotes at build time: it learns them from /app-config.json at run time. It builds
 * without the Module Federation plugin and provides the shared singletons through the federation runtime
 * (src/lib/federation/api/init-federation.ts).
 */
export default {
  name: 'host',
  // What the host loads from each remote (its routes, the dashboard's role switch, the diagnostics probe).
  // The host's build publishes it with what it provides as /federation-host.json; releases are checked against it.
  routes: './src/app/remote-routes.json',
  // Shared modules provided from the start-up chunk, because the landing page needs every one of them. The
  // others (form controls, the API client, payments) are provided on demand from chunks of their own.
  eager: [
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    '@agency/app-config',
    '@agency/auth',
    '@agency/router',
    '@agency/tracking',
    '@agency/ui',
  ],
};
