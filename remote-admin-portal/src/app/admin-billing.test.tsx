import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentHistoryEntry, Project, ProjectPaymentsResponse } from '@agency/domain';
import { loadOverlays } from '@agency/ui';
import {
  ACTIVE,
  aProject,
  callsTo,
  fakePortalApi,
  renderDashboard,
  signedInAsAdmin,
} from '../testing/render-dashboard';
import AdminDashboard from './admin-dashboard';

// What the admin sees of billing: a failed renewal on the project (badge, picker) and any project's payment
// history from GET /api/projects/:id/payments.

const entry = (overrides: Partial<PaymentHistoryEntry>): PaymentHistoryEntry => ({
  id: 'pay-1',
  kind: 'subscription',
  status: 'succeeded',
  amount: 25000,
  at: '2026-11-23T12:00:00.000Z',
  cardLast4: '4242',
  failureMessage: null,
  ...overrides,
});

function server(projects: Project[], payments: Record<string, () => { status?: number; body: unknown }>) {
  return fakePortalApi(
    { projects, revenue: 50000 },
    {
      'GET /api/projects/*/payments': (_init, url) => {
        const id = url.pathname.split('/')[3]!;
        return payments[id]?.() ?? { status: 404, body: { error: 'Project not found' } };
      },
    },
  ).fetchMock;
}

const card = (name: string) => screen.getByRole('article', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }));
}

beforeAll(() => loadOverlays());
signedInAsAdmin();

const failed = aProject({
  ...ACTIVE,
  id: 'p-failed',
  title: 'CTO retainer',
  tier: 4,
  cost: 25000,
  subscription_status: 'past_due',
  created_at: '2026-11-02T10:00:00.000Z',
});
const healthy = aProject({
  ...ACTIVE,
  id: 'p-ok',
  title: 'Senior help',
  tier: 3,
  cost: 15000,
  subscription_status: 'active',
  created_at: '2026-11-01T10:00:00.000Z',
});
const failedHistory: ProjectPaymentsResponse = {
  payments: [
    entry({
      id: 'i2',
      status: 'failed',
      at: '2026-12-23T13:00:00.000Z',
      cardLast4: '0341',
      failureMessage: 'Your card was declined.',
    }),
    entry({ id: 'i1' }),
  ],
  balanceDue: 25000,
  subscription: { status: 'past_due', monthlyCost: 25000, currentPeriodEnd: '2027-01-23T12:00:00.000Z' },
};

describe('A failed renewal, as the admin sees it', () => {
  it('badges the project and names it in the project picker; a healthy subscription has neither', async () => {
    server([failed, healthy], {});
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    const summary = await screen.findByRole('article', { name: 'CTO retainer' });
    expect(within(summary).getByText('Active')).toBeInTheDocument();
    expect(within(summary).getByText('Payment failed')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Select a project' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'CTO retainer · Ada Lovelace · Nov 2, 2026 (payment failed)',
      'Senior help · Ada Lovelace · Nov 1, 2026',
    ]);
    await user.selectOptions(picker, 'p-ok');
    expect(within(card('Senior help')).queryByText('Payment failed')).not.toBeInTheDocument();
  });

  it("Payments shows the history with the failed invoice and the bank's reason, and the balance due", async () => {
    const fetchMock = server([failed], { 'p-failed': () => ({ body: failedHistory }) });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    expect(callsTo(fetchMock, 'GET /api/projects/p-failed/payments')).toHaveLength(0);
    await user.click(
      within(await screen.findByRole('article', { name: 'CTO retainer' })).getByRole('button', {
        name: 'Payments',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payments: CTO retainer' });
    const table = await within(dialog).findByRole('table', { name: 'Payments for CTO retainer' });
    expect(rowsOf(table)).toEqual([
      [
        'Dec 23, 2026',
        'Monthly subscription',
        '$25,000',
        "FailedBank's reason: Your card was declined.",
        'ending in •••• 0341',
      ],
      ['Nov 23, 2026', 'Monthly subscription', '$25,000', 'Paid', 'ending in •••• 4242'],
    ]);
    expect(within(dialog).getByText('Balance due').closest('dl')).toHaveTextContent(
      'Balance due$25,000SubscriptionPayment failedMonthly fee$25,000Current period endsJan 23, 2027',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Payment history (admin)', () => {
  it('a fixed-price project in Pending Final Payment: deposit and refund, and the rest still due', async () => {
    const project = aProject({
      ...ACTIVE,
      id: 'p-basic',
      title: 'Bakery site',
      tier: 1,
      cost: 500,
      status: 'pending_final_payment',
    });
    server([project], {
      'p-basic': () => ({
        body: {
          payments: [
            entry({
              id: 'r1',
              kind: 'refund',
              status: 'refunded',
              amount: 50,
              at: '2026-11-20T09:00:00.000Z',
              cardLast4: null,
            }),
            entry({ id: 'd1', kind: 'deposit', amount: 250, at: '2026-11-01T10:00:00.000Z' }),
          ],
          balanceDue: 300,
          subscription: null,
        },
      }),
    });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Pending Final Payment');
    await user.click(
      within(await screen.findByRole('article', { name: 'Bakery site' })).getByRole('button', {
        name: 'Payments',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payments: Bakery site' });
    expect(rowsOf(await within(dialog).findByRole('table'))).toEqual([
      ['Nov 20, 2026', 'Refund', '-$50', 'Refunded', 'None'],
      ['Nov 1, 2026', '50% deposit', '$250', 'Paid', 'ending in •••• 4242'],
    ]);
    expect(within(dialog).getByText('Balance due').closest('dl')).toHaveTextContent('Balance due$300');
  });

  it('an error with a retry, then no payments yet', async () => {
    let fail = true;
    server([healthy], {
      'p-ok': () =>
        fail
          ? { status: 500, body: { error: 'boom' } }
          : { body: { payments: [], balanceDue: 0, subscription: null } },
    });
    const user = userEvent.setup();
    renderDashboard(<AdminDashboard />);
    await openTab(user, 'Active Projects');
    await user.click(
      within(await screen.findByRole('article', { name: 'Senior help' })).getByRole('button', {
        name: 'Payments',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payments: Senior help' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("We couldn't load the payments.");
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No payments yet.')).toBeInTheDocument();
  });

  it('a subscription request that never started has no Payments button', async () => {
    server([aProject({ id: 'p-new', title: 'New request', tier: 4 })], {});
    renderDashboard(<AdminDashboard />);
    const summary = await screen.findByRole('article', { name: 'New request' });
    expect(within(summary).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: 'Payments' })).not.toBeInTheDocument();
  });
});
