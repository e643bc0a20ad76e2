import { mixed, number, object, string, type InferType } from 'yup';
import type { TierId } from '../tiers';
import { SIMPLE_EMAIL_PATTERN, VALIDATION } from '../messages/validation';
import { PAYMENT_MESSAGES } from '../payments-messages';
import { purchaseCustomerSchema } from '../payments-purchase';
import { projectIdField, requestObject } from './request-object';

/**
 * POST /api/stripe-downpayment-intent (spec section 7). `amount` is accepted for compatibility with the
 * spec's payload but the server charges the tier's deposit, never the browser's number.
 */
export const downpaymentIntentSchema = requestObject({
  amount: number().optional().integer().min(0),
  currency: mixed<'usd'>().optional().oneOf(['usd'] as const),
  email: string().required(VALIDATION.customer.emailRequired).matches(SIMPLE_EMAIL_PATTERN, VALIDATION.customer.emailInvalid),
  projectId: string().nullable().optional(),
  userId: string().nullable().optional(),
  metadata: object({
    type: string().required(),
    clientName: string().optional().max(200),
    tier: mixed<TierId | `${TierId}`>().optional(),
    project_id: string().optional(),
  })
    .noUnknown(true)
    .strict()
    .required(),
  /** The purchase form, required for a purchase: the project is created from it once the payment succeeds. */
  customer: purchaseCustomerSchema.optional().default(undefined),
});
export type DownpaymentIntentRequest = InferType<typeof downpaymentIntentSchema>;

export const processFinalPaymentSchema = requestObject({
  projectId: projectIdField(),
  paymentMethodId: string().required(PAYMENT_MESSAGES.invalidCardDetails).max(255),
});
export type ProcessFinalPaymentRequest = InferType<typeof processFinalPaymentSchema>;

export const stripeRefundSchema = requestObject({
  projectId: projectIdField(),
  paymentIntentId: string().required().max(255),
});
export type StripeRefundRequest = InferType<typeof stripeRefundSchema>;
