// Customers: made with a payment method or a test clock, updated with a default payment method of their own.
import { mergeMetadata, nested, text } from '../params';
import type { RequestScope, StripeContext } from '../stripe-context';
import { invalidRequest } from '../stripe-errors';
import { newId, unixNow, type StripeObject } from '../stripe-store';
import type { PaymentMethods } from './payment-methods';

export function registerCustomers(
  { store, mustGet, route, listOf, retrieve }: StripeContext,
  { resolvePaymentMethod }: PaymentMethods,
): void {
  function createCustomer({ params }: RequestScope): StripeObject {
    const testClock = text(params, 'test_clock');
    if (testClock) mustGet(testClock, 'test_helpers.test_clock', 'test_clock');
    const customer = store.put({
      id: newId('cus', 14),
      object: 'customer',
      created: unixNow(),
      livemode: false,
      email: text(params, 'email') ?? null,
      name: text(params, 'name') ?? null,
      description: text(params, 'description') ?? null,
      metadata: mergeMetadata({}, params.metadata),
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      test_clock: testClock ?? null,
    });
    const paymentMethodId = text(params, 'payment_method');
    if (paymentMethodId) resolvePaymentMethod(paymentMethodId).customer = customer.id;
    const defaultMethod = text(nested(params, 'invoice_settings'), 'default_payment_method');
    if (defaultMethod)
      (customer.invoice_settings as Record<string, unknown>).default_payment_method = defaultMethod;
    store.changed();
    return customer;
  }

  function updateCustomer({ params }: RequestScope, { id }: Record<string, string>): StripeObject {
    const customer = mustGet(id!, 'customer');
    for (const field of ['email', 'name', 'description'])
      if (params[field] !== undefined) customer[field] = text(params, field) ?? null;
    customer.metadata = mergeMetadata(customer.metadata, params.metadata);
    const defaultMethod = text(nested(params, 'invoice_settings'), 'default_payment_method');
    if (defaultMethod) {
      const method = mustGet(defaultMethod, 'payment_method', 'invoice_settings[default_payment_method]');
      if (method.customer !== customer.id)
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${defaultMethod}.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      (customer.invoice_settings as Record<string, unknown>).default_payment_method = defaultMethod;
    }
    store.changed();
    return customer;
  }

  route('POST', '/v1/customers', createCustomer);
  route('GET', '/v1/customers', listOf('customer', '/v1/customers', ['email']));
  route('GET', '/v1/customers/:id', retrieve('customer'));
  route('POST', '/v1/customers/:id', updateCustomer);
}
