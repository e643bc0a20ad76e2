import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { CURRENCY, findTier, isSubscriptionTier } from '@agency/domain/tiers';
import {
  costFor,
  downpaymentFor,
  earlyCancellationPenalty,
  finalPaymentFor,
  fromCents,
  minimumTermMonthsRemaining,
  toCents,
} from '@agency/domain/money';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import { subscriptionPriceLookupKey } from '@agency/domain/payments-config';
import type { PurchaseCustomer, PurchaseStatusResponse } from '@agency/domain/payments-purchase';
import type { Database, Queryable } from '../../db/database';
import { appendProjectEvent, insertProject, UUID } from '../projects/project-repository';
import { projectTitle } from '../projects/project-title';
import {
  findPayment,
  markPurchaseFulfilmentFailed,
  monthlyRevenueCents,
  recordPendingPurchase,
  recordRefund,
  recordSucceededPayment,
  type PaymentKind,
  type PurchaseDetails,
} from './payment-ledger';
import { PaymentError, type PenaltyQuote, type Payments, type ProjectMoneyView, type RefundResult } from './types';

export interface StripePaymentsOptions {
  stripe: Stripe;
  db: Database;
  webhookSecret: string;
  /** Links a paid purchase to the client with that e-mail when the buyer was not signed in. */
  findProfileIdByEmail?: (q: Queryable, email: string) => Promise<string | null>;
  logger?: Logger;
  now?: () => Date;
}

export interface IntentCreated {
  clientSecret: string;
  customerId: string;
  paymentIntentId: string;
}

const SYSTEM_ACTOR = { id: null, role: 'SYSTEM' } as const;

/** Stripe refusals as the API reports them: card problems are the client's, the rest is Stripe's. */
export function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  const stripeError = error as { type?: string; rawType?: string; code?: string; statusCode?: number } | undefined;
  if (stripeError?.type === 'StripeCardError' || stripeError?.rawType === 'card_error') {
    const invalidDetails = stripeError.statusCode === 400;
    return new PaymentError(invalidDetails ? PAYMENT_MESSAGES.invalidCardDetails : PAYMENT_MESSAGES.paymentFailed, invalidDetails ? 400 : 402, stripeError.code ?? 'card_declined');
  }
  if (stripeError?.code === 'resource_missing') return new PaymentError(PAYMENT_MESSAGES.invalidCardDetails, 400, 'resource_missing');
  return new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, stripeError?.code);
}

/**
 * The money module over the official Stripe SDK. Amounts always come from the tier or the stored project;
 * a purchase becomes a project only once this server has seen its PaymentIntent succeed for the right
 * amount, and exactly once per PaymentIntent.
 */
export class StripePayments implements Payments {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  private readonly db: Database;
  private readonly options: StripePaymentsOptions;
  /** In-process single flight per PaymentIntent (the webhook and the status poll may race). */
  private readonly fulfilments = new Map<string, Promise<PurchaseStatusResponse>>();

