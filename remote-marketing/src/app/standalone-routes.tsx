import { Route } from '@agency/router';
import LandingPage from '../features/landing/components/landing-page';
import PrivacyPage from '../features/privacy/components/privacy-page';
import TermsPage from '../features/terms/components/terms-page';

/** This remote's pages, for running it standalone (the host mounts the exposed pages itself). */
export function StandaloneRoutes() {
  return (
    <>
      <Route path="/" element={<LandingPage />} />
      <Route path="/terms-of-service" element={<TermsPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
    </>
  );
}
