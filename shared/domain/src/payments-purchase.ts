import type { InferType } from 'yup';
import { customerFields } from './schemas/consultation';
import { requestObject } from './schemas/request-object';

/**
 * `metadata.type` of POST /api/stripe-downpayment-intent: a tier 1/2 purchase. (A tier 4 cancellation penalty is
 * charged by the server inside the cancellation, from a payment method the browser creates.)
 */
export const PAYMENT_INTENT_TYPES = ['purchase'] as const;
export type PaymentIntentType = (typeof PAYMENT_INTENT_TYPES)[number];

/** The purchase form as filled in (spec section 3), sent with a purchase intent and kept until the payment succeeds. */
export const purchaseCustomerSchema = requestObject(customerFields);
export type PurchaseCustomer = InferType<typeof purchaseCustomerSchema>;

/**
 * GET /api/purchase-status/:paymentIntentId. `fulfilled`: the project exists; `refunded`: the payment went
 * through but the project could not be created, and the charge was refunded; `failed`: the card was
 * refused; `awaiting_payment`: not paid (yet).
 */
export type PurchaseStatus = 'awaiting_payment' | 'fulfilled' | 'refunded' | 'failed';
export interface PurchaseStatusResponse {
  status: PurchaseStatus;
  projectId: string | null;
}

/** Header carrying the browser's key for one checkout attempt; retries with it never charge twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
