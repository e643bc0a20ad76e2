import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAppConfig, type AppConfig } from '@agency/app-config';
import { useAuthStore, type AuthState } from '@agency/auth';
import { configureAuth, createFakeAuth, resetAuth } from '@agency/auth/testing';
import { Route, Routes, useLocation } from '@agency/router';
import { MemoryRouter } from '@agency/router/testing';
import { toaster, UiProvider } from '@agency/ui';

export const TEST_CONFIG: AppConfig = {
  remotes: {},
  siteUrl: 'http://site.test',
  apiUrl: 'http://api.test',
  supabaseUrl: 'http://auth.test',
  supabaseAnonKey: 'anon',
  stripePublishableKey: 'pk_test',
  links: {
    booking: 'https://booking.test',
    founderProfile: 'https://profile.test',
    contactEmail: 'hello@consultancy.test',
  },
};

function CurrentLocation() {
  const location = useLocation();
  return (
    <div hidden data-testid="current-location">
      {location.pathname + location.hash}
    </div>
  );
}

export const currentLocation = (screen: { getByTestId: (id: string) => HTMLElement }) =>
  screen.getByTestId('current-location').textContent;

/**
 * Renders host screens as the app does: UI provider, a memory router, the runtime config, and the shared auth
 * store talking to a fake supabase-js client (the auth boundary) and a fake role API.
 */
export function renderHost(
  routes: ReactElement,
  {
    path = '/',
    entries,
    auth: state,
    role = 'CLIENT',
    timers = false,
    config,
  }: {
    path?: string;
    entries?: string[];
    auth?: Partial<AuthState>;
    role?: 'ADMIN' | 'CLIENT';
    timers?: boolean;
    config?: Partial<AppConfig>;
  } = {},
) {
  setAppConfig({ ...TEST_CONFIG, ...config });
  // The toast queue is a module singleton (max 4 visible): start every test with an empty one.
  toaster.remove();
  resetAuth();
  const fake = createFakeAuth();
  configureAuth({
    createAuth: async () => fake.asClient,
    requestRole: async () => role,
    siteUrl: () => 'http://site.test',
  });
  useAuthStore.setState({ status: 'logged-out', ...state });
  const user = userEvent.setup(timers ? { advanceTimers: jest.advanceTimersByTime } : {});
  const utils = render(
    <UiProvider>
      <MemoryRouter initialEntries={entries ?? [path]} initialIndex={entries ? entries.length - 1 : 0}>
        {routes}
        <CurrentLocation />
      </MemoryRouter>
    </UiProvider>,
  );
  return { ...utils, ...fake, user };
}

export { Route, Routes };
