import type { ReactNode } from 'react';
import { matchPath } from '@agency/router';
import type { RemoteRoute } from '../lib/federation/remote-route';

/**
 * Every route of the product (spec section 2). Remote routes name the remote and the module it exposes;
 * the host's own screens (auth, dashboard switch, 404) are wired in app.tsx.
 */
export interface RemoteRouteEntry extends RemoteRoute {
  path: string;
}

export const REMOTE_ROUTES: readonly RemoteRouteEntry[] = [
  { path: '/', remote: 'marketing', exposed: './landing-page' },
  { path: '/terms-of-service', remote: 'marketing', exposed: './terms-page' },
  { path: '/purchase/:tierId', remote: 'checkout', exposed: './purchase-page' },
  { path: '/consultation/:tierId', remote: 'checkout', exposed: './consultation-page' },
  { path: '/purchase-success', remote: 'checkout', exposed: './purchase-success-page' },
  { path: '/consultation-success', remote: 'checkout', exposed: './consultation-success-page' },
];

/** The dashboard is one route whose remote depends on the role. */
export const DASHBOARD_REMOTES = {
  ADMIN: { remote: 'admin_portal', exposed: './admin-dashboard' },
  CLIENT: { remote: 'client_portal', exposed: './client-dashboard' },
} as const satisfies Record<string, RemoteRoute>;

export const HOST_PATHS = {
  login: '/login',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  federationCheck: '/__diagnostics/federation',
} as const;

/** The remote behind a path, for intent prefetching (the dashboard's remote depends on the role). */
export function remoteForPath(pathname: string, role: 'ADMIN' | 'CLIENT' | null): RemoteRoute | undefined {
  if (pathname === HOST_PATHS.dashboard) return role ? DASHBOARD_REMOTES[role] : undefined;
  return REMOTE_ROUTES.find((route) => matchPath(route.path, pathname));
}

export type RouteElement = (route: RemoteRouteEntry) => ReactNode;
