// Subscriptions as Stripe bills them: an invoice when a subscription starts and one at each renewal, each
// paid from the subscription's default payment method (a decline leaves the invoice open and the
// subscription past_due), and test clocks that make time pass for the customers attached to them.
import type { BillingContext, StripeContext } from '../stripe-context';
import { invalidRequest } from '../stripe-errors';
import { unixNow } from '../stripe-store';
import { registerInvoices } from './invoices';
import { registerSubscriptions } from './subscriptions';
import { registerTestClocks } from './test-clocks';

export function registerBilling(
  ctx: StripeContext & Pick<BillingContext, 'createIntent' | 'settleIntent'>,
): void {
  const { store, mustGet } = ctx;
  const billing: BillingContext = {
    ...ctx,
    nowFor(customerId) {
      const clockId = (store.get(customerId, 'customer')?.test_clock as string | null | undefined) ?? null;
      const clock = clockId ? store.get(clockId, 'test_helpers.test_clock') : undefined;
      return clock ? (clock.frozen_time as number) : unixNow();
    },
    attachedMethod(customer, paymentMethodId, param) {
      const method = mustGet(paymentMethodId, 'payment_method', param);
      if (method.customer !== customer.id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
          param,
          'resource_missing',
        );
      }
      return method;
    },
  };
  const invoices = registerInvoices(billing);
  registerTestClocks(billing, registerSubscriptions(billing, invoices));
}
