import { Suspense, type ReactElement } from 'react';
import { configure } from '@testing-library/react';
import { NEW_PROJECT_STATE, type Project, type Ticket } from '@agency/domain';
import { renderRoute, requestBodies } from '../../../tools/jest/test-utils';
import { PortalStoreProvider, useLiveUpdates, createPortalStore, type PortalStore } from '@agency/portal';

export { TEST_API_URL, setTestAppConfig, mockFetch } from '../../../tools/jest/test-utils';
export { fakePortalApi, type FakePortalApi, type PortalHandler } from '../../../tools/jest/fake-portal-api';

// The machine running the tests is shared: waits get room, while nothing here measures time.
configure({ asyncUtilTimeout: 4000 });

/** Renders the page on /dashboard (or `path`); other paths show where we landed. */
export const renderAt = (page: ReactElement, path = '/dashboard') => renderRoute('/dashboard', page, path);

export const requestsTo = requestBodies;

export function requestBody(fetchMock: jest.Mock, key: string): unknown {
  return requestBodies(fetchMock, key)[0];
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
    ...NEW_PROJECT_STATE,
    final_payment_amount: null,
    created_at: '2026-01-15T10:00:00.000Z',
    subscription_status: null,
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

export const completedProject = (overrides: Partial<Project> = {}) =>
  activeProject({ status: 'completed', is_active: false, ...overrides });

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
    // Later tickets are newer (the server pages newest first; a column reads oldest first).
    created_at: new Date(Date.UTC(2026, 0, 16) + nextId * 60_000).toISOString(),
    ...overrides,
  };
}

/** Renders one part of the dashboard inside what the dashboard gives it: the store, the live channel, the overlays. */
export function renderInPortal(ui: ReactElement, store: PortalStore = createPortalStore()) {
  const view = renderAt(
    <PortalStoreProvider store={store}>
      <FollowLive store={store} />
      <Suspense fallback={null}>{ui}</Suspense>
    </PortalStoreProvider>,
  );
  return { ...view, store };
}

function FollowLive({ store }: { store: PortalStore }) {
  useLiveUpdates(store);
  return null;
}
