import type { ReactElement } from 'react';
import { NEW_PROJECT_STATE, type Project, type Ticket } from '@agency/domain';
import { renderRoute, requestBodies } from '../../../tools/jest/test-utils';

export { TEST_API_URL, setTestAppConfig, mockFetch, callsTo, type FetchHandler as Handler } from '../../../tools/jest/test-utils';

/** Renders a page on /dashboard; other paths show where we landed. */
export const renderDashboard = (page: ReactElement) => renderRoute('/dashboard', page);

/** The last JSON body sent to "METHOD /path". */
export function requestBody(fetchMock: jest.Mock, key: string): unknown {
  return requestBodies(fetchMock, key).at(-1);
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
    created_at: '2026-11-01T10:00:00.000Z',
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
