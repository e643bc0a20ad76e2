import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppConfig } from '@agency/app-config';
import { App } from './app/app';
import { registerRemoteLocations } from './features/remotes/api/remote-registry';

async function start() {
  const config = await loadAppConfig();
  registerRemoteLocations(config.remotes);
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
