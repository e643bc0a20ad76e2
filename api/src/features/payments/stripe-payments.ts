import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { CURRENCY, findTier, isSubscriptionTier } from '@agency/domain/tiers';
import {
  earlyCancellationPenalty,
  finalPaymentFor,
  formatUsd,
  fromCents,
  minimumTermMonthsRemaining,
  monthlyFee,
  toCents,
} from '@agency/domain/money';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import { subscriptionPriceLookupKey } from '@agency/domain/payments-config';
import type { PurchaseCustomer } from '@agency/domain/payments-purchase';
import type { Database, Queryable } from '../../db/database';
import {
  isDefinitiveRefusal,
  stripeJournal,
  type JournalStep,
  type StripeJournalOptions,
} from '../money/stripe-journal';
import { recordPendingPurchase } from '../money/payment-ledger';
import {
  AbandonOperation,
  PaymentError,
  type ChargeResult,
  type InvoicePayment,
  type MoneyOperationRef,
  type Payments,
  type PenaltyQuote,
  type ProjectMoneyView,
  type RefundResult,
  type Reversal,
  type ReversedCharge,
  type SubscriptionStarted,
} from '../money/types';

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

/** Stripe refusals as the API reports them: card problems are the client's, the rest is Stripe's. */
export function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  // A simulated crash must not be mistaken for Stripe's answer.
  if (error instanceof AbandonOperation) throw error;
  const stripeError = error as
    { type?: string; rawType?: string; code?: string; statusCode?: number; message?: string } | undefined;
  if (
    stripeError?.type === 'StripeCardError' ||
    stripeError?.rawType === 'card_error' ||
    stripeError?.type === 'card_error'
  ) {
    const invalidDetails = stripeError.statusCode === 400;
    return new PaymentError(
      invalidDetails ? PAYMENT_MESSAGES.invalidCardDetails : PAYMENT_MESSAGES.paymentFailed,
      invalidDetails ? 400 : 402,
      stripeError.code ?? 'card_declined',
      stripeError.message,
    );
  }
  if (stripeError?.code === 'resource_missing')
    return new PaymentError(PAYMENT_MESSAGES.invalidCardDetails, 400, 'resource_missing');
  return new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, stripeError?.code);
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A price as a person reads it: "$15,000/month", "$900 every 3 months", "50 EUR once". */
function priceText(price: Stripe.Price): string {
  const dollars = fromCents(price.unit_amount ?? 0);
  const amount =
    price.currency === CURRENCY ? formatUsd(dollars) : `${dollars} ${price.currency.toUpperCase()}`;
  const recurring = price.recurring;
  if (!recurring) return `${amount} once`;
  return recurring.interval_count === 1
    ? `${amount}/${recurring.interval}`
    : `${amount} every ${recurring.interval_count} ${recurring.interval}s`;
}

/** The card behind a charge, as receipts name it. */
export function cardLast4(charge: Stripe.Charge | string | null | undefined): string | null {
  return typeof charge === 'object' && charge ? (charge.payment_method_details?.card?.last4 ?? null) : null;
}

/** The PaymentIntent that paid an invoice (API 2025+: invoice.payments; older: invoice.payment_intent). */
export function invoicePaymentIntentId(invoice: Stripe.Invoice): string | null {
  const paid =
    invoice.payments?.data.find((payment) => payment.status === 'paid') ?? invoice.payments?.data[0];
  return (
    idOf(paid?.payment.payment_intent) ??
    idOf((invoice as unknown as { payment_intent?: string | null }).payment_intent)
  );
}

