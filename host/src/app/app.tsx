import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useAuthStore } from '@agency/auth';
import { BrowserRouter, Route, Routes } from '@agency/router';
import { UiProvider } from '@agency/ui';
import { RequireAuth } from '../features/auth/components/require-auth';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AppLayout } from '../features/layout/components/app-layout';
import { useHashScroll } from '../features/hash-scroll/hooks/use-hash-scroll';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { RemotePage } from '../lib/federation/components/remote-page';
import { useIntentPrefetch } from '../lib/federation/hooks/use-intent-prefetch';
import { PageSpinner } from '../components/page-spinner';
import { DASHBOARD_REMOTES, DIAGNOSTIC_PROBES, HOST_PATHS, REMOTE_ROUTES, remoteForPath } from './route-table';

const FederationCheckPage = lazy(() =>
  import('../features/diagnostics/components/federation-check-page').then((m) => ({ default: m.FederationCheckPage })),
);

// The auth screens (formik, Tabs, Dialog) load on demand: the landing page never pays for them.
const LoginPage = lazy(() => import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const lazyPage = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

function AppRoutes() {
  const role = useAuthStore((s) => s.role);
  useHashScroll();
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
        <Route path={HOST_PATHS.login} element={lazyPage(<LoginPage />)} />
        <Route path={HOST_PATHS.resetPassword} element={lazyPage(<ResetPasswordPage />)} />
        <Route
          path={HOST_PATHS.dashboard}
          element={
            <RequireAuth>
              <DashboardPage remotes={DASHBOARD_REMOTES} />
            </RequireAuth>
          }
        />
        <Route
          path={HOST_PATHS.federationCheck}
          element={
            <Suspense fallback={<PageSpinner />}>
              <FederationCheckPage probes={DIAGNOSTIC_PROBES} />
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
