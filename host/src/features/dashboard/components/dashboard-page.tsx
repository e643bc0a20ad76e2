import { AUTH_TEXT } from '@agency/domain';
import { retryRole, useAuthStore } from '@agency/auth';
import { Button } from '@agency/ui';
import { PageSpinner } from '../../../components/page-spinner';
import { RemotePage } from '../../../lib/federation/components/remote-page';
import type { RemoteRoute } from '../../../lib/federation/remote-route';

export const WAKING_UP_MESSAGE = AUTH_TEXT.wakingUp;

/** /dashboard: loads only the admin remote for role ADMIN, otherwise only the client remote. */
export function DashboardPage({ remotes }: { remotes: Record<'ADMIN' | 'CLIENT', RemoteRoute> }) {
  const role = useAuthStore((s) => s.role);
  const roleFetchFailed = useAuthStore((s) => s.roleFetchFailed);
  if (!role) {
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
  const target = remotes[role];
  return <RemotePage remote={target.remote} exposed={target.exposed} />;
}