export const invoiceSubscriptionId = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ??
  idOf((invoice as unknown as { subscription?: string | null }).subscription);

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

  constructor(options: StripePaymentsOptions) {
    this.options = options;
    this.stripe = options.stripe;
    this.db = options.db;
    this.webhookSecret = options.webhookSecret;
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
        details: { tier: p.tier as 1 | 2, customer: p.customer, userId: p.userId },
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

  /**
   * The subscription item that bills exactly the monthly fee the client approved (`monthlyFee`, as the portal
   * shows it): the project's own Stripe price when it is that amount each month, else an inline price of the
   * tier's product. Refuses (409) before anything is charged when the fee is not positive or the project's
   * price bills another amount.
   */
  private async subscriptionItem(
    project: ProjectMoneyView & { tier: 3 | 4 },
  ): Promise<Stripe.SubscriptionCreateParams.Item> {
    const fee = monthlyFee(project) ?? 0;
    if (fee <= 0)
      throw new PaymentError('This proposal has no monthly fee to subscribe to', 409, 'no_monthly_fee');
    const unitAmount = toCents(fee);
    if (project.stripePriceId) {
      const price = await this.projectPrice(project.stripePriceId);
      const billsFeeMonthly =
        price.unit_amount === unitAmount &&
        price.currency === CURRENCY &&
        price.recurring?.interval === 'month' &&
        price.recurring.interval_count === 1;
      if (!billsFeeMonthly)
        throw new PaymentError(
          `The Stripe price of this proposal bills ${priceText(price)}, not the approved ${formatUsd(fee)}/month. Nothing was charged; the proposal needs correcting.`,
          409,
          'price_mismatch',
        );
      return { price: price.id };
    }
    const [catalogPrice] = await this.catalogPrices(project.tier);
    if (!catalogPrice)
      throw new PaymentError('No subscription price is set up for this tier', 502, 'no_price');
    return {
      price_data: {
        currency: CURRENCY,
        product: idOf(catalogPrice.product)!,
        recurring: { interval: 'month' },
        unit_amount: unitAmount,
      },
    };
  }

  private async projectPrice(priceId: string): Promise<Stripe.Price> {
    try {
      return await this.stripe.prices.retrieve(priceId);
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing')
        throw new PaymentError(
          `The Stripe price of this proposal (${priceId}) does not exist. Nothing was charged; the proposal needs correcting.`,
          409,
          'price_missing',
        );
      throw error;
    }
  }

  /** The active catalog price of a subscription tier (lookup key tier_N_monthly, made by `npm run stripe:setup`). */
  private async catalogPrices(tier: 3 | 4): Promise<Stripe.Price[]> {
    const prices = await this.stripe.prices.list({
      lookup_keys: [subscriptionPriceLookupKey(tier)],
      active: true,
      limit: 10,
    });
    return prices.data;
  }

  async startSubscription(
    project: ProjectMoneyView,
    paymentMethodId: string,
    op: MoneyOperationRef,
  ): Promise<SubscriptionStarted> {
    const tier = project.tier;
    if (!isSubscriptionTier(tier))
      throw new PaymentError('Only tiers 3 and 4 are subscriptions', 409, 'not_a_subscription');
    try {
      const journal = this.journal(op);
      // First, so that a refused price leaves nothing behind in Stripe.
      const subscriptionItem = await this.subscriptionItem({ ...project, tier });
      let customerId: string;
      let testClockId: string | null = null;
      if (this.options.testClocks) {
        const clock = await journal.run('test-clock', 'testHelpers.testClocks.create', {
          frozen_time: Math.floor(this.now().getTime() / 1000),
          name: `Project ${project.id}`,
        });
        testClockId = clock.id;
        customerId = (
          await journal.run('customer', 'customers.create', {
            email: project.clientEmail,
            name: project.clientName,
            test_clock: clock.id,
            metadata: { project_id: project.id },
          })
        ).id;
      } else {
        customerId = await this.customerFor(project, op);
      }
      // Stripe answers with the attached method; test ids such as pm_card_visa come back as a new id.
      const attached = await journal.run(
        'attach-card',
        'paymentMethods.attach',
        { customer: customerId },
        paymentMethodId,
      );
      const subscription = await journal.run('subscription', 'subscriptions.create', {
        customer: customerId,
        items: [subscriptionItem],
        default_payment_method: attached.id,
        payment_behavior: 'error_if_incomplete',
        metadata: { project_id: project.id, operation: op.key },
      });
      const item = subscription.items.data[0];
      if (!item) throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 502, 'no_period');
      const firstInvoice = subscription.latest_invoice
        ? await this.invoicePayment(idOf(subscription.latest_invoice)!, attached.card?.last4 ?? null)
        : null;
      return {
        subscriptionId: subscription.id,
        customerId,
        priceId: item.price.id,
        startDate: new Date(subscription.start_date * 1000).toISOString(),
        currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
        testClockId,
        firstInvoice,
      };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  /** A paid invoice as the ledger keeps it; null when it is not paid. */
  async invoicePayment(invoiceId: string, knownLast4?: string | null): Promise<InvoicePayment | null> {
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    if (invoice.status !== 'paid') return null;
    const paymentIntentId = invoicePaymentIntentId(invoice);
    let last4 = knownLast4 ?? null;
    if (!last4 && paymentIntentId)
      last4 = cardLast4((await this.retrievePaymentIntent(paymentIntentId)).latest_charge as Stripe.Charge);
    return {
      invoiceId: invoice.id,
      paymentIntentId,
      amountCents: invoice.amount_paid,
      paidAt: new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000).toISOString(),
      cardLast4: last4,
    };
  }

  /**
   * Pays the invoice this operation chose. The choice is made once, on its first run, from the past-due
   * subscription's open invoice, and kept by the journal (a call is journalled before it is sent): a run again
   * (recovery) pays, or finds paid, that same invoice, whatever the subscription looks like meanwhile.
   */
  async payOpenInvoice(
    project: ProjectMoneyView,
    paymentMethodId: string,
    op: MoneyOperationRef,
  ): Promise<InvoicePayment & { subscriptionId: string }> {
    try {
      const journal = this.journal(op);
      const chosenInvoiceId =
        (await journal.settle()).find((step) => step.call === 'invoices.pay')?.target_id ??
        (await this.openInvoiceId(project));
      const chosen = await this.stripe.invoices.retrieve(chosenInvoiceId);
      const subscriptionId = invoiceSubscriptionId(chosen)!;
      const attached = await journal.run(
        'attach-card',
        'paymentMethods.attach',
        { customer: idOf(chosen.customer)! },
        paymentMethodId,
      );
      const invoice = await journal.run(
        `pay-${chosenInvoiceId}`,
        'invoices.pay',
        { payment_method: attached.id },
        chosenInvoiceId,
      );
      const paid = await this.invoicePayment(invoice.id, attached.card?.last4 ?? null);
      if (!paid) throw new PaymentError(PAYMENT_MESSAGES.paymentFailed, 402, 'invoice_unpaid');
      // Only a card that paid becomes the one the next renewals are charged to.
      try {
        await journal.run(
          'default-card',
          'subscriptions.update',
          { default_payment_method: attached.id },
          subscriptionId,
        );
      } catch (error) {
        // The invoice is paid whatever Stripe says to this: a refusal must not report the payment as failed.
        if (!isDefinitiveRefusal(error)) throw error;
        this.options.logger?.warn(
          { err: error, operationId: op.id, subscriptionId },
          'the card that paid the open invoice was not made the default one',
        );
      }
      return { ...paid, subscriptionId };
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  /** The open invoice of the project's past-due subscription; 409 when nothing is due. */
  private async openInvoiceId(project: ProjectMoneyView): Promise<string> {
    const [row] = await this.db.query<{ stripe_subscription_id: string }>(
      `select stripe_subscription_id from subscriptions where project_id = $1 and status = 'past_due'`,
      [project.id],
    );
    const open = row
      ? (
          await this.stripe.invoices.list({
            subscription: row.stripe_subscription_id,
            status: 'open',
            limit: 1,
          })
        ).data[0]
      : undefined;
    if (!open) throw new PaymentError('No payment is due for this subscription', 409, 'nothing_due');
    return open.id;
  }

  async cancelSubscription(
    project: ProjectMoneyView,
    op: MoneyOperationRef,
  ): Promise<{ cancelled: string[] }> {
    const rows = await this.db.query<{ id: string | null }>(
      `select stripe_subscription_id as id from subscriptions where project_id = $1 and status <> 'cancelled'
       union select stripe_subscription_id from projects where id = $1`,
      [project.id],
    );
    const cancelled: string[] = [];
    for (const id of [
      ...new Set(rows.map((row) => row.id).filter((value): value is string => !!value)),
    ].sort()) {
      try {
        await this.journal(op).run(`cancel-${id}`, 'subscriptions.cancel', {}, id);
        cancelled.push(id);
      } catch (error) {
        // Already cancelled (by Stripe, or an earlier attempt): nothing left to do.
        if ((error as { code?: string }).code === 'resource_missing') continue;
        throw toPaymentError(error);
      }
    }
    return { cancelled };
  }

  async quotePenalty(project: ProjectMoneyView, q: Queryable = this.db): Promise<PenaltyQuote> {
    const [subscription] = await q.query<{
      start_date: Date | string;
      monthly_cost: string | number | null;
      stripe_test_clock_id: string | null;
    }>(`select start_date, monthly_cost, stripe_test_clock_id from subscriptions where project_id = $1`, [
      project.id,
    ]);
    const subscriptionFee = Number(subscription?.monthly_cost ?? monthlyFee(project) ?? 0);
    if (project.tier !== 4 || !subscription)
      return { hasPenalty: false, penaltyAmount: 0, monthsRemaining: 0, subscriptionFee };
    const monthsRemaining = minimumTermMonthsRemaining(
      new Date(subscription.start_date),
      await this.subscriptionNow(subscription.stripe_test_clock_id),
    );
    const penaltyAmount = earlyCancellationPenalty(monthsRemaining, subscriptionFee);
    return { hasPenalty: penaltyAmount > 0, penaltyAmount, monthsRemaining, subscriptionFee };
  }

  /** "Now" for a subscription: the time of its test clock when it runs on one (Stripe's own dates), else the clock on the wall. */
  private async subscriptionNow(testClockId: string | null): Promise<Date> {
    if (!testClockId) return this.now();
    const clock = await this.stripe.testHelpers.testClocks.retrieve(testClockId);
    return new Date(clock.frozen_time * 1000);
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

  // ---- reports ---------------------------------------------------------------------------------------------

  async subscriptionPlans(
    tier: 3 | 4,
  ): Promise<{ stripe_price_id: string; monthly_cost: number; tier: 3 | 4 }[]> {
    return (await this.catalogPrices(tier)).map((price) => ({
      stripe_price_id: price.id,
      monthly_cost: fromCents(price.unit_amount ?? 0),
      tier,
    }));
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
