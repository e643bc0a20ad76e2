import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@agency/auth';
import { toaster } from '@agency/ui';
import { mockFetch, renderRoute, requestBody, setTestAppConfig } from '../../../testing/render-route';
import PurchasePage from './purchase-page';

// The payment UI is mocked at its boundary: the card field reports complete, confirmation is a jest.fn.
const mockConfirmCardPayment = jest.fn();
jest.mock('@agency/payments', () =>
  require('../../../../../tools/jest/fake-payments').fakePayments(() => ({
    confirmCardPayment: mockConfirmCardPayment,
  })),
);

const mockGetAccessToken = jest.fn<Promise<string | null>, []>();
jest.mock('@agency/auth', () => ({
  ...jest.requireActual('@agency/auth'),
  getAccessToken: () => mockGetAccessToken(),
}));
const mockTrackPurchase = jest.fn();
jest.mock('@agency/tracking', () => ({
  ...jest.requireActual('@agency/tracking'),
  trackPurchase: (event: unknown) => mockTrackPurchase(event),
}));

const INTENT = { clientSecret: 'pi_123_secret_456', customerId: 'cus_1', paymentIntentId: 'pi_123' };

function renderPurchase(tierId: string | number = 1) {
  return renderRoute('/purchase/:tierId', <PurchasePage />, `/purchase/${tierId}`);
}

const payButton = (amount = '$250') => screen.getByRole('button', { name: `Pay ${amount} Now` });
const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillDetails(
  user: ReturnType<typeof userEvent.setup>,
  overrides: Partial<Record<'first' | 'last' | 'email' | 'description', string>> = {},
) {
  const values = {
    first: 'Ada',
    last: 'Lovelace',
    email: 'ada@example.test',
    description: 'An analytical engine web app',
    ...overrides,
  };
  if (values.first) await user.type(field(/first name/i), values.first);
  if (values.last) await user.type(field(/last name/i), values.last);
  if (values.email) await user.type(field(/^email/i), values.email);
  await user.type(field(/company/i), 'Engines Ltd');
  if (values.description) await user.type(field(/project description/i), values.description);
  await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
}

beforeEach(() => {
  setTestAppConfig();
  mockConfirmCardPayment.mockReset();
  mockGetAccessToken.mockReset().mockResolvedValue(null);
  mockTrackPurchase.mockReset();
  useAuthStore.setState({ status: 'logged-out', user: null, role: null, roleFetchFailed: false });
});
afterEach(() => {
  act(() => toaster.remove());
  sessionStorage.clear();
});

