import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { CURRENCY, findTier } from '@agency/domain/tiers';
import { finalPaymentFor, toCents } from '@agency/domain/money';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import type { PurchaseCustomer } from '@agency/domain/payments-purchase';
import type { Database, Queryable } from '../../db/database';
import { stripeJournal, type JournalStep, type StripeJournalOptions } from '../../money/stripe-journal';
import { recordPendingPurchase } from '../../money/payment-ledger';
import {
  PaymentError,
  type ChargeResult,
  type MoneyOperationRef,
  type Payments,
  type PenaltyQuote,
  type ProjectMoneyView,
  type RefundResult,
  type Reversal,
  type ReversedCharge,
} from '../../money/types';
import { cardLast4, idOf, toPaymentError } from './stripe-objects';
import { StripeSubscriptions } from './stripe-subscriptions';
import { StripeSavedCards, type CardHolder } from './stripe-saved-cards';

export interface StripePaymentsOptions {
  stripe: Stripe;
  db: Database;
  webhookSecret: string;
  /**
   * Start each subscription on a customer of its own attached to a Stripe test clock (test mode only), so a
   * person or a test can make months pass (`npm run stripe:clock`). On with the offline Stripe stand-in.
   */
  testClocks?: boolean;
  logger?: Logger;
  now?: () => Date;
  /** Fault injection for failure tests: called after each journalled Stripe call answered. */
  afterStripeCall?: StripeJournalOptions['afterCall'];
  /** Fault injection for crash tests: called when Stripe answered, before the journal records the answer. */
  beforeJournalAnswer?: StripeJournalOptions['beforeJournalAnswer'];
}

export interface IntentCreated {
  clientSecret: string;
  customerId: string;
  paymentIntentId: string;
}

/**
 * The money module over the official Stripe SDK. Amounts always come from the tier or the stored project.
 * Every call that moves money runs inside a money operation and goes through its journal (stripe-journal.ts);
 * this module never writes the ledger itself: the project rules write it together with the state change.
 */
export class StripePayments implements Payments {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  private readonly db: Database;
  private readonly options: StripePaymentsOptions;
  private readonly subscriptions: StripeSubscriptions;
  private readonly savedCards: StripeSavedCards;

