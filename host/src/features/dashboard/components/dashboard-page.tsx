import { useEffect } from 'react';
import { AUTH_TEXT } from '@agency/domain';
import { needRole, retryRole, useAuthStore } from '@agency/auth';
import { Button, loadOverlays } from '@agency/ui';
import { PageSpinner } from '../../../components/page-spinner';
import { prefetchRemote } from '../../../lib/federation/api/remote-registry';
import { RemotePage, useRemotePageReady } from '../../../lib/federation/components/remote-page';
import type { RemoteRoute } from '../../../lib/federation/remote-route';

export const WAKING_UP_MESSAGE = AUTH_TEXT.wakingUp;

/**
 * Starts what the dashboard waits for: the kit's overlays (both portals build their dashboards from them), the
 * role, asked again now rather than when the browser is idle, and meanwhile the page of the role this user had
 * last time (only code, which the API's checks make harmless if the role changed). The app calls it at start-up
 * when it opens on the dashboard, so all of it is on its way while the app renders; the page calls it too.
 */
export function prepareDashboard(remotes: Record<'ADMIN' | 'CLIENT', RemoteRoute>): void {
  void loadOverlays();
  if (useAuthStore.getState().role) return;
  const hint = needRole();
  if (hint) prefetchRemote(remotes[hint].remote, remotes[hint].exposed);
}

/** /dashboard: loads only the admin remote for role ADMIN, otherwise only the client remote. */
export function DashboardPage({ remotes }: { remotes: Record<'ADMIN' | 'CLIENT', RemoteRoute> }) {
  const role = useAuthStore((s) => s.role);
  const roleFetchFailed = useAuthStore((s) => s.roleFetchFailed);
  const hasRole = role !== null;
  const target = role ? remotes[role] : null;
  const pageReady = useRemotePageReady(target);
  useEffect(() => prepareDashboard(remotes), [hasRole, remotes]);
  if (!target) {
    // Every attempt to read the role failed (the API was asleep or down): say so, and offer to ask again.
    return roleFetchFailed ? (
      <PageSpinner label={WAKING_UP_MESSAGE}>
        <Button variant="outline" size="sm" onClick={() => void retryRole()}>
          {AUTH_TEXT.tryAgain}
        </Button>
      </PageSpinner>
    ) : (
      <PageSpinner label={AUTH_TEXT.loading} />
    );
  }
  // The portal is drawn once its code is here, in one pass (see useRemotePageReady).
  if (!pageReady) return <PageSpinner />;
  return <RemotePage remote={target.remote} exposed={target.exposed} />;
}