describe('PurchasePage: tiers and summary', () => {
  it.each([['3'], ['4'], ['general'], ['9'], ['abc']])(
    "shows 'Service Not Found' for tier %s with a way home",
    (tierId) => {
      renderPurchase(tierId);
      expect(screen.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeInTheDocument();
      expect(
        screen.getByText('The requested service tier is not available for direct purchase.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    },
  );

  it('summarises tier 1: price, 50% deposit due today, remainder after acceptance and the refund promise', () => {
    renderPurchase(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Basic Web App');
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('$500')).toBeInTheDocument();
    expect(within(summary).getByText('$250')).toBeInTheDocument();
    expect(
      within(summary).getByText('The remaining $250 is due after your project is accepted.'),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText('If your project is not accepted, your deposit is refunded in full.'),
    ).toBeInTheDocument();
    expect(payButton('$250')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/#services');
    expect(screen.getByRole('link', { name: /terms of service/i })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(screen.getByRole('link', { name: /terms of service/i })).toHaveAttribute('target', '_blank');
  });

  it('summarises tier 2 with $1,400 and a $700 deposit', () => {
    renderPurchase(2);
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('$1,400')).toBeInTheDocument();
    expect(
      within(summary).getByText('The remaining $700 is due after your project is accepted.'),
    ).toBeInTheDocument();
    expect(payButton('$700')).toBeInTheDocument();
  });

  it('prefills name and e-mail of the signed-in user', () => {
    useAuthStore.setState({
      status: 'logged-in',
      user: { id: 'u1', email: 'grace@example.test', fullName: 'Grace Brewster Hopper' },
    });
    renderPurchase(1);
    expect(field(/first name/i)).toHaveValue('Grace');
    expect(field(/last name/i)).toHaveValue('Brewster Hopper');
    expect(field(/^email/i)).toHaveValue('grace@example.test');
  });
});

describe('PurchasePage: validation', () => {
  it('keeps the pay button disabled until every rule holds', async () => {
    const user = userEvent.setup();
    renderPurchase(1);
    expect(payButton()).toHaveAttribute('aria-disabled', 'true');
    await fillDetails(user);
    expect(payButton()).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    expect(payButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows each field message once the field is left', async () => {
    const user = userEvent.setup();
    renderPurchase(1);
    await user.click(field(/first name/i));
    await user.click(field(/last name/i));
    await user.click(field(/^email/i));
    await user.click(field(/project description/i));
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Project description is required')).toBeInTheDocument();
    expect(field(/first name/i)).toHaveAttribute('aria-invalid', 'true');

    await user.type(field(/^email/i), 'ada@nowhere');
    await user.type(field(/project description/i), '   too short     ');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Project description must be at least 10 characters')).toBeInTheDocument();
  });

  it.each([
    [{ first: '' }, 'Missing Information', 'Please fill in all required fields.', /first name/i],
    [{ last: '' }, 'Missing Information', 'Please fill in all required fields.', /last name/i],
    [{ email: '' }, 'Missing Information', 'Please fill in all required fields.', /^email/i],
    [{ email: 'ada@example' }, 'Invalid Email', 'Please enter a valid email address.', /^email/i],
    [
      { description: 'tiny' },
      'Project Description Required',
      'Please provide a brief description of your project (minimum 10 characters).',
      /project description/i,
    ],
  ])(
    'on pay with %j: toast %s and focus on the first invalid field',
    async (overrides, title, description, focused) => {
      const fetchMock = mockFetch({});
      const user = userEvent.setup();
      renderPurchase(1);
      await fillDetails(user, overrides);
      await user.click(payButton());
      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByText(description)).toBeInTheDocument();
      expect(field(focused)).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("takes the 'Missing Information' toast away once the form is complete", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderPurchase(1);
    await fillDetails(user, { last: '' });
    await user.click(payButton());
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    await user.type(field(/last name/i), 'Lovelace');
    await waitFor(() => expect(screen.queryByText('Missing Information')).not.toBeInTheDocument());
  });

  it('without accepted terms, pay marks the checkbox and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderPurchase(1);
    await fillDetails(user);
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(payButton());
    expect(await screen.findByText('You must accept the terms of service')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /terms of service/i })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('PurchasePage: payment', () => {
  async function reachCardStep(user: ReturnType<typeof userEvent.setup>) {
    await fillDetails(user);
    await user.click(payButton());
    return screen.findByRole('group', { name: 'Card Information' });
  }

  it('requests the intent, shows the card, confirms it and lands on /purchase-success', async () => {
    let finishConfirm: (value: unknown) => void = () => {};
    mockConfirmCardPayment.mockReturnValue(new Promise((resolve) => (finishConfirm = resolve)));
    const fetchMock = mockFetch({
      'POST /api/stripe-downpayment-intent': () => ({ body: INTENT }),
      'GET /api/purchase-status/pi_123': () => ({ body: { status: 'fulfilled', projectId: 'p1' } }),
    });
    const user = userEvent.setup();
    renderPurchase(1);
    expect(screen.queryByRole('group', { name: 'Card Information' })).not.toBeInTheDocument();
    await reachCardStep(user);

    expect(requestBody(fetchMock, 'POST /api/stripe-downpayment-intent')).toEqual({
      amount: 25000,
      currency: 'usd',
      email: 'ada@example.test',
      projectId: null,
      userId: null,
      metadata: { type: 'purchase', clientName: 'Ada Lovelace', tier: 1 },
      customer: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.test',
        company: 'Engines Ltd',
        projectDescription: 'An analytical engine web app',
        acceptedTerms: true,
      },
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init as RequestInit).headers).toMatchObject({
      'content-type': 'application/json',
      'Idempotency-Key': expect.any(String),
    });
    expect((init as RequestInit).headers).not.toHaveProperty('authorization');
    expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus();
    expect(field(/first name/i)).toHaveAttribute('readonly');

    expect(payButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Enter test card' }));
    await user.click(payButton());
    expect(await screen.findByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
    expect(mockConfirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
    });

    await act(async () => finishConfirm({ ok: true, paymentIntent: { id: 'pi_123', status: 'succeeded' } }));
    expect(await screen.findByRole('heading', { name: 'Landed on /purchase-success' })).toBeInTheDocument();
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByText('Your payment of $250 was successful.')).toBeInTheDocument();
    expect(mockTrackPurchase).toHaveBeenCalledWith({ tierId: 1, tierName: 'Basic Web App', value: 250 });
    // The success page of this tab learns what was paid and the project the server created.
    expect(JSON.parse(sessionStorage.getItem('purchaseConfirmation')!)).toEqual({
      amountDollars: 250,
      projectId: 'p1',
    });
  });

  it("sends the signed-in user's own token and id", async () => {
    mockGetAccessToken.mockResolvedValue('token-of-ada');
    useAuthStore.setState({
      status: 'logged-in',
      user: { id: 'user-7', email: 'ada@example.test', fullName: 'Ada Lovelace' },
    });
    const fetchMock = mockFetch({ 'POST /api/stripe-downpayment-intent': () => ({ body: INTENT }) });
    const user = userEvent.setup();
    renderPurchase(2);
    await user.type(field(/project description/i), 'A web app with accounts');
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(payButton('$700'));
    await screen.findByRole('group', { name: 'Card Information' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init as RequestInit).headers).toMatchObject({ authorization: 'Bearer token-of-ada' });
    expect(requestBody(fetchMock, 'POST /api/stripe-downpayment-intent')).toMatchObject({
      amount: 70000,
      userId: 'user-7',
      metadata: { tier: 2 },
    });
  });

  it('stays silent when the intent cannot be created, and the button can be used again', async () => {
    mockFetch({ 'POST /api/stripe-downpayment-intent': () => ({ status: 500, body: { error: 'boom' } }) });
    const user = userEvent.setup();
    renderPurchase(1);
    await fillDetails(user);
    await user.click(payButton());
    await waitFor(() => expect(payButton()).not.toBeDisabled());
    expect(screen.queryByRole('group', { name: 'Card Information' })).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Error')).not.toBeInTheDocument();
    expect(mockTrackPurchase).not.toHaveBeenCalled();
  });

  it('says why beside the card when the bank declines it, keeps the spec toast, and clears it for a new card', async () => {
    mockConfirmCardPayment.mockResolvedValue({
      ok: false,
      error: 'Payment failed, please try again.',
      stripeError: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    mockFetch({ 'POST /api/stripe-downpayment-intent': () => ({ body: INTENT }) });
    const user = userEvent.setup();
    renderPurchase(1);
    const card = await reachCardStep(user);
    await user.click(within(card).getByRole('button', { name: 'Enter test card' }));
    await user.click(payButton());
    const problem = await screen.findByRole('alert', { name: '' });
    expect(problem).toHaveTextContent('Your card was declined. Payment failed, please try again.');
    // Beside the card: right after the card field, inside the payment section, before the Pay button.
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toContainElement(problem);
    expect(card.compareDocumentPosition(problem) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();

    // A card the bank refuses without words of its own still says it was declined.
    mockConfirmCardPayment.mockResolvedValue({
      ok: false,
      error: 'Payment failed, please try again.',
      stripeError: { type: 'card_error', code: 'card_declined' },
    });
    await user.click(payButton());
    await waitFor(() =>
      expect(within(payment).getByRole('alert')).toHaveTextContent(
        'Your card was declined. Payment failed, please try again.',
      ),
    );
    // Entering a card again takes the problem away.
    await user.click(within(card).getByRole('button', { name: 'Enter test card' }));
    expect(within(payment).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Payment Error' for a declined card and lets the user try again", async () => {
    mockConfirmCardPayment.mockResolvedValue({ ok: false, error: 'Payment failed, please try again.' });
    const fetchMock = mockFetch({ 'POST /api/stripe-downpayment-intent': () => ({ body: INTENT }) });
    const user = userEvent.setup();
    renderPurchase(1);
    await reachCardStep(user);
    await user.click(screen.getByRole('button', { name: 'Enter test card' }));
    await user.click(payButton());
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(
      screen.getByText("We're having trouble processing your payment. Please try again."),
    ).toBeInTheDocument();
    expect(payButton()).not.toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('purchase-status'))).toBe(false);
    expect(screen.queryByRole('heading', { name: /Landed on/ })).not.toBeInTheDocument();
    // Not the card's fault (no card_error from Stripe): what to do, without a reason.
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByRole('alert')).toHaveTextContent(
      /^Payment failed, please try again\.$/,
    );
  });

  it('says the charge was refunded when the project could not be created, and starts over', async () => {
    mockConfirmCardPayment.mockResolvedValue({
      ok: true,
      paymentIntent: { id: 'pi_123', status: 'succeeded' },
    });
    mockFetch({
      'POST /api/stripe-downpayment-intent': () => ({ body: INTENT }),
      'GET /api/purchase-status/pi_123': () => ({ body: { status: 'refunded', projectId: null } }),
    });
    const user = userEvent.setup();
    renderPurchase(1);
    await reachCardStep(user);
    await user.click(screen.getByRole('button', { name: 'Enter test card' }));
    await user.click(payButton());
    expect(await screen.findByText('Failed to create project')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Any charges to your card has been refunded. Please try again. If the problem persists, please contact support.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Card Information' })).not.toBeInTheDocument();
    expect(field(/first name/i)).not.toHaveAttribute('readonly');
  });

  it('lets the user edit the details, which discards the card step', async () => {
    mockFetch({ 'POST /api/stripe-downpayment-intent': () => ({ body: INTENT }) });
    const user = userEvent.setup();
    renderPurchase(1);
    await reachCardStep(user);
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.queryByRole('group', { name: 'Card Information' })).not.toBeInTheDocument();
    expect(field(/first name/i)).not.toHaveAttribute('readonly');
  });
});
