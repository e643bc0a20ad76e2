import { AUTH_TEXT } from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { PageSpinner } from '../../../components/page-spinner';
import { RemotePage } from '../../../lib/federation/components/remote-page';
import type { RemoteRoute } from '../../../lib/federation/remote-route';

export const WAKING_UP_MESSAGE = AUTH_TEXT.wakingUp;

/** /dashboard: loads only the admin remote for role ADMIN, otherwise only the client remote. */
export function DashboardPage({ remotes }: { remotes: Record<'ADMIN' | 'CLIENT', RemoteRoute> }) {
  const role = useAuthStore((s) => s.role);
  const roleFetchFailed = useAuthStore((s) => s.roleFetchFailed);
  if (!role) return <PageSpinner label={roleFetchFailed ? WAKING_UP_MESSAGE : AUTH_TEXT.loading} />;
  const target = remotes[role];
  return <RemotePage remote={target.remote} exposed={target.exposed} />;
}
