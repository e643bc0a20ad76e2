import { Suspense, type ReactElement } from 'react';
import { configure } from '@testing-library/react';
import type { Project, Ticket } from '@agency/domain';
import { projectFixture } from '../../../tools/jest/project-fixture';
import { renderRoute, requestBodies } from '../../../tools/jest/test-utils';
import { createPortalClient, PortalProvider, type QueryClient } from '@agency/portal';

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

/**
 * The views of the project lists read from `from` on that had been read before it: a list read again. The
 * other tabs' first pages are read once, while idle, whenever the machine gets to it; those are first reads.
 */
export function listsReadAgain(fetchMock: jest.Mock, from: number): (string | null)[] {
  const viewsRead = (calls: unknown[][]) =>
    calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname === '/api/projects')
      .map((u) => u.searchParams.get('view'));
  const readBefore = new Set(viewsRead(fetchMock.mock.calls.slice(0, from)));
  return viewsRead(fetchMock.mock.calls.slice(from)).filter((view) => readBefore.has(view));
}

let nextId = 1;

/** A project as the API returns it; pending and new unless overridden. */
export function aProject(overrides: Partial<Project> = {}): Project {
  return projectFixture({ ...overrides, id: overrides.id ?? `p${nextId++}` });
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

/** Renders one part of the dashboard inside what the dashboard gives it: the cache, the live channel, the overlays. */
export function renderInPortal(ui: ReactElement, client: QueryClient = createPortalClient()) {
  const view = renderAt(
    <PortalProvider client={client} live>
      <Suspense fallback={null}>{ui}</Suspense>
    </PortalProvider>,
  );
  return { ...view, client };
}
