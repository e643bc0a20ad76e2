// Test helpers every app shares: the runtime config, a page rendered inside the real UI provider and a
// memory router, and a fetch double at the network boundary.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { setAppConfig, type AppConfig } from '@agency/app-config';
import { Route, Routes, useLocation } from '@agency/router';
import { MemoryRouter } from '@agency/router/testing';
import { UiProvider } from '@agency/ui';

export const TEST_APP_CONFIG: AppConfig = {
  remotes: {},
  siteUrl: 'http://site.test',
  apiUrl: 'http://api.test',
  supabaseUrl: 'http://auth.test',
  supabaseAnonKey: 'anon',
  stripePublishableKey: 'pk_test_local',
  stripeJsUrl: 'http://stripe.test/v3/',
  links: {
    booking: 'https://booking.test',
    founderProfile: 'https://profile.test',
    contactEmail: 'hello@consultancy.test',
  },
};

export const TEST_API_URL = TEST_APP_CONFIG.apiUrl;

export function setTestAppConfig(overrides: Partial<AppConfig> = {}): void {
  setAppConfig({ ...TEST_APP_CONFIG, ...overrides });
}

function WhereAmI() {
  const location = useLocation();
  return <h1>Landed on {location.pathname}</h1>;
}

/** Renders one page at `path` (matching `routePath`); navigating elsewhere shows 'Landed on <path>'. */
export function renderRoute(routePath: string, page: ReactElement, path: string = routePath) {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={page} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}

type Reply = { status?: number; body: unknown };
export type FetchHandler = (init: RequestInit, url: URL) => Reply | Promise<Reply>;

/**
 * A fetch double answering by "METHOD /path" (a trailing * matches a prefix); unknown routes answer 404.
 * Every call is recorded.
 */
export function mockFetch(handlers: Record<string, FetchHandler>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler =
      handlers[key] ??
      Object.entries(handlers).find(
        ([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)),
      )?.[1];
    const { status = 200, body } = handler
      ? await handler(init, url)
      : { status: 404, body: { error: 'Route not found' } };
    const text = body === undefined ? '' : JSON.stringify(body);
    // jsdom has no Response; the code under test reads ok, status, json() and text().
    return { ok: status >= 200 && status < 300, status, text: async () => text, json: async () => body };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The requests made to "METHOD /path", in order. */
export function callsTo(fetchMock: jest.Mock, key: string): RequestInit[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}` === key,
    )
    .map(([, init]) => init as RequestInit);
}

/** The JSON bodies sent to "METHOD /path", in order. */
export function requestBodies(fetchMock: jest.Mock, key: string): unknown[] {
  return callsTo(fetchMock, key).map((init) => (init.body ? JSON.parse(String(init.body)) : undefined));
}
