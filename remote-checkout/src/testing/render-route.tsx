import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { setAppConfig } from '@agency/app-config';
import { MemoryRouter, Route, Routes, useLocation } from '@agency/router';
import { UiProvider } from '@agency/ui';

export const TEST_API_URL = 'http://api.test';

export function setTestAppConfig() {
  setAppConfig({
    remotes: {},
    apiUrl: TEST_API_URL,
    supabaseUrl: 'http://auth.test',
    supabaseAnonKey: 'anon',
    stripePublishableKey: 'pk_test_local',
    stripeJsUrl: 'http://stripe.test/v3/',
    links: { booking: 'https://booking.test', founderProfile: 'https://profile.test', contactEmail: 'hello@consultancy.test' },
  });
}

function WhereAmI() {
  const location = useLocation();
  return <h1>Landed on {location.pathname}</h1>;
}

/** Renders one page at `path` inside the real UI provider and a memory router; other paths show where we landed. */
export function renderRoute(routePath: string, page: ReactElement, path: string) {
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

/** A fetch double answering by "METHOD path"; every call is recorded. */
export function mockFetch(handlers: Record<string, (init: RequestInit) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key] ?? Object.entries(handlers).find(([pattern]) => key.startsWith(pattern.replace(/\*$/, '')) && pattern.endsWith('*'))?.[1];
    const { status = 200, body } = handler ? await handler(init) : { status: 404, body: { error: 'Route not found' } };
    // jsdom has no Response; the code under test reads only ok, status, json() and text().
    return { ok: status >= 200 && status < 300, status, json: async () => body, text: async () => JSON.stringify(body) };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export function requestBody(fetchMock: jest.Mock, key: string): unknown {
  const call = fetchMock.mock.calls.find(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}` === key);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
}
