// Standalone mode of a remote, for the team that owns it: the providers and start-up the host would give
// its pages (runtime config, auth, UI, router), around the remote's own route list.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppConfig } from '@agency/app-config';
import { startAuth } from '@agency/auth';
import { BrowserRouter, Routes } from '@agency/router';
import { UiProvider } from '@agency/ui';

export async function startStandalone(routes: ReactNode): Promise<void> {
  await loadAppConfig();
  startAuth();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <UiProvider>
        <BrowserRouter>
          <Routes>{routes}</Routes>
        </BrowserRouter>
      </UiProvider>
    </StrictMode>,
  );
}