  constructor(options: StripePaymentsOptions) {
    this.options = options;
    this.stripe = options.stripe;
    this.db = options.db;
    this.webhookSecret = options.webhookSecret;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async findOrCreateCustomer(email: string, name: string | undefined, idempotencyKey?: string): Promise<string> {
    const existing = await this.stripe.customers.list({ email, limit: 1 });
    if (existing.data[0]) return existing.data[0].id;
    const customer = await this.stripe.customers.create(
      { email, ...(name && { name }) },
      idempotencyKey ? { idempotencyKey: `customer:${idempotencyKey}` } : undefined,
    );
    return customer.id;
  }

  // ---- purchase of a fixed-price tier ----------------------------------------------------------------

  /** A PaymentIntent for the tier's deposit (never the browser's amount), with the form kept for later. */
  async createPurchaseIntent(p: {
    tier: number;
    customer: PurchaseCustomer;
    userId: string | null;
    idempotencyKey?: string;
  }): Promise<IntentCreated> {
    const deposit = downpaymentFor(p.tier);
    if (deposit === undefined) throw new PaymentError('This tier cannot be bought directly', 400, 'tier_not_purchasable');
    const clientName = `${p.customer.firstName.trim()} ${p.customer.lastName.trim()}`;
    const email = p.customer.email.trim();
    try {
      const customerId = await this.findOrCreateCustomer(email, clientName, p.idempotencyKey);
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: toCents(deposit),
          currency: CURRENCY,
          customer: customerId,
          receipt_email: email,
          description: `${findTier(p.tier)!.name} deposit`,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { type: 'purchase', tier: String(p.tier), clientName },
        },
        p.idempotencyKey ? { idempotencyKey: `purchase-intent:${p.idempotencyKey}` } : undefined,
      );
      const details: PurchaseDetails = { tier: p.tier as 1 | 2, customer: p.customer, userId: p.userId };
      await recordPendingPurchase(this.db, { paymentIntentId: intent.id, customerId, amountCents: intent.amount, details });
      return { clientSecret: intent.client_secret!, customerId, paymentIntentId: intent.id };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  /** Where a purchase stands; fulfils it here when Stripe says it succeeded but the webhook is not in yet. */
  async purchaseStatus(paymentIntentId: string): Promise<PurchaseStatusResponse> {
    const payment = await findPayment(this.db, paymentIntentId);
    if (!payment || payment.kind !== 'deposit') throw new PaymentError('Unknown payment', 409, 'unknown_payment');
    if (payment.project_id) return { status: 'fulfilled', projectId: payment.project_id };
    if (payment.details.fulfilmentFailed) return { status: 'refunded', projectId: null };
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId).catch((error: unknown) => {
      throw toPaymentError(error);
    });
    return this.fulfilPurchase(intent);
  }

  /** Creates the project of a paid purchase once; a failure to create it refunds the payment. */
  fulfilPurchase(intent: Stripe.PaymentIntent): Promise<PurchaseStatusResponse> {
    const running = this.fulfilments.get(intent.id);
    if (running) return running;
    const work = this.fulfilPurchaseOnce(intent).finally(() => this.fulfilments.delete(intent.id));
    this.fulfilments.set(intent.id, work);
    return work;
  }

  private async fulfilPurchaseOnce(intent: Stripe.PaymentIntent): Promise<PurchaseStatusResponse> {
    const payment = await findPayment(this.db, intent.id);
    if (!payment || payment.kind !== 'deposit') {
      this.options.logger?.warn({ paymentIntentId: intent.id }, 'succeeded purchase without a pending purchase record');
      return { status: 'awaiting_payment', projectId: null };
    }
    if (payment.project_id) return { status: 'fulfilled', projectId: payment.project_id };
    if (payment.details.fulfilmentFailed) return { status: 'refunded', projectId: null };
    if (intent.status !== 'succeeded') {
      return { status: intent.last_payment_error ? 'failed' : 'awaiting_payment', projectId: null };
    }
    if (intent.amount_received !== payment.amount_cents || intent.currency !== CURRENCY) {
      this.options.logger?.error({ paymentIntentId: intent.id, received: intent.amount_received, expected: payment.amount_cents }, 'purchase paid with an unexpected amount');
      await this.refundFailedPurchase(intent, 'amount_mismatch');
      return { status: 'refunded', projectId: null };
    }
    const details = payment.details as unknown as PurchaseDetails;
    try {
      const projectId = await this.db.transaction(async (tx) => {
        const locked = await findPayment(tx, intent.id, { forUpdate: true });
        if (locked?.project_id) return locked.project_id;
        const [existing] = await tx.query<{ id: string }>('select id from projects where stripe_payment_intent_id = $1', [intent.id]);
        const project = existing ?? (await this.insertPurchasedProject(tx, intent, details));
        await recordSucceededPayment(tx, {
          paymentIntentId: intent.id,
          customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
          projectId: project.id,
          kind: 'deposit',
          amountCents: intent.amount_received,
        });
        return project.id;
      });
      return { status: 'fulfilled', projectId };
    } catch (error) {
      // Another process may have created it meanwhile (unique on the PaymentIntent): that is not a failure.
      const [existing] = await this.db.query<{ id: string }>('select id from projects where stripe_payment_intent_id = $1', [intent.id]);
      if (existing) return { status: 'fulfilled', projectId: existing.id };
      this.options.logger?.error({ err: error, paymentIntentId: intent.id }, 'project creation after payment failed; refunding');
      await this.refundFailedPurchase(intent, 'project_creation_failed');
      return { status: 'refunded', projectId: null };
    }
  }

