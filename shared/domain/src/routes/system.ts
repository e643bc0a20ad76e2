import type { RequestContract, RouteEntry } from '../route';

/** The API about itself: its request contract, and browsers' reports of remote loads. */
export const SYSTEM_ROUTES = {
  /** What this API accepts in each request: the release tools check a remote against it. */
  requestContract: {
    method: 'GET',
    path: '/api/contract',
    access: 'public',
    projectScoped: false,
    feature: 'core',
    response: {} as { requests: RequestContract },
  },
  /** A browser's report of one remote load (issue 37): anonymous, sampled and rate-limited by the host. */
  reportRemoteHealth: {
    method: 'POST',
    path: '/api/remote-health',
    access: 'public',
    projectScoped: false,
    feature: 'core',
    body: 'remoteHealthReportSchema',
    response: {} as { ok: true },
  },
} as const satisfies Record<string, RouteEntry>;
