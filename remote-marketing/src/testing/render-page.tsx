import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { setAppConfig, type AppConfig } from '@agency/app-config';
import { Route, Routes, useLocation } from '@agency/router';
import { MemoryRouter } from '@agency/router/testing';
import { UiProvider } from '@agency/ui';

export const TEST_CONFIG: AppConfig = {
  remotes: {},
  siteUrl: 'http://site.test',
  apiUrl: 'http://api.test',
  supabaseUrl: 'http://auth.test',
  supabaseAnonKey: 'anon',
  stripePublishableKey: 'pk_test',
  links: {
    booking: 'https://booking.test/consultancy',
    founderProfile: 'https://profile.test/founder',
    contactEmail: 'hello@consultancy.test',
  },
};

function CurrentPath() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname}</output>;
}

/** Renders a page as the host does: inside the UI provider and a router, with the runtime config loaded. */
export function renderPage(
  page: ReactElement,
  { path = '/', config = {} }: { path?: string; config?: Partial<AppConfig> } = {},
) {
  setAppConfig({ ...TEST_CONFIG, ...config });
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={page} />
          <Route path="/terms-of-service" element={page} />
          <Route path="/privacy-policy" element={page} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}
