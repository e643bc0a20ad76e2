import { Hono, type Context } from 'hono';
import {
  API_MESSAGES,
  downpaymentIntentSchema,
  isFixedPriceTier,
  processFinalPaymentSchema,
  stripeRefundSchema,
  VALIDATION,
  type ApiRouteTypes,
} from '@agency/domain';
import type { AppDeps } from '../../app-deps';
import type { AppEnv, Caller } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { readBody } from '../../http/read-body';
import { findPayment } from './payment-ledger';
import { findVisibleProject, toMoneyView } from '../projects/project-repository';
import { applyProjectTransition } from '../projects/project-transitions';
import { StripePayments } from './stripe-payments';
import { PaymentError } from './types';

const MOUNTED_AT = '/api';
/** The spec's purchase page posts to the same route with this suffix. */
const DOWNPAYMENT_INTENT_ALIAS = '/stripe-downpayment-intent.mjs';
const IDEMPOTENCY_KEY = /^[\w:.-]{8,100}$/;
const PAYMENT_INTENT_ID = /^pi_\w{1,100}$/;

function stripeOf(deps: AppDeps): StripePayments {
  if (deps.payments instanceof StripePayments) return deps.payments;
  throw new HttpError(503, API_MESSAGES.paymentsNotConfigured);
}

function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, API_MESSAGES.validationFailed, { 'Idempotency-Key': API_MESSAGES.invalidValue });
  return key;
}

/**
 * The money routes (spec section 7 plus the webhook and the purchase status), mounted by createApp at /api.
 * Access rules come from the route table through defineRoute.
 */
export function paymentsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const mounted = { mountedAt: MOUNTED_AT };
  const actorOf = (caller: Caller) => ({ id: caller.id, role: caller.role });

  async function createDownpaymentIntent(c: Context<AppEnv>, caller: Caller | undefined): Promise<ApiRouteTypes['downpaymentIntent']['response']> {
    const body = await readBody(c, downpaymentIntentSchema);
    const payments = stripeOf(deps);
    const idempotencyKey = idempotencyKeyOf(c);
    if (body.metadata.type === 'purchase') {
      const tier = Number(body.metadata.tier);
      if (!isFixedPriceTier(tier)) throw new HttpError(400, API_MESSAGES.invalidValue, { 'metadata.tier': API_MESSAGES.invalidValue });
      if (!body.customer) throw new HttpError(400, VALIDATION.serviceRequest.required, { customer: VALIDATION.serviceRequest.required });
      // The amount is the tier's deposit; `body.amount` is ignored.
      return payments.createPurchaseIntent({ tier, customer: body.customer, userId: caller?.id ?? null, ...(idempotencyKey && { idempotencyKey }) });
    }
    if (body.metadata.type === 'penalty') {
      if (!caller) throw new HttpError(401, API_MESSAGES.unauthenticated);
      const projectId = body.metadata.project_id ?? body.projectId ?? '';
      const project = await findVisibleProject(deps.db, projectId, caller);
      return payments.createPenaltyIntent(toMoneyView(project), idempotencyKey);
    }
    throw new HttpError(400, API_MESSAGES.invalidValue, { 'metadata.type': API_MESSAGES.invalidValue });
  }

  defineRoute(app, 'downpaymentIntent', ({ c, caller }) => createDownpaymentIntent(c, caller), mounted);
  app.post(DOWNPAYMENT_INTENT_ALIAS, async (c) => c.json(await createDownpaymentIntent(c, c.get('caller'))));

  defineRoute(
    app,
    'stripeWebhook',
    async ({ c }) => {
      const payments = stripeOf(deps);
      const event = payments.verifyWebhook(await c.req.text(), c.req.header('stripe-signature'));
      // A handler failure answers 500, so Stripe delivers the event again later.
      await payments.handleWebhookEvent(event);
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
        return await stripeOf(deps).purchaseStatus(paymentIntentId);
      } catch (error) {
        if (error instanceof PaymentError && error.code === 'unknown_payment') throw new HttpError(404, error.message);
        throw error;
      }
    },
    mounted,
  );

  defineRoute(
    app,
    'processFinalPayment',
    async ({ c, caller }) => {
      const body = await readBody(c, processFinalPaymentSchema);
      const payments = stripeOf(deps);
      // The state machine checks the project awaits its final payment before anything is charged.
      const { project } = await applyProjectTransition(deps.db, {
        projectId: body.projectId,
        viewer: caller,
        actor: actorOf(caller),
        event: { type: 'final_payment_succeeded' },
        before: (p) => payments.chargeFinalPayment(toMoneyView(p), body.paymentMethodId),
        details: (charge) => charge,
      });
      return { project };
    },
    mounted,
  );

  defineRoute(
    app,
    'stripeRefund',
    async ({ c, caller }) => {
      const body = await readBody(c, stripeRefundSchema);
      const payments = stripeOf(deps);
      const project = await findVisibleProject(deps.db, body.projectId, caller);
      const payment = await findPayment(deps.db, body.paymentIntentId);
      if (project.stripe_payment_intent_id !== body.paymentIntentId && payment?.project_id !== project.id) {
        throw new HttpError(404, 'Payment not found for this project');
      }
      const refund = await payments.refundPayment(body.paymentIntentId, 'Refunded by the admin');
      return { refundIssued: refund.amount > 0, refundAmount: refund.amount };
    },
    mounted,
  );

  defineRoute(
    app,
    'subscriptionPlans',
    async ({ c }) => {
      const tier = c.req.query('tier');
      if (tier !== '3' && tier !== '4') throw new HttpError(400, API_MESSAGES.invalidValue, { tier: API_MESSAGES.invalidValue });
      return { subscriptionPlans: await stripeOf(deps).subscriptionPlans(tier === '3' ? 3 : 4) };
    },
    mounted,
  );

  defineRoute(app, 'monthlyRevenue', async () => ({ revenue: await stripeOf(deps).monthlyRevenue() }), mounted);

  return app;
}
