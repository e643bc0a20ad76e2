import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@agency/auth';
import type { PaymentHistoryEntry, Project, ProjectPaymentsResponse } from '@agency/domain';
import { toaster } from '@agency/ui';
import {
  activeProject,
  aProject,
  fakePortalApi,
  listsReadAgain,
  renderAt,
  requestsTo,
  setTestAppConfig,
  type PortalHandler,
} from '../testing/render-dashboard';
import { stubLayout } from '../testing/layout-stub';
import ClientDashboard from './client-dashboard';

// Payment history, balance due and a failed monthly renewal on the client dashboard. The card field is faked
// at the payments boundary (a button that reports a complete card); the API is a fetch double.
const mockCreatePaymentMethod = jest.fn();
jest.mock('@agency/payments', () =>
  require('../../../tools/jest/fake-payments').fakePayments(() => ({
    confirmCardPayment: jest.fn(),
    createPaymentMethod: mockCreatePaymentMethod,
  })),
);
jest.mock('@agency/auth', () => ({
  ...jest.requireActual('@agency/auth'),
  getAccessToken: async () => 'user-token',
}));

stubLayout();

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

const subscriptionProject = (overrides: Partial<Project> = {}) =>
  activeProject({
    id: 'p4',
    title: 'CTO retainer',
    tier: 4,
    cost: 25000,
    subscription_status: 'active',
    ...overrides,
  });

function api(projects: Project[], extra: Record<string, PortalHandler> = {}) {
  return fakePortalApi({ projects }, extra).fetchMock;
}

async function renderDashboard(tab?: string) {
  const user = userEvent.setup();
  renderAt(<ClientDashboard />);
  await screen.findByRole('tab', { name: /^Pending Projects/ });
  if (tab) await user.click(screen.getByRole('tab', { name: new RegExp(`^${tab}`) }));
  await screen.findAllByRole('article');
  return user;
}

const card = (title: string) => screen.getByRole('article', { name: title });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  setTestAppConfig();
  mockCreatePaymentMethod.mockReset();
  useAuthStore.setState({
    status: 'logged-in',
    user: { id: 'u1', email: 'ada@example.test', fullName: 'Ada Lovelace' },
    role: 'CLIENT',
    roleLoading: false,
    roleFetchFailed: false,
  });
});
afterEach(() => act(() => toaster.remove()));

