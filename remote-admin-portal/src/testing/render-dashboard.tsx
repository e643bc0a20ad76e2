import { Suspense, type ReactElement } from 'react';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { act, configure } from '@testing-library/react';
import {
  NEW_PROJECT_STATE,
  type ActivityEntry,
  type AppNotification,
  type InboxItem,
  type Project,
  type Ticket,
} from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { configureAuth, createFakeAuth, fakeSession, resetAuth } from '@agency/auth/testing';
import { toaster } from '@agency/ui';
import { renderRoute, requestBodies, setTestAppConfig } from '../../../tools/jest/test-utils';
import { createPortalClient, PortalProvider, type QueryClient } from '@agency/portal';

export {
  TEST_API_URL,
  setTestAppConfig,
  mockFetch,
  callsTo,
  type FetchHandler as Handler,
} from '../../../tools/jest/test-utils';
export {
  fakePortalApi,
  fakeProposal,
  type FakePortalApi,
  type PortalHandler,
} from '../../../tools/jest/fake-portal-api';

// The machine running the tests is shared: waits get room, while nothing here measures time.
configure({ asyncUtilTimeout: 4000 });

/** Renders a page on /dashboard; other paths show where we landed. */
export const renderDashboard = (page: ReactElement) => renderRoute('/dashboard', page);

/** The last JSON body sent to "METHOD /path". */
export function requestBody(fetchMock: jest.Mock, key: string): unknown {
  return requestBodies(fetchMock, key).at(-1);
}

/**
 * The admin signed in, with a session whose token the API client and the live channel send (the auth service
 * is the fake from @agency/auth/testing).
 */
export function signedInAsAdmin() {
  beforeEach(() => {
    setTestAppConfig();
    const fake = createFakeAuth({
      initialSession: fakeSession({
        id: 'admin-1',
        email: 'admin@consultancy.test',
        fullName: 'Site Admin',
        token: 'admin-token',
      }),
    });
    configureAuth({
      createAuth: async () => fake.asClient,
      requestRole: async () => 'ADMIN',
      siteUrl: () => 'http://site.test',
    });
    useAuthStore.setState({
      status: 'logged-in',
      user: { id: 'admin-1', email: 'admin@consultancy.test', fullName: 'Site Admin' },
      role: 'ADMIN',
      roleLoading: false,
      roleFetchFailed: false,
    });
  });
  afterEach(() => {
    act(() => toaster.remove());
    resetAuth();
  });
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
    ...NEW_PROJECT_STATE,
    final_payment_amount: null,
    // Later fixtures are newer, so the newest-first lists show them in creation order reversed.
    created_at: new Date(Date.UTC(2026, 10, 1) + seq * 60_000).toISOString(),
    subscription_status: null,
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

export const REFUSED = {
  status: 'refused',
  admin_approval_status: 'refused',
  overall_status: 'refused',
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
    created_at: new Date(Date.UTC(2026, 10, 2) + seq * 60_000).toISOString(),
    ...overrides,
  };
}

export function anEvent(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  seq += 1;
  return {
    id: seq,
    action: 'created',
    actorRole: 'CLIENT',
    actorName: 'Ada Lovelace',
    from: null,
    to: 'pending',
    at: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}

export function aNotification(project: Project, overrides: Partial<AppNotification> = {}): AppNotification {
  seq += 1;
  return {
    notificationId: String(seq),
    id: seq,
    projectId: project.id,
    projectTitle: project.title,
    action: 'client_accept',
    actorRole: 'CLIENT',
    actorName: 'Ada Lovelace',
    from: 'pending',
    to: 'active',
    at: '2026-11-04T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

export function anInboxItem(overrides: Partial<InboxItem> = {}): InboxItem {
  seq += 1;
  return {
    id: `20000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    kind: 'contact',
    name: 'Grace Hopper',
    email: 'grace@example.test',
    company: null,
    message: 'We would like a new website for our bakery.',
    at: '2026-11-05T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

/** Renders one part of the dashboard inside what the dashboard gives it: the cache, drag and drop, the overlays. */
export function renderInPortal(ui: ReactElement, client: QueryClient = createPortalClient()) {
  const view = renderDashboard(
    <PortalProvider client={client} live>
      <DndProvider backend={HTML5Backend}>
        <Suspense fallback={null}>{ui}</Suspense>
      </DndProvider>
    </PortalProvider>,
  );
  return { ...view, client };
}
