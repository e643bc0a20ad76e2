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
    links: { booking: 'https://booking.test', founderProfile: 'https://profile.test', contactEmail: 'hello@consultancy.test' },
  });
}

function WhereAmI() {
  const location = useLocation();
  return <h1>Landed on {location.pathname}</h1>;
}

/** Renders a page on /dashboard inside the real UI provider and a memory router; other paths show where we landed. */
export function renderDashboard(page: ReactElement) {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={page} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}

type Answer = { status?: number; body: unknown };
export type Handler = (init: RequestInit, url: URL) => Answer | Promise<Answer>;

/**
 * A fetch double at the network boundary answering by "METHOD /path" (a trailing * matches a prefix);
 * unknown routes answer 404. Every call is recorded.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler =
      handlers[key] ??
      Object.entries(handlers).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    const { status = 200, body } = handler ? await handler(init, url) : { status: 404, body: { error: 'Route not found' } };
    const text = body === undefined ? '' : JSON.stringify(body);
    // jsdom has no Response; the API client reads ok, status and text().
    return { ok: status >= 200 && status < 300, status, text: async () => text, json: async () => body };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export function callsTo(fetchMock: jest.Mock, key: string): RequestInit[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}` === key)
    .map(([, init]) => init as RequestInit);
}

export function requestBody(fetchMock: jest.Mock, key: string): unknown {
  const [init] = callsTo(fetchMock, key).slice(-1);
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

let seq = 0;
export function aProject(overrides: Partial<Project> = {}): Project {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    title: `Project ${seq}`,
    description: 'A project description',
    tier: 3,
    client_id: 'client-1',
    client_name: 'Ada Lovelace',
    client_email: 'ada@example.test',
    company: 'Engines Ltd',
    cost: null,
    downpayment: null,
    stripe_price_id: null,
    stripe_payment_intent_id: null,
    stripe_customer_id: null,
    monthly_budget_range: '15k-50k',
    timeline: '2-3-months',
    status: 'pending',
    admin_approval_status: 'pending',
    client_approval_status: 'pending',
    overall_status: 'pending',
    is_active: false,
    cancelled: false,
    cancellation_reason: null,
    final_payment_amount: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const ACTIVE = {
  status: 'active',
  admin_approval_status: 'accepted',
  client_approval_status: 'accepted',
  overall_status: 'accepted',
  is_active: true,
} as const satisfies Partial<Project>;

export function aTicket(project: Project, overrides: Partial<Ticket> = {}): Ticket {
  seq += 1;
  return {
    id: `10000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    title: `Ticket ${seq}`,
    description: null,
    project_id: project.id,
    client_id: project.client_id,
    board_type: 'main',
    status: 'not-started',
    assignee: 'Lead Engineer',
    created_at: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}