describe('Payment history', () => {
  it('loads on demand: a loading state, then date, type, amount, status and card of each payment and the balance due', async () => {
    let answer: (reply: { body: ProjectPaymentsResponse }) => void = () => {};
    const fetchMock = api([aProject({ id: 'p1', title: 'Bakery site', tier: 1, cost: 500 })], {
      'GET /api/projects/p1/payments': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = await renderDashboard();
    expect(requestsTo(fetchMock, 'GET /api/projects/p1/payments')).toHaveLength(0);

    await user.click(within(card('Bakery site')).getByRole('button', { name: 'Payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments: Bakery site' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Loading payments...');

    act(() =>
      answer({
        body: {
          payments: [
            entry({
              id: 'r1',
              kind: 'refund',
              status: 'refunded',
              amount: 50,
              at: '2026-02-03T09:00:00.000Z',
            }),
            entry({
              id: 'd1',
              kind: 'deposit',
              amount: 250,
              at: '2026-01-15T10:00:00.000Z',
              cardLast4: '1881',
            }),
          ],
          balanceDue: 300,
          subscription: null,
        },
      }),
    );
    const table = await within(dialog).findByRole('table', { name: 'Payments for Bakery site' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Amount', 'Status', 'Card']);
    expect(rowsOf(table)).toEqual([
      ['Feb 3, 2026', 'Refund', '-$50', 'Refunded', 'ending in •••• 4242'],
      ['Jan 15, 2026', '50% deposit', '$250', 'Paid', 'ending in •••• 1881'],
    ]);
    const summary = within(dialog).getByText('Balance due').closest('dl')!;
    expect(summary).toHaveTextContent('Balance due$300');
    expect(within(dialog).queryByText('Subscription')).not.toBeInTheDocument();
  });

  it('shows a subscription with its status, monthly fee and period, and a failed invoice with the bank’s reason', async () => {
    api([subscriptionProject({ subscription_status: 'past_due' })], {
      'GET /api/projects/p4/payments': () => ({
        body: {
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
          subscription: {
            status: 'past_due',
            monthlyCost: 25000,
            currentPeriodEnd: '2027-01-23T12:00:00.000Z',
          },
        },
      }),
    });
    const user = await renderDashboard('Active Projects');
    await user.click(within(card('CTO retainer')).getByRole('button', { name: 'Payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments: CTO retainer' });
    const table = await within(dialog).findByRole('table');
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
  });

  it('says so when there are no payments yet', async () => {
    api([subscriptionProject()], {
      'GET /api/projects/p4/payments': () => ({ body: { payments: [], balanceDue: 0, subscription: null } }),
    });
    const user = await renderDashboard('Active Projects');
    await user.click(within(card('CTO retainer')).getByRole('button', { name: 'Payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments: CTO retainer' });
    expect(await within(dialog).findByText('No payments yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Balance due').closest('dl')).toHaveTextContent('Balance due$0');
  });

  it('offers a retry when the history fails to load', async () => {
    let fail = true;
    api([aProject({ id: 'p1', title: 'Bakery site', tier: 1 })], {
      'GET /api/projects/p1/payments': () =>
        fail
          ? { status: 500, body: { error: 'boom' } }
          : {
              body: {
                payments: [entry({ kind: 'deposit', amount: 250 })],
                balanceDue: 250,
                subscription: null,
              },
            },
    });
    const user = await renderDashboard();
    await user.click(within(card('Bakery site')).getByRole('button', { name: 'Payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments: Bakery site' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("We couldn't load the payments.");
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('table')).toBeInTheDocument();
  });

  it('has no Payments button on a subscription request that has not started', async () => {
    api([aProject({ id: 'p3', title: 'Senior help', tier: 3 })]);
    await renderDashboard();
    expect(within(card('Senior help')).queryByRole('button', { name: 'Payments' })).not.toBeInTheDocument();
  });
});

describe('A failed renewal', () => {
  const failedHistory = (): ProjectPaymentsResponse => ({
    payments: [
      entry({ id: 'i2', status: 'failed', failureMessage: 'Your card was declined.', cardLast4: '0341' }),
      entry({ id: 'i1' }),
    ],
    balanceDue: 25000,
    subscription: { status: 'past_due', monthlyCost: 25000, currentPeriodEnd: '2027-01-23T12:00:00.000Z' },
  });

  function failedRenewalApi(
    payReply: () => { status?: number; body: unknown },
    extra: Record<string, PortalHandler> = {},
  ) {
    return api([subscriptionProject({ subscription_status: 'past_due' })], {
      ...extra,
      'GET /api/projects/p4/payments': () => ({ body: failedHistory() }),
      'POST /api/projects/p4/pay-open-invoice': (_init, _url, fake) => {
        const reply = payReply();
        if (reply.status) return reply;
        const paid = { ...fake.state.projects[0]!, subscription_status: 'active' as const };
        fake.state.projects = [paid];
        return { body: { project: paid } };
      },
    });
  }

  it('shows a Payment failed badge and an alert with the amount and the bank’s reason', async () => {
    failedRenewalApi(() => ({ body: {} }));
    await renderDashboard('Active Projects');
    const project = card('CTO retainer');
    expect(within(project).getByText('Active')).toBeInTheDocument();
    expect(within(project).getByText('Payment failed')).toBeInTheDocument();
    const alert = within(project).getByRole('alert');
    expect(within(alert).getByText('Your monthly payment failed')).toBeInTheDocument();
    expect(
      await within(alert).findByText(
        'We could not charge $25,000 to your card. Update your card to pay it and keep the work going. Your bank said: Your card was declined.',
      ),
    ).toBeInTheDocument();
  });

  it('Update Card needs a complete card, pays the open invoice with the new card, says so and updates the card in place', async () => {
    const fetchMock = failedRenewalApi(() => ({ body: { project: {} } }));
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_new' } });
    const user = await renderDashboard('Active Projects');
    const update = await within(card('CTO retainer')).findByRole('button', { name: 'Update Card' });
    await waitFor(() => expect(within(card('CTO retainer')).getByRole('alert')).toHaveTextContent('$25,000'));
    await user.click(update);
    const dialog = await screen.findByRole('dialog', { name: 'Update Card' });
    expect(
      within(dialog).getByText('Pay the open invoice of $25,000 for "CTO retainer".'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pay $25,000' }));
    expect(await within(dialog).findByText('Invalid card details.')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    const before = fetchMock.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Pay $25,000' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(
      screen.getByText('Your payment of $25,000 was successful. This card is used from now on.'),
    ).toBeInTheDocument();
    expect(mockCreatePaymentMethod).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.test' });
    expect(requestsTo(fetchMock, 'POST /api/projects/p4/pay-open-invoice')).toEqual([
      { paymentMethodId: 'pm_new' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(card('CTO retainer')).queryByText('Payment failed')).not.toBeInTheDocument(),
    );
    expect(within(card('CTO retainer')).queryByRole('alert')).not.toBeInTheDocument();
    // The answer's project replaced the card: no list was read again.
    expect(listsReadAgain(fetchMock, before)).toEqual([]);
  });

  const savedMastercard: Record<string, PortalHandler> = {
    'GET /api/billing': () => ({
      body: {
        details: null,
        documents: [],
        upcoming: [],
        savedCard: {
          brand: 'mastercard',
          last4: '4444',
          expMonth: 1,
          expYear: 2031,
          paymentMethodId: 'pm_s',
        },
      },
    }),
  };

  it('Update Card offers the saved card: the open invoice is paid with it, no card typed', async () => {
    const fetchMock = failedRenewalApi(() => ({ body: {} }), savedMastercard);
    const user = await renderDashboard('Active Projects');
    await user.click(await within(card('CTO retainer')).findByRole('button', { name: 'Update Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Card' });
    expect(
      await within(dialog).findByRole('radio', { name: 'Pay with the saved card (Mastercard •••• 4444)' }),
    ).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Enter test card' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(mockCreatePaymentMethod).not.toHaveBeenCalled();
    expect(requestsTo(fetchMock, 'POST /api/projects/p4/pay-open-invoice')).toEqual([
      { paymentMethodId: 'saved_card' },
    ]);
    await waitFor(() =>
      expect(within(card('CTO retainer')).queryByText('Payment failed')).not.toBeInTheDocument(),
    );
  });

  it('Update Card with a saved card still takes a new one when chosen', async () => {
    const fetchMock = failedRenewalApi(() => ({ body: {} }), savedMastercard);
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_new' } });
    const user = await renderDashboard('Active Projects');
    await user.click(await within(card('CTO retainer')).findByRole('button', { name: 'Update Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Card' });
    await user.click(await within(dialog).findByRole('radio', { name: 'A new card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/projects/p4/pay-open-invoice')).toEqual([
      { paymentMethodId: 'pm_new' },
    ]);
  });

  it('a declined card keeps the dialog open with the error; nothing changes on the card', async () => {
    const fetchMock = failedRenewalApi(() => ({
      status: 402,
      body: { error: 'Payment failed, please try again.' },
    }));
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_declined' } });
    const user = await renderDashboard('Active Projects');
    await user.click(within(card('CTO retainer')).getByRole('button', { name: 'Update Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Card' });
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your card was declined. Payment failed, please try again.',
    );
    expect(within(dialog).getByRole('button', { name: /^Pay / })).toBeEnabled();
    expect(requestsTo(fetchMock, 'POST /api/projects/p4/pay-open-invoice')).toHaveLength(1);
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card('CTO retainer')).getByText('Payment failed')).toBeInTheDocument();
  });

  it('another change in progress: the server says so in the dialog', async () => {
    failedRenewalApi(() => ({
      status: 409,
      body: { error: 'Another change to this project is being processed. Please try again in a moment.' },
    }));
    mockCreatePaymentMethod.mockResolvedValue({ ok: true, paymentMethod: { id: 'pm_new' } });
    const user = await renderDashboard('Active Projects');
    await user.click(within(card('CTO retainer')).getByRole('button', { name: 'Update Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Card' });
    await user.click(within(dialog).getByRole('button', { name: 'Enter test card' }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another change to this project is being processed. Please try again in a moment.',
    );
  });
});
