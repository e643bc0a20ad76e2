import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppConfig } from '@agency/app-config';
import { BrowserRouter, Routes } from '@agency/router';
import { UiProvider } from '@agency/ui';
import { StandaloneRoutes } from './app/standalone-routes';

// Standalone mode for the team that owns this remote: the same providers the host gives it.
async function start() {
  await loadAppConfig();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <UiProvider>
        <BrowserRouter>
          <Routes>{StandaloneRoutes()}</Routes>
        </BrowserRouter>
      </UiProvider>
    </StrictMode>,
  );
}

void start();
