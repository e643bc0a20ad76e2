import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentIntent, PaymentMethod, StripeError } from '@stripe/stripe-js';
import { useCallback, useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';

export interface BillingDetails {
  name: string;
  email: string;
}

/** What Stripe said, for logs or a more specific message; `message` is user-facing text from Stripe. */
export interface StripeFailure {
  type: string;
  code?: string;
  declineCode?: string;
  message?: string;
}

export type CardPaymentResult =
  | { ok: true; paymentIntent: PaymentIntent; error?: undefined }
  | { ok: false; error: string; stripeError?: StripeFailure; paymentIntent?: undefined };

export type PaymentMethodResult =
  | { ok: true; paymentMethod: PaymentMethod; error?: undefined }
  | { ok: false; error: string; stripeError?: StripeFailure; paymentMethod?: undefined };

const failureFrom = (error: StripeError): StripeFailure => ({
  type: error.type,
  ...(error.code && { code: error.code }),
  ...(error.decline_code && { declineCode: error.decline_code }),
  ...(error.message && { message: error.message }),
});

/** Shared guard: Stripe loaded and a card element mounted, else the spec's texts. */
function useCardContext() {
  const stripe = useStripe();
  const elements = useElements();
  return useCallback(() => {
    if (!stripe || !elements) return { ready: false, failure: PAYMENT_MESSAGES.stripeNotLoaded } as const;
    const card = elements.getElement(CardElement);
    if (!card) return { ready: false, failure: PAYMENT_MESSAGES.cardElementNotFound } as const;
    return { ready: true, stripe, card } as const;
  }, [stripe, elements]);
}

/** Tracks one in-flight call so a double click cannot pay twice. */
function useSingleFlight<Args extends unknown[], Result>(
  work: (...args: Args) => Promise<Result>,
  busyResult: Result,
) {
  const inFlight = useRef(false);
  const [processing, setProcessing] = useState(false);
  const run = useCallback(
    async (...args: Args): Promise<Result> => {
      if (inFlight.current) return busyResult;
      inFlight.current = true;
      setProcessing(true);
      try {
        return await work(...args);
      } finally {
        inFlight.current = false;
        setProcessing(false);
      }
    },
    [work, busyResult],
  );
  return { run, processing };
}

const BUSY = { ok: false, error: PAYMENT_MESSAGES.paymentFailed } as const;

/**
 * Confirms a PaymentIntent (from the API) with the card in the mounted CardField. `ok` only when Stripe
 * reports `succeeded`; the server still waits for Stripe's webhook before it fulfils anything.
 */
export function useConfirmCardPayment() {
  const cardContext = useCardContext();
  const confirm = useCallback(
    async (clientSecret: string, billing: BillingDetails): Promise<CardPaymentResult> => {
      const context = cardContext();
      if (!context.ready) return { ok: false, error: context.failure };
      try {
        const { paymentIntent, error } = await context.stripe.confirmCardPayment(clientSecret, {
          payment_method: {
            card: context.card,
            billing_details: { name: billing.name, email: billing.email },
          },
        });
        if (error)
          return { ok: false, error: PAYMENT_MESSAGES.paymentFailed, stripeError: failureFrom(error) };
        if (paymentIntent?.status !== 'succeeded')
          return { ok: false, error: PAYMENT_MESSAGES.paymentFailed };
        return { ok: true, paymentIntent };
      } catch {
        return { ok: false, error: PAYMENT_MESSAGES.paymentFailed };
      }
    },
    [cardContext],
  );
  const { run, processing } = useSingleFlight(confirm, BUSY as CardPaymentResult);
  return { confirmCardPayment: run, processing };
}

/**
 * Turns the card in the mounted CardField into a PaymentMethod id for the API (approval of a tier 3/4
 * proposal, penalty, final payment). Card problems map to 'Invalid card details.'.
 */
export function useCreatePaymentMethod() {
  const cardContext = useCardContext();
  const create = useCallback(
    async (billing?: Partial<BillingDetails>): Promise<PaymentMethodResult> => {
      const context = cardContext();
      if (!context.ready) return { ok: false, error: context.failure };
      try {
        const { paymentMethod, error } = await context.stripe.createPaymentMethod({
          type: 'card',
          card: context.card,
          ...(billing && {
            billing_details: {
              ...(billing.name && { name: billing.name }),
              ...(billing.email && { email: billing.email }),
            },
          }),
        });
        if (error) {
          const cardProblem = error.type === 'validation_error' || error.type === 'card_error';
          return {
            ok: false,
            error: cardProblem ? PAYMENT_MESSAGES.invalidCardDetails : PAYMENT_MESSAGES.paymentFailed,
            stripeError: failureFrom(error),
          };
        }
        return { ok: true, paymentMethod };
      } catch {
        return { ok: false, error: PAYMENT_MESSAGES.paymentFailed };
      }
    },
    [cardContext],
  );
  const { run, processing } = useSingleFlight(create, BUSY as PaymentMethodResult);
  return { createPaymentMethod: run, processing };
}