  constructor(options: StripePaymentsOptions) {
    this.options = options;
    this.stripe = options.stripe;
    this.db = options.db;
    this.webhookSecret = options.webhookSecret;
    this.savedCards = new StripeSavedCards(this.stripe, this.db);
    this.subscriptions = new StripeSubscriptions({
      stripe: this.stripe,
      db: this.db,
      testClocks: !!options.testClocks,
      logger: options.logger,
      now: () => this.now(),
      journal: (op) => this.journal(op),
      customerFor: (project, op) => this.customerFor(project, op),
      retrievePaymentIntent: (id) => this.retrievePaymentIntent(id),
    });
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private journal(op: MoneyOperationRef) {
    return stripeJournal(
      {
        db: this.db,
        stripe: this.stripe,
        ...(this.options.afterStripeCall && { afterCall: this.options.afterStripeCall }),
        ...(this.options.beforeJournalAnswer && { beforeJournalAnswer: this.options.beforeJournalAnswer }),
      },
      op,
    );
  }

  private async findCustomer(email: string): Promise<string | null> {
    const existing = await this.stripe.customers.list({ email, limit: 1 });
    return existing.data[0]?.id ?? null;
  }

  // ---- purchase of a fixed-price tier (anonymous: no project exists until the payment succeeded) ----------

  /** A PaymentIntent for the tier's deposit (never the browser's amount), with the form kept for later. */
  async createPurchaseIntent(p: {
    tier: number;
    customer: PurchaseCustomer;
    userId: string | null;
    projectName?: string;
    idempotencyKey?: string;
  }): Promise<IntentCreated> {
    const tier = findTier(p.tier);
    if (!tier?.downpaymentDollars)
      throw new PaymentError('This tier cannot be bought directly', 400, 'tier_not_purchasable');
    const clientName = `${p.customer.firstName.trim()} ${p.customer.lastName.trim()}`;
    const email = p.customer.email.trim();
    try {
      const customerId = await this.purchaseCustomer({ ...p, email, clientName });
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: toCents(tier.downpaymentDollars),
          currency: CURRENCY,
          customer: customerId,
          receipt_email: email,
          description: `${tier.name} deposit`,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { type: 'purchase', tier: String(p.tier), clientName },
        },
        p.idempotencyKey ? { idempotencyKey: `purchase-intent:${p.idempotencyKey}` } : undefined,
      );
      await recordPendingPurchase(this.db, {
        paymentIntentId: intent.id,
        customerId,
        amountCents: intent.amount,
        details: {
          tier: p.tier as 1 | 2,
          customer: p.customer,
          userId: p.userId,
          ...(p.projectName && { projectName: p.projectName }),
        },
      });
      return { clientSecret: intent.client_secret!, customerId, paymentIntentId: intent.id };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  /**
   * The Stripe customer a purchase is charged on, never one found by the e-mail typed in the form: that lookup
   * answered an anonymous caller with the customer id of whoever bought with that address before, and charged
   * on that customer (issue 31), so anyone could learn which addresses had bought. A signed-in buyer's purchase
   * goes on the customer of their own earlier purchases (found in the ledger through their account's projects),
   * or a new one; a guest's always on a new one. A guest purchase is tied to an account later only by its
   * e-mail's owner (the project is theirs once they sign up), which tells the buyer nothing.
   */
  private async purchaseCustomer(p: {
    email: string;
    clientName: string;
    userId: string | null;
    idempotencyKey?: string;
  }): Promise<string> {
    if (p.userId) {
      const [own] = await this.db.query<{ stripe_customer_id: string }>(
        `select pay.stripe_customer_id from payments pay join projects pr on pr.id = pay.project_id
         where pay.kind = 'deposit' and pr.client_id = $1 and pay.stripe_customer_id is not null
         order by pay.created_at desc limit 1`,
        [p.userId],
      );
      if (own) return own.stripe_customer_id;
    }
    const created = await this.stripe.customers.create(
      {
        email: p.email,
        name: p.clientName,
        metadata: p.userId ? { user_id: p.userId } : { guest_purchase: 'true' },
      },
      p.idempotencyKey ? { idempotencyKey: `customer:${p.idempotencyKey}` } : undefined,
    );
    return created.id;
  }

  /** The PaymentIntent as Stripe has it now, with its charge: webhooks and polls act on this, never on a body. */
  async retrievePaymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
    try {
      return await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  /** Refunds a purchase whose project could not be created; the key makes a repeated call refund once. */
  async refundUnfulfilledPurchase(paymentIntentId: string, reason: string): Promise<RefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntentId, reason: 'requested_by_customer', metadata: { reason } },
        { idempotencyKey: `purchase-refund:${paymentIntentId}` },
      );
      return { refundId: refund.id, paymentIntentId, amountCents: refund.amount };
    } catch (error) {
      if ((error as { code?: string }).code === 'charge_already_refunded') {
        const [refund] = (await this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 })).data;
        return { refundId: refund?.id ?? '', paymentIntentId, amountCents: refund?.amount ?? 0 };
      }
      throw toPaymentError(error);
    }
  }

  /** Cancels a purchase intent nobody paid (stale checkout). Resolves with the intent as it ends up. */
  async cancelUnpaidIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing')
      return intent;
    return this.stripe.paymentIntents.cancel(
      paymentIntentId,
      { cancellation_reason: 'abandoned' },
      { idempotencyKey: `abandon:${paymentIntentId}` },
    );
  }

  // ---- the saved card (issue 35): stripe-saved-cards.ts ----------------------------------------------------

  saveCard(client: CardHolder, paymentMethodId: string) {
    return this.savedCards.saveCard(client, paymentMethodId);
  }

  // ---- money operations (the Payments contract) ---------------------------------------------------------

  async refundDeposit(
    project: ProjectMoneyView,
    reason: string,
    op: MoneyOperationRef,
  ): Promise<RefundResult> {
    const paymentIntentId = project.stripePaymentIntentId;
    if (!paymentIntentId)
      throw new PaymentError('This project has no card deposit to refund', 409, 'no_deposit');
    return this.refund(paymentIntentId, reason, op, 'refund-deposit');
  }

  /** Refunds what is left of a payment within an operation; an already refunded payment refunds nothing. */
  async refund(
    paymentIntentId: string,
    reason: string,
    op: MoneyOperationRef,
    step: string,
  ): Promise<RefundResult> {
    try {
      const refund = await this.journal(op).run(step, 'refunds.create', {
        payment_intent: paymentIntentId,
        reason: 'requested_by_customer',
        metadata: { reason, operation: op.key },
      });
      return { refundId: refund.id, paymentIntentId, amountCents: refund.amount };
    } catch (error) {
      if ((error as { code?: string }).code === 'charge_already_refunded')
        return { refundId: '', paymentIntentId, amountCents: 0 };
      throw toPaymentError(error);
    }
  }

  private async customerFor(project: ProjectMoneyView, op: MoneyOperationRef): Promise<string> {
    if (project.stripeCustomerId) return project.stripeCustomerId;
    const found = await this.findCustomer(project.clientEmail);
    if (found) return found;
    const created = await this.journal(op).run('customer', 'customers.create', {
      email: project.clientEmail,
      name: project.clientName,
      metadata: { project_id: project.id },
    });
    return created.id;
  }

  private async charge(
    project: ProjectMoneyView,
    paymentMethodId: string,
    op: MoneyOperationRef,
    {
      step,
      amount,
      description,
      type,
    }: { step: string; amount: number; description: string; type: 'final' | 'penalty' },
  ): Promise<ChargeResult> {
    try {
      const customerId = await this.customerFor(project, op);
      const intent = await this.journal(op).run(step, 'paymentIntents.create', {
        amount: toCents(amount),
        currency: CURRENCY,
        customer: customerId,
        payment_method: paymentMethodId,
        // Cards only: they succeed or fail at once (or wait for 3D Secure), never stay `processing` for days.
        payment_method_types: ['card'],
        confirm: true,
        description,
        expand: ['latest_charge'],
        metadata: { type, project_id: project.id, operation: op.key },
      });
      if (intent.status !== 'succeeded')
        throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 402, intent.status);
      return {
        paymentIntentId: intent.id,
        customerId,
        amountCents: intent.amount_received,
        cardLast4: cardLast4(intent.latest_charge as Stripe.Charge),
      };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  async chargeFinalPayment(
    project: ProjectMoneyView,
    paymentMethodId: string,
    op: MoneyOperationRef,
  ): Promise<ChargeResult> {
    const amount = finalPaymentFor(project.tier, project.finalPaymentAmount);
    if (amount === undefined)
      throw new PaymentError('No final payment is due for this project', 409, 'no_final_payment');
    return this.charge(project, paymentMethodId, op, {
      step: 'charge',
      amount,
      description: 'Final payment',
      type: 'final',
    });
  }

  async chargePenalty(
    project: ProjectMoneyView,
    paymentMethodId: string,
    quote: PenaltyQuote,
    op: MoneyOperationRef,
  ): Promise<ChargeResult> {
    if (!quote.hasPenalty) throw new PaymentError('No early-cancellation penalty is due', 409, 'no_penalty');
    return this.charge(project, paymentMethodId, op, {
      step: 'penalty',
      amount: quote.penaltyAmount,
      description: 'Early-cancellation penalty',
      type: 'penalty',
    });
  }

  refundPayment(paymentIntentId: string, reason: string, op: MoneyOperationRef): Promise<RefundResult> {
    return this.refund(paymentIntentId, reason, op, 'refund');
  }

  // ---- subscriptions (stripe-subscriptions.ts) ---------------------------------------------------------

  startSubscription(project: ProjectMoneyView, paymentMethodId: string, op: MoneyOperationRef) {
    return this.subscriptions.startSubscription(project, paymentMethodId, op);
  }

  invoicePayment(invoiceId: string, knownLast4?: string | null) {
    return this.subscriptions.invoicePayment(invoiceId, knownLast4);
  }

  payOpenInvoice(project: ProjectMoneyView, paymentMethodId: string, op: MoneyOperationRef) {
    return this.subscriptions.payOpenInvoice(project, paymentMethodId, op);
  }

  cancelSubscription(project: ProjectMoneyView, op: MoneyOperationRef) {
    return this.subscriptions.cancelSubscription(project, op);
  }

  quotePenalty(project: ProjectMoneyView, q: Queryable = this.db) {
    return this.subscriptions.quotePenalty(project, q);
  }

  subscriptionPlans(tier: 3 | 4) {
    return this.subscriptions.subscriptionPlans(tier);
  }

  async reverse(op: MoneyOperationRef): Promise<{ reversals: Reversal[]; charges: ReversedCharge[] }> {
    const journal = this.journal(op);
    const steps = await journal.settle();
    const reversals: Reversal[] = [];
    const charges: ReversedCharge[] = [];
    for (const step of [...steps].reverse()) {
      if (step.status !== 'succeeded' || step.name.startsWith('undo-')) continue;
      const undo = `undo-${step.name}`;
      if (step.call === 'paymentIntents.create') {
        const intent = await this.closeCharge(step.response as unknown as Stripe.PaymentIntent);
        if (intent.status !== 'succeeded') continue;
        charges.push({ ...chargeOf(intent), kind: intent.metadata.type === 'penalty' ? 'penalty' : 'final' });
        reversals.push({
          type: 'refund',
          ...(await this.refund(intent.id, 'Reversed: the change it paid for was not made', op, undo)),
          reason: 'reversal',
        });
      }
      if (step.call === 'subscriptions.create') {
        const subscription = step.response as unknown as Stripe.Subscription;
        try {
          await journal.run(undo, 'subscriptions.cancel', {}, subscription.id);
        } catch (error) {
          if ((error as { code?: string }).code !== 'resource_missing') throw toPaymentError(error);
        }
        reversals.push({ type: 'subscription_cancelled', subscriptionId: subscription.id });
        const invoice = subscription.latest_invoice
          ? await this.invoicePayment(idOf(subscription.latest_invoice)!)
          : null;
        if (invoice?.paymentIntentId) {
          charges.push({
            kind: 'subscription',
            invoiceId: invoice.invoiceId,
            paymentIntentId: invoice.paymentIntentId,
            customerId: idOf(subscription.customer),
            amountCents: invoice.amountCents,
            cardLast4: invoice.cardLast4,
          });
          reversals.push({
            type: 'refund',
            ...(await this.refund(
              invoice.paymentIntentId,
              'Reversed: the subscription was not started',
              op,
              `${undo}-invoice`,
            )),
            reason: 'reversal',
          });
        }
      }
    }
    return { reversals, charges };
  }

  /**
   * A charge of the operation being reversed, as it ends up: one that did not succeed when it was made (waiting
   * for 3D Secure, say) may still, so it is cancelled; one that succeeded meanwhile comes back succeeded, to be
   * refunded. Throws (a 502, so recovery tries again later) while Stripe can neither cancel nor has settled it.
   */
  private async closeCharge(charged: Stripe.PaymentIntent): Promise<Stripe.PaymentIntent> {
    if (charged.status === 'succeeded' || charged.status === 'canceled') return charged;
    const intent = await this.retrievePaymentIntent(charged.id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') return intent;
    try {
      // Not journalled: cancelling moves no money, and this runs again until the intent is settled.
      return await this.stripe.paymentIntents.cancel(intent.id, { expand: ['latest_charge'] });
    } catch (error) {
      if ((error as { code?: string }).code !== 'payment_intent_unexpected_state')
        throw toPaymentError(error);
      const settled = await this.retrievePaymentIntent(intent.id);
      if (settled.status === 'succeeded' || settled.status === 'canceled') return settled;
      throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, `charge_${settled.status}`);
    }
  }

  /** Verifies Stripe's signature; throws a 400 PaymentError when the payload was not signed by Stripe. */
  verifyWebhook(payload: string, signature: string | undefined): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(payload, signature ?? '', this.webhookSecret);
    } catch {
      throw new PaymentError('Invalid webhook signature', 400, 'invalid_signature');
    }
  }
}

function chargeOf(intent: Stripe.PaymentIntent): ChargeResult {
  return {
    paymentIntentId: intent.id,
    customerId: idOf(intent.customer),
    amountCents: intent.amount_received,
    cardLast4: cardLast4(intent.latest_charge as Stripe.Charge),
  };
}

export type { JournalStep };

export function createStripePayments(options: StripePaymentsOptions): StripePayments {
  return new StripePayments(options);
}
