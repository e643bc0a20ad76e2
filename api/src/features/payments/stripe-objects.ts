import type Stripe from 'stripe';
import { CURRENCY } from '@agency/domain/tiers';
import { formatUsd, fromCents } from '@agency/domain/money';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import { AbandonOperation, PaymentError } from '../../money/types';

/** Reading Stripe's objects and errors as the product needs them; shared by the payments modules. */
/** Stripe refusals as the API reports them: card problems are the client's, the rest is Stripe's. */
export function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  // A simulated crash must not be mistaken for Stripe's answer.
  if (error instanceof AbandonOperation) throw error;
  const stripeError = error as
    { type?: string; rawType?: string; code?: string; statusCode?: number; message?: string } | undefined;
  if (
    stripeError?.type === 'StripeCardError' ||
    stripeError?.rawType === 'card_error' ||
    stripeError?.type === 'card_error'
  ) {
    const invalidDetails = stripeError.statusCode === 400;
    return new PaymentError(
      invalidDetails ? PAYMENT_MESSAGES.invalidCardDetails : PAYMENT_MESSAGES.paymentFailed,
      invalidDetails ? 400 : 402,
      stripeError.code ?? 'card_declined',
      stripeError.message,
    );
  }
  if (stripeError?.code === 'resource_missing')
    return new PaymentError(PAYMENT_MESSAGES.invalidCardDetails, 400, 'resource_missing');
  return new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, stripeError?.code);
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A price as a person reads it: "$15,000/month", "$900 every 3 months", "50 EUR once". */
export function priceText(price: Stripe.Price): string {
  const dollars = fromCents(price.unit_amount ?? 0);
  const amount =
    price.currency === CURRENCY ? formatUsd(dollars) : `${dollars} ${price.currency.toUpperCase()}`;
  const recurring = price.recurring;
  if (!recurring) return `${amount} once`;
  return recurring.interval_count === 1
    ? `${amount}/${recurring.interval}`
    : `${amount} every ${recurring.interval_count} ${recurring.interval}s`;
}

/** The card behind a charge, as receipts name it. */
export function cardLast4(charge: Stripe.Charge | string | null | undefined): string | null {
  return typeof charge === 'object' && charge ? (charge.payment_method_details?.card?.last4 ?? null) : null;
}

/** The PaymentIntent that paid an invoice (API 2025+: invoice.payments; older: invoice.payment_intent). */
export function invoicePaymentIntentId(invoice: Stripe.Invoice): string | null {
  const paid =
    invoice.payments?.data.find((payment) => payment.status === 'paid') ?? invoice.payments?.data[0];
  return (
    idOf(paid?.payment.payment_intent) ??
    idOf((invoice as unknown as { payment_intent?: string | null }).payment_intent)
  );
}

export const invoiceSubscriptionId = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ??
  idOf((invoice as unknown as { subscription?: string | null }).subscription);
