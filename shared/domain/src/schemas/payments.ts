import { mixed, number, object, string, type InferType } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';
import type { TierId } from '../tiers';
import { INVALID_CHARACTERS, VALIDATION } from '../messages/validation';
import { PAYMENT_MESSAGES } from '../payments-messages';
import { purchaseCustomerSchema } from '../payments-purchase';
import {
  isOneLineText,
  projectIdField,
  requestObject,
  requiredEmailAddress,
  singleLineText,
} from './request-object';

const x = INVALID_CHARACTERS;
/** `metadata.tier` as a number or its text; text goes through the one-line rule. */
const tierValue = () =>
  mixed<TierId | `${TierId}`>().test(
    'no-control-characters',
    x.tier,
    (v) => typeof v !== 'string' || isOneLineText(v),
  );

/**
 * POST /api/stripe-downpayment-intent (spec section 7). `amount` is accepted for compatibility with the
 * spec's payload but the server charges the tier's deposit, never the browser's number.
 */
export const downpaymentIntentSchema = requestObject({
  amount: number().optional().integer().min(0),
  currency: mixed<'usd'>()
    .optional()
    .oneOf(['usd'] as const),
  email: requiredEmailAddress(VALIDATION.customer.emailRequired, VALIDATION.customer.emailInvalid),
  projectId: singleLineText(x.projectId).nullable().optional().max(255),
  userId: singleLineText(x.userId).nullable().optional().max(255),
  metadata: object({
    type: singleLineText(x.paymentType).required().max(50),
    clientName: singleLineText(x.clientName).optional().max(200),
    tier: tierValue().optional(),
    project_id: singleLineText(x.projectId).optional().max(255),
  })
    .noUnknown(true)
    .strict()
    .required(),
  /** The purchase form, required for a purchase: the project is created from it once the payment succeeds. */
  customer: purchaseCustomerSchema.optional().default(undefined),
  /** The name a client gave the request in the portal: it stays the project's title (issue 33). */
  projectName: singleLineText(x.title).optional().max(200),
});
export type DownpaymentIntentRequest = InferType<typeof downpaymentIntentSchema>;

/** A card the browser turned into a Stripe PaymentMethod. */
const paymentMethodField = () =>
  singleLineText(x.paymentMethodId).required(PAYMENT_MESSAGES.invalidCardDetails).max(255);

export const processFinalPaymentSchema = requestObject({
  projectId: projectIdField(),
  paymentMethodId: paymentMethodField(),
});
export type ProcessFinalPaymentRequest = InferType<typeof processFinalPaymentSchema>;

export const payOpenInvoiceSchema = requestObject({ paymentMethodId: paymentMethodField() });
export type PayOpenInvoiceRequest = InferType<typeof payOpenInvoiceSchema>;

export const stripeRefundSchema = requestObject({
  projectId: projectIdField(),
  paymentIntentId: singleLineText(x.paymentIntentId).required().max(255),
});
export type StripeRefundRequest = InferType<typeof stripeRefundSchema>;

/** GET /api/get-subscription-plans query: the plans of tier 3 or 4. */
export const subscriptionPlansQuerySchema = requestObject({
  tier: mixed<'3' | '4'>()
    .required(API_MESSAGES.invalidValue)
    .oneOf(['3', '4'] as const, API_MESSAGES.invalidValue),
});

/** GET /api/monthly-revenue query: another calendar month (YYYY-MM, UTC; from year 1, PostgreSQL has no year 0). */
export const monthlyRevenueQuerySchema = requestObject({
  month: string()
    .optional()
    .matches(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, API_MESSAGES.invalidValue),
});
