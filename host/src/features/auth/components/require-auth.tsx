import type { ReactNode } from 'react';
import { useAuthStore } from '@agency/auth';
import { Navigate, useLocation } from '@agency/router';
import { PageSpinner } from '../../../components/page-spinner';

/** Route guard: spinner while the session resolves; logged-out visitors go to /login, replacing history. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Loading..." />;
  if (status === 'logged-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
