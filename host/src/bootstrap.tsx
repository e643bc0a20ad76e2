import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadAppConfig, readInlineAppConfig } from '@agency/app-config';
import { startAuth } from '@agency/auth';
import { App } from './app/app';
import { DASHBOARD_REMOTES, HOST_PATHS } from './app/route-table';
import { prepareDashboard } from './features/dashboard/components/dashboard-page';
import routeData from './app/remote-routes.json';
import { registerRemoteLocations, startFederationOnDemand } from './lib/federation/api/remote-registry';

async function start() {
  startFederationOnDemand(routeData);
  // The server writes the current configuration into the page; `npm run dev` serves it as a file.
  const config = readInlineAppConfig() ?? (await loadAppConfig());
  registerRemoteLocations(config.remotes);
  // Shows a kept session at once (or logs the visitor out) before the first render decides anything.
  startAuth();
  // The dashboard waits for the role and its portal: both are asked for now, while the app renders.
  if (window.location.pathname === HOST_PATHS.dashboard) prepareDashboard(DASHBOARD_REMOTES);
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The server rendered the page: React takes over its HTML instead of drawing it again. As a transition,
  // hydration yields to the browser every few milliseconds instead of holding the main thread for all of it.
  // React does not replay a click that reaches a part it cannot hydrate at once (it drops it): the page's head
  // script holds such clicks and submits and gives them to their control once it is hydrated
  // (lib/dom/early-input.ts). The header, the page and the footer are Suspense boundaries of their own
  // (app-layout.tsx), so React hydrates first the one the visitor reaches for.
  if (root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          // Pages the server leaves to the browser (see server/render-page.tsx) are no surprise.
          if ((error as { digest?: string }).digest !== 'client-rendered')
            console.warn('[hydration] part of the page was rendered again in the browser', error);
        },
      });
    });
  } else {
    createRoot(root).render(app);
  }
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root')!;
  // A page the server rendered stays readable; an empty one says what happened.
  if (!root.firstElementChild)
    root.textContent = 'The site could not start. Please check your connection and reload the page.';
});
