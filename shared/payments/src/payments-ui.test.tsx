import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import { UiProvider } from '@agency/ui';
import {
  CardField,
  PAYMENT_MESSAGES,
  useConfirmCardPayment,
  useCreatePaymentMethod,
  type CardFieldState,
} from './index';

/** A test double of Stripe.js at the window.Stripe boundary: one card element whose events the test drives. */
function createFakeStripe() {
  const handlers = new Map<string, Set<(event: unknown) => void>>();
  const card = {
    options: undefined as unknown,
    mount: jest.fn((node: HTMLElement) => {
      node.innerHTML = '<input aria-label="Card number" />';
    }),
    on: jest.fn((event: string, handler: (e: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    }),
    off: jest.fn((event: string, handler: (e: unknown) => void) => handlers.get(event)?.delete(handler)),
    update: jest.fn(),
    destroy: jest.fn(),
  };
  let created: typeof card | null = null;
  const elements = {
    create: jest.fn((_type: string, options: unknown) => {
      card.options = options;
      created = card;
      return card;
    }),
    getElement: jest.fn(() => created),
    update: jest.fn(),
  };
  const stripe = {
    elements: jest.fn(() => elements),
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardPayment: jest.fn(),
    registerAppInfo: jest.fn(),
    _registerWrapper: jest.fn(),
  };
  const emit = (event: string, payload: unknown) =>
    act(() => handlers.get(event)?.forEach((handler) => handler(payload)));
  return { stripe, elements, card, emit, forgetCard: () => (created = null) };
}

function renderWithStripe(stripe: unknown, ui: React.ReactNode) {
  return render(
    <UiProvider>
      <Elements stripe={stripe as Stripe | null}>{ui}</Elements>
    </UiProvider>,
  );
}

describe('CardField', () => {
  it('mounts the card element with the label, hides the postal code, and reports complete', async () => {
    const fake = createFakeStripe();
    const states: CardFieldState[] = [];
    renderWithStripe(
      fake.stripe,
      <CardField label="Card Information" onChange={(state) => states.push(state)} />,
    );
    expect(screen.getByRole('group', { name: 'Card Information' })).toBeInTheDocument();
    expect(fake.elements.create).toHaveBeenCalledWith(
      'card',
      expect.objectContaining({ hidePostalCode: true }),
    );
    expect(fake.card.mount).toHaveBeenCalled();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();

    fake.emit('change', {
      complete: false,
      empty: false,
      error: { message: 'Your card number is invalid.' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(screen.getByRole('group', { name: 'Card Information' })).toHaveAccessibleDescription(
      'Your card number is invalid.',
    );

    fake.emit('change', { complete: true, empty: false, error: undefined });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(states.at(-1)).toEqual({ complete: true, empty: false, error: undefined });
  });
});

function ConfirmHarness({ clientSecret = 'pi_1_secret_2' }: { clientSecret?: string }) {
  const { confirmCardPayment, processing } = useConfirmCardPayment();
  const { createPaymentMethod } = useCreatePaymentMethod();
  const [result, setResult] = useState('');
  return (
    <>
      <CardField />
      <button
        onClick={async () =>
          setResult(
            JSON.stringify(
              await confirmCardPayment(clientSecret, { name: 'Ada Lovelace', email: 'ada@example.test' }),
            ),
          )
        }
      >
        {processing ? 'Processing...' : 'Pay'}
      </button>
      <button
        onClick={async () => setResult(JSON.stringify(await createPaymentMethod({ name: 'Ada Lovelace' })))}
      >
        Save card
      </button>
      <output>{result}</output>
    </>
  );
}

const resultOf = async () => {
  await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
  return JSON.parse(screen.getByRole('status').textContent!) as Record<string, unknown>;
};

describe('useConfirmCardPayment and useCreatePaymentMethod', () => {
  it('confirms with the client secret, the card and billing name and e-mail', async () => {
    const fake = createFakeStripe();
    fake.stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    renderWithStripe(fake.stripe, <ConfirmHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await resultOf()).toEqual({ ok: true, paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: {
        card: fake.card,
        billing_details: { name: 'Ada Lovelace', email: 'ada@example.test' },
      },
    });
  });

  it('maps a declined card to the spec text and keeps what Stripe said', async () => {
    const fake = createFakeStripe();
    fake.stripe.confirmCardPayment.mockResolvedValue({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    renderWithStripe(fake.stripe, <ConfirmHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await resultOf()).toEqual({
      ok: false,
      error: PAYMENT_MESSAGES.paymentFailed,
      stripeError: {
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
  });

  it('pays once even when the button is clicked twice', async () => {
    const fake = createFakeStripe();
    let finish: (value: unknown) => void = () => {};
    fake.stripe.confirmCardPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderWithStripe(fake.stripe, <ConfirmHarness />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    await userEvent.click(pay);
    await userEvent.click(screen.getByRole('button', { name: 'Processing...' }));
    await act(async () => finish({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
  });

  it("says 'Card element not found.' without a mounted card and 'Stripe is not loaded…' without Stripe", async () => {
    const fake = createFakeStripe();
    const view = renderWithStripe(fake.stripe, <ConfirmHarness />);
    fake.forgetCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await resultOf()).toEqual({ ok: false, error: 'Card element not found.' });
    view.unmount();

    renderWithStripe(null, <ConfirmHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await resultOf()).toEqual({ ok: false, error: 'Stripe is not loaded. Please refresh the page.' });
  });

  it("creates a payment method, or answers 'Invalid card details.' for an incomplete card", async () => {
    const fake = createFakeStripe();
    fake.stripe.createPaymentMethod
      .mockResolvedValueOnce({
        error: {
          type: 'validation_error',
          code: 'incomplete_number',
          message: 'Your card number is incomplete.',
        },
      })
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_1' } });
    renderWithStripe(fake.stripe, <ConfirmHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await resultOf()).toMatchObject({ ok: false, error: 'Invalid card details.' });
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('pm_1'));
    expect(fake.stripe.createPaymentMethod).toHaveBeenLastCalledWith({
      type: 'card',
      card: fake.card,
      billing_details: { name: 'Ada Lovelace' },
    });
  });
});
