import type { ReactNode } from 'react';
import { matchPath } from '@agency/router';
import type { RemoteRoute } from '../lib/federation/remote-route';
import routeData from './remote-routes.json';

/**
 * Every route of the product (spec section 2). Remote routes name the remote and the module it exposes;
 * the host's own screens (auth, dashboard switch, 404) are wired in app.tsx.
 *
 * The remote half lives in remote-routes.json, plain data that the tools read too: the host's build
 * publishes what it loads (federation-host.json), `npm run release` refuses a remote that no longer
 * exposes one of these modules, and the contract test fails in CI (web-server/src/remote-contract.mjs).
 */
export interface RemoteRouteEntry extends RemoteRoute {
  path: string;
}

interface RemoteRouteData {
  routes: RemoteRouteEntry[];
  dashboard: Record<'ADMIN' | 'CLIENT', RemoteRoute>;
  diagnostics: { remotes: RemoteRoute['remote'][]; exposed: string };
}

const data = routeData as RemoteRouteData;

export const REMOTE_ROUTES: readonly RemoteRouteEntry[] = data.routes;

/** The dashboard is one route whose remote depends on the role. */
export const DASHBOARD_REMOTES: Readonly<Record<'ADMIN' | 'CLIENT', RemoteRoute>> = data.dashboard;

/** The module /__diagnostics/federation loads from each remote. */
export const DIAGNOSTIC_PROBES: Readonly<RemoteRouteData['diagnostics']> = data.diagnostics;

export const HOST_PATHS = {
  login: '/login',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  accountSecurity: '/account/security',
  federationCheck: '/__diagnostics/federation',
} as const;

/**
 * The host's own chunks (by webpackChunkName) each of its routes needs before it can be shown; the server
 * preloads them with the page, so the route loads in one wave. A remote route needs the federation runtime.
 */
export const HOST_ROUTE_CHUNKS: Readonly<Record<string, string[]>> = {
  [HOST_PATHS.login]: ['login-page'],
  [HOST_PATHS.resetPassword]: ['reset-password-page'],
  // Either portal: the federation runtime, the signed-in user's auth service, the kit's overlays (which
  // dashboard-page.tsx loads with the portal) and the admin's two-factor prompt (app.tsx). The portal's own files, and the shared modules it takes from
  // the host, are preloaded for the role this browser kept (web-server/src/server-render-worker.mjs).
  [HOST_PATHS.dashboard]: ['federation', 'auth-service', 'overlays', 'second-factor-prompt'],
};

/** The remote behind a path, for intent prefetching (the dashboard's remote depends on the role). */
export function remoteForPath(pathname: string, role: 'ADMIN' | 'CLIENT' | null): RemoteRoute | undefined {
  if (pathname === HOST_PATHS.dashboard) return role ? DASHBOARD_REMOTES[role] : undefined;
  return REMOTE_ROUTES.find((route) => matchPath(route.path, pathname));
}

export type RouteElement = (route: RemoteRouteEntry) => ReactNode;
