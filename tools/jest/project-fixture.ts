import { NEW_PROJECT_STATE, type Project } from '@agency/domain';

/** A project as the API returns it: a new, pending tier 3 request unless overridden. */
export function projectFixture(overrides: Partial<Project> & { id: string }): Project {
  return {
    title: `Project ${overrides.id}`,
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
