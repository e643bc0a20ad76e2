import { AUTH_TEXT } from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { PageSpinner } from '../../remotes/components/page-spinner';
import { RemotePage } from '../../remotes/components/remote-page';
import { DASHBOARD_REMOTES } from '../../../app/route-table';

export const WAKING_UP_MESSAGE = AUTH_TEXT.wakingUp;

/** /dashboard: loads only the admin remote for role ADMIN, otherwise only the client remote. */
export function DashboardPage() {
  const role = useAuthStore((s) => s.role);
  const roleFetchFailed = useAuthStore((s) => s.roleFetchFailed);
  if (!role) return <PageSpinner label={roleFetchFailed ? WAKING_UP_MESSAGE : AUTH_TEXT.loading} />;
  const target = DASHBOARD_REMOTES[role];
  return <RemotePage remote={target.remote} exposed={target.exposed} />;
}