  private async insertPurchasedProject(tx: Queryable, intent: Stripe.PaymentIntent, details: PurchaseDetails) {
    const tier = details.tier;
    const clientName = `${details.customer.firstName.trim()} ${details.customer.lastName.trim()}`;
    const clientEmail = details.customer.email.trim();
    const clientId = details.userId ?? (await this.options.findProfileIdByEmail?.(tx, clientEmail)) ?? null;
    const project = await insertProject(tx, {
      title: projectTitle(findTier(tier)!.name, clientName),
      description: details.customer.projectDescription.trim(),
      tier,
      client_id: clientId,
      client_name: clientName,
      client_email: clientEmail,
      company: details.customer.company?.trim() || null,
      cost: costFor(tier)!,
      downpayment: downpaymentFor(tier)!,
      stripe_payment_intent_id: intent.id,
      stripe_customer_id: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    });
    await appendProjectEvent(tx, {
      projectId: project.id,
      actor: SYSTEM_ACTOR,
      action: 'purchase_paid',
      from: null,
      to: project.status,
      details: { paymentIntentId: intent.id, amountCents: intent.amount_received },
    });
    return project;
  }

  private async refundFailedPurchase(intent: Stripe.PaymentIntent, reason: string): Promise<void> {
    await recordSucceededPayment(this.db, {
      paymentIntentId: intent.id,
      customerId: typeof intent.customer === 'string' ? intent.customer : null,
      projectId: null,
      kind: 'deposit',
      amountCents: intent.amount_received,
    });
    const refund = await this.stripe.refunds.create(
      { payment_intent: intent.id, reason: 'requested_by_customer', metadata: { reason } },
      { idempotencyKey: `purchase-refund:${intent.id}` },
    );
    await recordRefund(this.db, { refundId: refund.id, paymentIntentId: intent.id, amountCents: refund.amount, reason });
    await markPurchaseFulfilmentFailed(this.db, intent.id);
  }

  // ---- the Payments contract used by the project rules ---------------------------------------------------

  async refundDeposit(project: ProjectMoneyView, reason: string): Promise<RefundResult> {
    if (!project.stripePaymentIntentId) throw new PaymentError('This project has no card deposit to refund', 409, 'no_deposit');
    return this.refundPayment(project.stripePaymentIntentId, reason, `deposit-refund:${project.stripePaymentIntentId}`);
  }

