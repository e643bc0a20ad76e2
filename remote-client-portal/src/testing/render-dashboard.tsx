import type { ReactElement } from 'react';
import { NEW_PROJECT_STATE, type Project, type Ticket } from '@agency/domain';
import { renderRoute, requestBodies } from '../../../tools/jest/test-utils';

export { TEST_API_URL, setTestAppConfig, mockFetch } from '../../../tools/jest/test-utils';

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
