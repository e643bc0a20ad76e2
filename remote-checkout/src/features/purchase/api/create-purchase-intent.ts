import { CURRENCY, toCents, type ApiRouteTypes, type ServiceTier } from '@agency/domain';
import { IDEMPOTENCY_KEY_HEADER } from '@agency/domain/payments-purchase';
import type { PurchaseFormValues } from '@agency/domain/schemas/purchase-form';
import { apiClient } from '@agency/auth/api';

type DownpaymentIntent = ApiRouteTypes['downpaymentIntent'];
export type PurchaseIntent = DownpaymentIntent['response'];

/**
 * POST /api/stripe-downpayment-intent for a tier 1/2 purchase. The server charges the tier's deposit
 * whatever `amount` says; the customer's details travel with the intent so the server can create the
 * project once Stripe reports the payment.
 */
export async function createPurchaseIntent(
  tier: ServiceTier,
  values: PurchaseFormValues,
  userId: string | null,
  idempotencyKey: string,
): Promise<PurchaseIntent> {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  const company = values.company.trim();
  const body: DownpaymentIntent['body'] = {
    amount: toCents(tier.downpaymentDollars!),
    currency: CURRENCY,
    email,
    projectId: null,
    userId,
    metadata: { type: 'purchase', clientName: `${firstName} ${lastName}`, tier: tier.id },
    customer: {
      firstName,
      lastName,
      email,
      ...(company && { company }),
      projectDescription: values.projectDescription.trim(),
      acceptedTerms: values.acceptedTerms,
    },
  };
  const intent = await apiClient().downpaymentIntent(
    { body },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
  if (!intent.clientSecret) throw new Error('No client secret in the payment intent response');
  return intent;
}
