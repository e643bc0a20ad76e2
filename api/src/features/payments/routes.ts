import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  API_MESSAGES,
  fromCents,
  isFixedPriceTier,
  VALIDATION,
  type ApiRouteTypes,
  type PaymentHistoryEntry,
  type ProjectPaymentsResponse,
  type SubscriptionStatus,
} from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { MoneyOperations } from '../../money/money-operations';
import type { Settings } from '../../settings';
import type { AppEnv, Caller } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { rateLimit } from '../../http/rate-limit';
import { isJsonObject, readBody } from '../../http/read-body';
import { refundOutcome } from '../../money/money-plans';
import { findVisibleProject } from '../../project-store/project-repository';
import { monthlyRevenueCents, projectPaymentHistory } from '../../money/payment-ledger';
import type { Purchases } from './purchases';
import type { StripeEvents } from './stripe-events';
import type { StripePayments } from './stripe-payments';
import { PaymentError } from '../../money/types';
import { balanceDue } from './balance';
import { billingRoutes } from './billing-routes';

const MOUNTED_AT = '/api';
/** The spec's purchase page posts to the same route with this suffix. */
const DOWNPAYMENT_INTENT_ALIAS = '/stripe-downpayment-intent.mjs';
const IDEMPOTENCY_KEY = /^[\w:.-]{8,100}$/;
const PAYMENT_INTENT_ID = /^pi_\w{1,100}$/;

function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key))
    throw new HttpError(400, API_MESSAGES.validationFailed, { 'Idempotency-Key': API_MESSAGES.invalidValue });
  return key;
}

type PaymentsRouteDeps = FeatureDeps & {
  /** The Stripe module itself when Stripe is configured (app-deps.ts). */
  stripe?: StripePayments | undefined;
};

interface PaymentsServices {
  money: MoneyOperations;
  purchases?: Purchases | undefined;
  stripeEvents?: StripeEvents | undefined;
}

/**
 * The money routes (spec section 7 plus the webhook, the purchase status and the payment history), mounted by
 * createApp at /api. Access rules come from the route table through defineRoute.
 */
