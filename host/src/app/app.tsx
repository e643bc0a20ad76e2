import { lazy, Suspense, useCallback } from 'react';
import { useAuthStore } from '@agency/auth';
import { BrowserRouter, Route, Routes } from '@agency/router';
import { UiProvider } from '@agency/ui';
import { LoginPage } from '../features/auth/components/login-page';
import { RequireAuth } from '../features/auth/components/require-auth';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AppLayout } from '../features/layout/components/app-layout';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { RemotePage } from '../features/remotes/components/remote-page';
import { useIntentPrefetch } from '../features/remotes/hooks/use-intent-prefetch';
import { PageSpinner } from '../features/remotes/components/page-spinner';
import { HOST_PATHS, REMOTE_ROUTES, remoteForPath } from './route-table';

const FederationCheckPage = lazy(() =>
  import('../features/diagnostics/components/federation-check-page').then((m) => ({ default: m.FederationCheckPage })),
);

function AppRoutes() {
  const role = useAuthStore((s) => s.role);
  useIntentPrefetch(useCallback((pathname: string) => remoteForPath(pathname, role), [role]));
  return (
    <AppLayout>
      <Routes>
        {REMOTE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<RemotePage remote={route.remote} exposed={route.exposed} />}
          />
        ))}
        <Route path={HOST_PATHS.login} element={<LoginPage />} />
        <Route path={HOST_PATHS.resetPassword} element={<ResetPasswordPage />} />
        <Route
          path={HOST_PATHS.dashboard}
          element={
            <RequireAuth>
              <DashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path={HOST_PATHS.federationCheck}
          element={
            <Suspense fallback={<PageSpinner />}>
              <FederationCheckPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}

export function App() {
  return (
    <UiProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </UiProvider>
  );
}
