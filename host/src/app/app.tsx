import { lazy, Suspense, useCallback, useEffect, type ComponentType, type ReactNode } from 'react';
import { useAuthStore } from '@agency/auth';
import { BrowserRouter, Route, Routes } from '@agency/router';
import { UiProvider } from '@agency/ui';
import { RequireAuth } from '../features/auth/components/require-auth';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AppLayout } from '../features/layout/components/app-layout';
import { useHashScroll } from '../features/hash-scroll/hooks/use-hash-scroll';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { useDocumentHead } from '../features/page-head/hooks/use-document-head';
import { RouteAnnouncer } from '../features/route-focus/components/route-announcer';
import { RemotePage } from '../lib/federation/components/remote-page';
import { useIntentPrefetch } from '../lib/federation/hooks/use-intent-prefetch';
import { PageSpinner } from '../components/page-spinner';
import {
  DASHBOARD_REMOTES,
  DIAGNOSTIC_PROBES,
  HOST_PATHS,
  REMOTE_ROUTES,
  remoteForPath,
} from './route-table';

const FederationCheckPage = lazy(() =>
  import('../features/diagnostics/components/federation-check-page').then((m) => ({
    default: m.FederationCheckPage,
  })),
);

// The auth screens (forms, tabs) load on demand: the landing page never pays for them. The chunk names are
// what the server preloads for these routes (route-table.ts, HOST_ROUTE_CHUNKS).
const LoginPage = lazy(() =>
  import(/* webpackChunkName: "login-page" */ '../features/auth/components/login-page').then((m) => ({
    default: m.LoginPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import(
    /* webpackChunkName: "reset-password-page" */ '../features/auth/components/reset-password-page'
  ).then((m) => ({ default: m.ResetPasswordPage })),
);
const AccountSecurityPage = lazy(() =>
  import(
    /* webpackChunkName: "account-security-page" */ '../features/account/components/account-security-page'
  ).then((m) => ({ default: m.AccountSecurityPage })),
);
// Above the admin's dashboard (preloaded with it, route-table.ts): its alert comes with the form controls
// (@agency/ui/forms), which the landing page never loads.
const SecondFactorPrompt = lazy(() =>
  import(
    /* webpackChunkName: "second-factor-prompt" */ '../features/account/components/second-factor-prompt'
  ).then((m) => ({
    default: m.SecondFactorPrompt,
  })),
);
const lazyPage = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

/**
 * What follows navigation without rendering anything: hash scrolling, the document head, prefetching on
 * intent (which depends on the role). Apart from the routes, so a role arriving later does not re-render
 * the page (a page the server rendered may still be hydrating).
 */
function NavigationEffects() {
  const role = useAuthStore((s) => s.role);
  // The page responds from here on (hydrated, or rendered in the browser): browser tests wait for it.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  useHashScroll();
  useDocumentHead();
  useIntentPrefetch(useCallback((pathname: string) => remoteForPath(pathname, role), [role]));
  return null;
}

function AppRoutes() {
  return (
    <AppLayout announcer={<RouteAnnouncer />}>
      <Routes>
        {REMOTE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<RemotePage remote={route.remote} exposed={route.exposed} hydrate={route.hydrate} />}
          />
        ))}
        <Route path={HOST_PATHS.login} element={lazyPage(<LoginPage />)} />
        <Route path={HOST_PATHS.resetPassword} element={lazyPage(<ResetPasswordPage />)} />
        <Route
          path={HOST_PATHS.dashboard}
          element={
            <RequireAuth>
              <Suspense fallback={null}>
                <SecondFactorPrompt />
              </Suspense>
              <DashboardPage remotes={DASHBOARD_REMOTES} />
            </RequireAuth>
          }
        />
        <Route
          path={HOST_PATHS.accountSecurity}
          element={<RequireAuth>{lazyPage(<AccountSecurityPage />)}</RequireAuth>}
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

/**
 * The whole app. In the browser it runs on the address bar (BrowserRouter); the server renders the same tree
 * in a router fixed at the requested URL (src/server/render-page.tsx), and the browser hydrates it.
 */
export function App({ router: Router = BrowserRouter }: { router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <UiProvider>
      <Router>
        <NavigationEffects />
        <AppRoutes />
      </Router>
    </UiProvider>
  );
}