export function paymentsRoutes(deps: PaymentsRouteDeps, services: PaymentsServices): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const mounted = { mountedAt: MOUNTED_AT };
  const { db, config } = deps;
  const actorOf = (caller: Caller) => ({ id: caller.id, role: caller.role });
  const limit = (
    name: string,
    rate: keyof Settings['rateLimits'],
    key?: (c: Context<AppEnv>) => Promise<string>,
  ) =>
    rateLimit({
      db,
      name,
      limit: config.rateLimits[rate],
      trustProxy: config.trustProxy,
      ...(key && { key }),
    });

  function stripe(): StripePayments {
    if (deps.stripe) return deps.stripe;
    throw new HttpError(503, API_MESSAGES.paymentsNotConfigured);
  }
  function purchases() {
    if (services.purchases) return services.purchases;
    throw new HttpError(503, API_MESSAGES.paymentsNotConfigured);
  }

  async function createDownpaymentIntent(
    c: Context<AppEnv>,
    caller: Caller | undefined,
  ): Promise<ApiRouteTypes['downpaymentIntent']['response']> {
    const body = await readBody(c, 'downpaymentIntent');
    const payments = stripe();
    const idempotencyKey = idempotencyKeyOf(c);
    if (body.metadata.type !== 'purchase')
      throw new HttpError(400, API_MESSAGES.invalidValue, { 'metadata.type': API_MESSAGES.invalidValue });
    const tier = Number(body.metadata.tier);
    if (!isFixedPriceTier(tier))
      throw new HttpError(400, API_MESSAGES.invalidValue, { 'metadata.tier': API_MESSAGES.invalidValue });
    if (!body.customer)
      throw new HttpError(400, VALIDATION.serviceRequest.required, {
        customer: VALIDATION.serviceRequest.required,
      });
    // The amount is the tier's deposit; `body.amount` is ignored.
    return payments.createPurchaseIntent({
      tier,
      customer: body.customer,
      userId: caller?.id ?? null,
      ...(body.projectName?.trim() && { projectName: body.projectName.trim() }),
      ...(idempotencyKey && { idempotencyKey }),
    });
  }

  // Anonymous: per client address, and per buyer e-mail whatever the address.
  const intentLimits = [
    limit('payment-intent', 'paymentIntent'),
    limit('payment-intent-email', 'paymentIntentPerEmail', async (c) => {
      // Any JSON at all reaches this key before the route validates it: `null`, an array, a customer that is
      // a number. What is not an e-mail counts as no e-mail; the route then refuses the body (400).
      const parsed: unknown = await c.req.json().catch(() => ({}));
      const body = isJsonObject(parsed) ? parsed : {};
      const customer = isJsonObject(body.customer) ? body.customer : {};
      // The buyer the intent is made for (its receipt): the customer's e-mail, not the top-level one, which a
      // caller could change on every request.
      const email = typeof customer.email === 'string' ? customer.email : body.email;
      // A digest: the counter table keeps no address, and no byte PostgreSQL would refuse.
      return createHash('sha256')
        .update(typeof email === 'string' ? email.trim().toLowerCase() : '')
        .digest('hex');
    }),
  ];
  defineRoute(app, 'downpaymentIntent', ({ c, caller }) => createDownpaymentIntent(c, caller), {
    ...mounted,
    middleware: intentLimits,
  });
  app.post(DOWNPAYMENT_INTENT_ALIAS, intentLimits[0]!, intentLimits[1]!, async (c) =>
    c.json(await createDownpaymentIntent(c, c.get('caller'))),
  );

  defineRoute(
    app,
    'stripeWebhook',
    async ({ c }) => {
      const event = stripe().verifyWebhook(await c.req.text(), c.req.header('stripe-signature'));
      if (!services.stripeEvents) throw new HttpError(503, API_MESSAGES.paymentsNotConfigured);
      // Stored once and handed to a job; a failure here answers 500, so Stripe delivers the event again.
      await services.stripeEvents.receive(event);
      return { received: true as const };
    },
    mounted,
  );

  defineRoute(
    app,
    'purchaseStatus',
    async ({ c }) => {
      const paymentIntentId = c.req.param('paymentIntentId') ?? '';
      if (!PAYMENT_INTENT_ID.test(paymentIntentId)) throw new HttpError(404, API_MESSAGES.routeNotFound);
      try {
        return await purchases().status(paymentIntentId);
      } catch (error) {
        if (error instanceof PaymentError && error.code === 'unknown_payment')
          throw new HttpError(404, error.message);
        throw error;
      }
    },
    { ...mounted, middleware: [limit('purchase-status', 'purchaseStatus')] },
  );

  defineRoute(
    app,
    'processFinalPayment',
    async ({ caller, readBody }) => {
      const body = await readBody();
      const { project } = await services.money.run({
        projectId: body.projectId,
        viewer: caller,
        actor: actorOf(caller),
        kind: 'final_payment_succeeded',
        input: { event: { type: 'final_payment_succeeded' }, paymentMethodId: body.paymentMethodId },
      });
      return { project };
    },
    mounted,
  );

  defineRoute(
    app,
    'stripeRefund',
    async ({ caller, readBody }) => {
      const body = await readBody();
      const { effect } = await services.money.run<{ refund: Parameters<typeof refundOutcome>[0] }>({
        projectId: body.projectId,
        viewer: caller,
        actor: actorOf(caller),
        kind: 'refund_payment',
        input: { event: null, paymentIntentId: body.paymentIntentId },
      });
      return refundOutcome(effect.refund);
    },
    mounted,
  );

  defineRoute(
    app,
    'projectPayments',
    async ({ c, caller }) => {
      const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
      const entries = await projectPaymentHistory(db, project.id);
      const [subscription] = await db.query<{
        status: SubscriptionStatus;
        monthly_cost: number | string | null;
        end_date: Date | string | null;
      }>('select status, monthly_cost, end_date from subscriptions where project_id = $1', [project.id]);
      const payments: PaymentHistoryEntry[] = entries.map(({ amountCents, status, ...entry }) => ({
        ...entry,
        status: status === 'refunded' ? 'refunded' : status === 'failed' ? 'failed' : 'succeeded',
        amount: fromCents(amountCents),
      }));
      const response: ProjectPaymentsResponse = {
        payments,
        balanceDue: balanceDue(project, entries),
        subscription: subscription
          ? {
              status: subscription.status,
              monthlyCost: subscription.monthly_cost === null ? null : Number(subscription.monthly_cost),
              currentPeriodEnd: subscription.end_date ? new Date(subscription.end_date).toISOString() : null,
            }
          : null,
      };
      return response;
    },
    mounted,
  );

  defineRoute(
    app,
    'payOpenInvoice',
    async ({ c, caller, readBody }) => {
      const body = await readBody();
      const { project } = await services.money.run({
        projectId: c.req.param('id') ?? '',
        viewer: caller,
        actor: actorOf(caller),
        kind: 'pay_open_invoice',
        input: { event: null, paymentMethodId: body.paymentMethodId },
      });
      return { project };
    },
    mounted,
  );

  defineRoute(
    app,
    'subscriptionPlans',
    async ({ readQuery }) => {
      const { tier } = await readQuery();
      return { subscriptionPlans: await stripe().subscriptionPlans(tier === '3' ? 3 : 4) };
    },
    mounted,
  );

  defineRoute(
    app,
    'monthlyRevenue',
    async ({ readQuery }) => {
      const { month } = await readQuery();
      return { revenue: fromCents(await monthlyRevenueCents(db, month)) };
    },
    mounted,
  );

  // The billing centre (issue 35): billing details, documents, what is coming, the saved card, the month's books.
  app.route('/', billingRoutes(deps, { stripe: deps.stripe }));

  return app;
}
