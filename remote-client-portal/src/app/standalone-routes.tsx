import { Route } from '@agency/router';
import ClientDashboard from './client-dashboard';

/** This remote's pages, for running it standalone (the host mounts the exposed pages itself). */
export function StandaloneRoutes() {
  return (
    <>
      <Route path="/dashboard" element={<ClientDashboard />} />
    </>
  );
}