  /** Refunds what is left of a payment; an already refunded payment refunds nothing. */
  async refundPayment(paymentIntentId: string, reason: string, idempotencyKey = `refund:${paymentIntentId}`): Promise<RefundResult> {
    const payment = await findPayment(this.db, paymentIntentId);
    if (payment && payment.refunded_cents >= payment.amount_cents) return { refundId: '', amount: 0 };
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntentId, metadata: { reason } },
        { idempotencyKey },
      );
      await recordRefund(this.db, { refundId: refund.id, paymentIntentId, amountCents: refund.amount, reason });
      return { refundId: refund.id, amount: fromCents(refund.amount) };
    } catch (error) {
      if ((error as { code?: string }).code === 'charge_already_refunded') return { refundId: '', amount: 0 };
      throw toPaymentError(error);
    }
  }

  async chargeFinalPayment(project: ProjectMoneyView, paymentMethodId: string): Promise<{ paymentIntentId: string; amount: number }> {
    const amount = finalPaymentFor(project.tier, project.finalPaymentAmount);
    if (amount === undefined) throw new PaymentError('No final payment is due for this project', 409, 'no_final_payment');
    try {
      const customerId = project.stripeCustomerId ?? (await this.findOrCreateCustomer(project.clientEmail, project.clientName));
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: toCents(amount),
          currency: CURRENCY,
          customer: customerId,
          payment_method: paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          description: 'Final payment',
          metadata: { type: 'final', project_id: project.id },
        },
        { idempotencyKey: `final-payment:${project.id}:${paymentMethodId}` },
      );
      if (intent.status !== 'succeeded') throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 402, intent.status);
      await recordSucceededPayment(this.db, { paymentIntentId: intent.id, customerId, projectId: project.id, kind: 'final', amountCents: intent.amount_received });
      return { paymentIntentId: intent.id, amount };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  private async subscriptionPriceId(project: ProjectMoneyView): Promise<string> {
    if (project.stripePriceId) return project.stripePriceId;
    const [plan] = await this.subscriptionPlans(project.tier as 3 | 4);
    if (!plan) throw new PaymentError('No subscription price is set up for this tier', 502, 'no_price');
    return plan.stripe_price_id;
  }

  async startSubscription(project: ProjectMoneyView, paymentMethodId: string): Promise<{ subscriptionId: string; currentPeriodEnd: Date }> {
    if (!isSubscriptionTier(project.tier)) throw new PaymentError('Only tiers 3 and 4 are subscriptions', 409, 'not_a_subscription');
    try {
      const price = await this.subscriptionPriceId(project);
      const customerId = project.stripeCustomerId ?? (await this.findOrCreateCustomer(project.clientEmail, project.clientName));
      // Stripe answers with the attached method; test ids such as pm_card_visa come back as a new id.
      const attached = await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price }],
          default_payment_method: attached.id,
          payment_behavior: 'error_if_incomplete',
          metadata: { project_id: project.id },
        },
        { idempotencyKey: `subscription:${project.id}:${paymentMethodId}` },
      );
      const periodEnd = subscription.items.data[0]?.current_period_end;
      if (!periodEnd) throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, 'no_period');
      return { subscriptionId: subscription.id, currentPeriodEnd: new Date(periodEnd * 1000) };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  async cancelSubscription(project: ProjectMoneyView): Promise<void> {
    const rows = await this.db.query<{ id: string | null }>(
      `select stripe_subscription_id as id from subscriptions where project_id = $1 and status <> 'cancelled'
       union select stripe_subscription_id from projects where id = $1`,
      [project.id],
    );
    for (const id of new Set(rows.map((row) => row.id).filter((value): value is string => !!value))) {
      try {
        const current = await this.stripe.subscriptions.retrieve(id);
        if (current.status !== 'canceled') await this.stripe.subscriptions.cancel(id);
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') continue;
        throw toPaymentError(error);
      }
    }
  }

  async quotePenalty(project: ProjectMoneyView): Promise<PenaltyQuote> {
    const [subscription] = await this.db.query<{ start_date: Date | string; monthly_cost: string | number | null }>(
      `select start_date, monthly_cost from subscriptions where project_id = $1`,
      [project.id],
    );
    const subscriptionFee = Number(subscription?.monthly_cost ?? project.cost ?? findTier(project.tier)?.defaultMonthlyDollars ?? 0);
    if (project.tier !== 4 || !subscription) return { hasPenalty: false, penaltyAmount: 0, monthsRemaining: 0, subscriptionFee };
    const monthsRemaining = minimumTermMonthsRemaining(new Date(subscription.start_date), this.now());
    const penaltyAmount = earlyCancellationPenalty(monthsRemaining, subscriptionFee);
    return { hasPenalty: penaltyAmount > 0, penaltyAmount, monthsRemaining, subscriptionFee };
  }

  /** A PaymentIntent for the current penalty quote of a tier 4 project, paid in the browser. */
  async createPenaltyIntent(project: ProjectMoneyView, idempotencyKey?: string): Promise<IntentCreated> {
    const quote = await this.quotePenalty(project);
    if (!quote.hasPenalty) throw new PaymentError('No early-cancellation penalty is due', 409, 'no_penalty');
    try {
      const customerId = project.stripeCustomerId ?? (await this.findOrCreateCustomer(project.clientEmail, project.clientName, idempotencyKey));
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: toCents(quote.penaltyAmount),
          currency: CURRENCY,
          customer: customerId,
          description: 'Early-cancellation penalty',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { type: 'penalty', project_id: project.id, clientName: project.clientName },
        },
        idempotencyKey ? { idempotencyKey: `penalty-intent:${idempotencyKey}` } : undefined,
      );
      return { clientSecret: intent.client_secret!, customerId, paymentIntentId: intent.id };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  async verifyPenaltyPayment(project: ProjectMoneyView, paymentIntentId: string): Promise<void> {
    const quote = await this.quotePenalty(project);
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId).catch((error: unknown) => {
      throw toPaymentError(error);
    });
    const paid =
      intent.status === 'succeeded' &&
      intent.metadata.type === 'penalty' &&
      intent.metadata.project_id === project.id &&
      intent.currency === CURRENCY &&
      intent.amount_received >= toCents(quote.penaltyAmount);
    if (!paid) throw new PaymentError('The early-cancellation penalty has not been paid', 402, 'penalty_unpaid');
    await recordSucceededPayment(this.db, {
      paymentIntentId: intent.id,
      customerId: typeof intent.customer === 'string' ? intent.customer : null,
      projectId: project.id,
      kind: 'penalty',
      amountCents: intent.amount_received,
    });
  }

  // ---- reports and webhooks --------------------------------------------------------------------------

  async subscriptionPlans(tier: 3 | 4): Promise<{ stripe_price_id: string; monthly_cost: number; tier: 3 | 4 }[]> {
    const prices = await this.stripe.prices.list({ lookup_keys: [subscriptionPriceLookupKey(tier)], active: true, limit: 10 });
    return prices.data.map((price) => ({ stripe_price_id: price.id, monthly_cost: fromCents(price.unit_amount ?? 0), tier }));
  }

  async monthlyRevenue(): Promise<number> {
    return fromCents(await monthlyRevenueCents(this.db));
  }

  /** Verifies Stripe's signature; throws a 400 PaymentError when the payload was not signed by Stripe. */
  verifyWebhook(payload: string, signature: string | undefined): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(payload, signature ?? '', this.webhookSecret);
    } catch {
      throw new PaymentError('Invalid webhook signature', 400, 'invalid_signature');
    }
  }

  async handleWebhookEvent(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const kind = intent.metadata.type;
        if (kind === 'purchase') await this.fulfilPurchase(intent);
        else if (kind === 'final' || kind === 'penalty') await this.recordProjectPayment(intent, kind);
        return;
      }
      case 'charge.refunded': {
        const intentId = typeof event.data.object.payment_intent === 'string' ? event.data.object.payment_intent : event.data.object.payment_intent?.id;
        if (intentId) await this.syncRefunds(intentId);
        return;
      }
      case 'refund.created': {
        const refund = event.data.object;
        const intentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
        if (intentId && refund.status === 'succeeded') {
          await recordRefund(this.db, { refundId: refund.id, paymentIntentId: intentId, amountCents: refund.amount, reason: refund.metadata?.reason ?? refund.reason ?? null });
        }
        return;
      }
      case 'customer.subscription.deleted':
        await this.db.query(
          `update subscriptions set status = 'cancelled', end_date = coalesce(least(end_date, now()), now())
           where stripe_subscription_id = $1 and status <> 'cancelled'`,
          [event.data.object.id],
        );
        return;
      case 'payment_intent.payment_failed':
        this.options.logger?.info({ paymentIntentId: event.data.object.id, code: event.data.object.last_payment_error?.code }, 'payment failed');
        return;
      default:
        return;
    }
  }

  private async recordProjectPayment(intent: Stripe.PaymentIntent, kind: Extract<PaymentKind, 'final' | 'penalty'>): Promise<void> {
    const projectId = intent.metadata.project_id;
    const [project] = projectId && UUID.test(projectId) ? await this.db.query<{ id: string }>('select id from projects where id = $1', [projectId]) : [];
    await recordSucceededPayment(this.db, {
      paymentIntentId: intent.id,
      customerId: typeof intent.customer === 'string' ? intent.customer : null,
      projectId: project?.id ?? null,
      kind,
      amountCents: intent.amount_received,
    });
  }

  private async syncRefunds(paymentIntentId: string): Promise<void> {
    const refunds = await this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
    for (const refund of refunds.data) {
      if (refund.status !== 'succeeded') continue;
      await recordRefund(this.db, { refundId: refund.id, paymentIntentId, amountCents: refund.amount, reason: refund.metadata?.reason ?? refund.reason ?? null });
    }
  }
}

export function createStripePayments(options: StripePaymentsOptions): StripePayments {
  return new StripePayments(options);
}

