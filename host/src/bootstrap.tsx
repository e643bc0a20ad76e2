import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppConfig } from '@agency/app-config';
import { startAuth } from '@agency/auth';
import { App } from './app/app';
import routeData from './app/remote-routes.json';
import { initFederation } from './lib/federation/api/init-federation';
import { registerRemoteLocations } from './lib/federation/api/remote-registry';

async function start() {
  initFederation(routeData);
  const config = await loadAppConfig();
  registerRemoteLocations(config.remotes);
  // Resolves a persisted session (or an auth link in the address) before the first render decides anything.
  startAuth();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  document.getElementById('root')!.textContent =
    'The site could not start. Please check your connection and reload the page.';
});
