import type { ProjectPaymentsResponse } from '../payment-history';
import type { PurchaseStatusResponse } from '../payments-purchase';
import type { Project, RefundOutcome, SubscriptionPlan } from '../records';
import type { RouteEntry } from '../route';

/** Money moving (api/src/features/payments): purchases, final payments, refunds, subscriptions. */
export const PAYMENT_ROUTES = {
  projectPayments: {
    method: 'GET',
    path: '/api/projects/:id/payments',
    access: 'signed-in',
    projectScoped: true,
    feature: 'payments',
    response: {} as ProjectPaymentsResponse,
  },
  /** After a failed renewal: pay the open invoice with a new card, which becomes the subscription's. */
  payOpenInvoice: {
    method: 'POST',
    path: '/api/projects/:id/pay-open-invoice',
    access: 'client',
    projectScoped: true,
    feature: 'payments',
    body: 'payOpenInvoiceSchema',
    response: {} as { project: Project },
  },
  downpaymentIntent: {
    method: 'POST',
    path: '/api/stripe-downpayment-intent',
    access: 'public',
    projectScoped: false,
    feature: 'payments',
    body: 'downpaymentIntentSchema',
    response: {} as { clientSecret: string; customerId: string; paymentIntentId: string },
  },
  processFinalPayment: {
    method: 'POST',
    path: '/api/process-final-payment',
    access: 'client',
    projectScoped: true,
    feature: 'payments',
    body: 'processFinalPaymentSchema',
    response: {} as { project: Project },
  },
  stripeRefund: {
    method: 'POST',
    path: '/api/stripe-refund',
    access: 'admin',
    projectScoped: true,
    feature: 'payments',
    body: 'stripeRefundSchema',
    response: {} as RefundOutcome,
  },
  subscriptionPlans: {
    method: 'GET',
    path: '/api/get-subscription-plans',
    access: 'signed-in',
    projectScoped: false,
    feature: 'payments',
    query: 'subscriptionPlansQuerySchema',
    response: {} as { subscriptionPlans: SubscriptionPlan[] },
  },
  /** `?month=YYYY-MM` (UTC) for another month than the current one. */
  monthlyRevenue: {
    method: 'GET',
    path: '/api/monthly-revenue',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
    query: 'monthlyRevenueQuerySchema',
    response: {} as { revenue: number },
  },
  purchaseStatus: {
    method: 'GET',
    path: '/api/purchase-status/:paymentIntentId',
    access: 'public',
    projectScoped: false,
    feature: 'payments',
    response: {} as PurchaseStatusResponse,
  },
  /** Stripe's signed event delivery; not called by the front end. */
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe-webhook',
    access: 'public',
    projectScoped: false,
    feature: 'payments',
    response: {} as { received: true },
  },
} as const satisfies Record<string, RouteEntry>;
