import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { setAppConfig } from '@agency/app-config';
import type { Project, Ticket } from '@agency/domain';
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

/** Renders the page on /dashboard inside the real UI provider and a memory router; other paths show where we landed. */
export function renderAt(page: ReactElement, path = '/dashboard') {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={page} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}

type Reply = { status?: number; body: unknown };
type Handler = (init: RequestInit, url: URL) => Reply | Promise<Reply>;

/** A fetch double answering by "METHOD path" (a trailing * matches a prefix); every call is recorded. */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler =
      handlers[key] ?? Object.entries(handlers).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    const { status = 200, body } = handler ? await handler(init, url) : { status: 404, body: { error: 'Route not found' } };
    const text = body === undefined ? '' : JSON.stringify(body);
    // jsdom has no Response; the API client reads ok, status and text().
    return { ok: status >= 200 && status < 300, status, text: async () => text, json: async () => body };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export function requestsTo(fetchMock: jest.Mock, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}` === key)
    .map(([, init]) => ((init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined));
}

export function requestBody(fetchMock: jest.Mock, key: string): unknown {
  return requestsTo(fetchMock, key)[0];
}

let nextId = 1;

/** A project as the API returns it; pending and new unless overridden. */
export function aProject(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? `p${nextId++}`;
  return {
    id,
    title: `Project ${id}`,
    description: 'A project description',
    tier: 3,
    client_id: 'u1',
    client_name: 'Ada Lovelace',
    client_email: 'ada@example.test',
    company: null,
    cost: null,
    downpayment: null,
    stripe_price_id: null,
    stripe_payment_intent_id: null,
    stripe_customer_id: null,
    monthly_budget_range: null,
    timeline: null,
    status: 'pending',
    admin_approval_status: 'pending',
    client_approval_status: 'pending',
    overall_status: 'pending',
    is_active: false,
    cancelled: false,
    cancellation_reason: null,
    final_payment_amount: null,
    created_at: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export const awaitingApproval = (overrides: Partial<Project> = {}) =>
  aProject({ admin_approval_status: 'accepted', ...overrides });

export const activeProject = (overrides: Partial<Project> = {}) =>
  aProject({
    status: 'active',
    admin_approval_status: 'accepted',
    client_approval_status: 'accepted',
    overall_status: 'accepted',
    is_active: true,
    ...overrides,
  });

export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: `t${nextId++}`,
    title: 'A ticket',
    description: null,
    project_id: 'p1',
    client_id: 'u1',
    board_type: 'main',
    status: 'not-started',
    assignee: null,
    created_at: '2026-01-16T10:00:00.000Z',
    ...overrides,
  };
}
