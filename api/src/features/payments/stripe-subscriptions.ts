import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { CURRENCY, isSubscriptionTier } from '@agency/domain/tiers';
import {
  earlyCancellationPenalty,
  formatUsd,
  fromCents,
  minimumTermMonthsRemaining,
  monthlyFee,
  toCents,
} from '@agency/domain/money';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import { subscriptionPriceLookupKey } from '@agency/domain/payments-config';
import type { Database, Queryable } from '../../db/database';
import { isDefinitiveRefusal, type StripeJournal } from '../../money/stripe-journal';
import {
  PaymentError,
  type InvoicePayment,
  type MoneyOperationRef,
  type PenaltyQuote,
  type ProjectMoneyView,
  type SubscriptionStarted,
} from '../../money/types';
import {
  cardLast4,
  idOf,
  invoicePaymentIntentId,
  invoiceSubscriptionId,
  priceText,
  toPaymentError,
} from './stripe-objects';

/** What the subscriptions need of the payments module they belong to (stripe-payments.ts). */
export interface StripeAccess {
  stripe: Stripe;
  db: Database;
  /** Each subscription on a customer of its own attached to a Stripe test clock (test mode only). */
  testClocks: boolean;
  logger?: Logger | undefined;
  now(): Date;
  journal(op: MoneyOperationRef): StripeJournal;
  customerFor(project: ProjectMoneyView, op: MoneyOperationRef): Promise<string>;
  retrievePaymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent>;
}

/**
 * Subscriptions (tiers 3 and 4) over the Stripe SDK: starting one at the approved monthly fee, paying an open
 * invoice after a failed renewal, ending them, the tier 4 penalty quote on the subscription's own clock, and the
 * catalog's plans. Every call that moves money goes through the operation's journal, as in stripe-payments.ts.
 */
export class StripeSubscriptions {
  constructor(private readonly access: StripeAccess) {}

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
      return await this.access.stripe.prices.retrieve(priceId);
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
    const prices = await this.access.stripe.prices.list({
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
      const journal = this.access.journal(op);
      // First, so that a refused price leaves nothing behind in Stripe.
      const subscriptionItem = await this.subscriptionItem({ ...project, tier });
      let customerId: string;
      let testClockId: string | null = null;
      if (this.access.testClocks) {
        const clock = await journal.run('test-clock', 'testHelpers.testClocks.create', {
          frozen_time: Math.floor(this.access.now().getTime() / 1000),
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
        customerId = await this.access.customerFor(project, op);
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
    const invoice = await this.access.stripe.invoices.retrieve(invoiceId);
    if (invoice.status !== 'paid') return null;
    const paymentIntentId = invoicePaymentIntentId(invoice);
    let last4 = knownLast4 ?? null;
    if (!last4 && paymentIntentId)
      last4 = cardLast4(
        (await this.access.retrievePaymentIntent(paymentIntentId)).latest_charge as Stripe.Charge,
      );
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
      const journal = this.access.journal(op);
      const chosenInvoiceId =
        (await journal.settle()).find((step) => step.call === 'invoices.pay')?.target_id ??
        (await this.openInvoiceId(project));
      const chosen = await this.access.stripe.invoices.retrieve(chosenInvoiceId);
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
        this.access.logger?.warn(
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
    const [row] = await this.access.db.query<{ stripe_subscription_id: string }>(
      `select stripe_subscription_id from subscriptions where project_id = $1 and status = 'past_due'`,
      [project.id],
    );
    const open = row
      ? (
          await this.access.stripe.invoices.list({
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
    const rows = await this.access.db.query<{ id: string | null }>(
      `select stripe_subscription_id as id from subscriptions where project_id = $1 and status <> 'cancelled'
       union select stripe_subscription_id from projects where id = $1`,
      [project.id],
    );
    const cancelled: string[] = [];
    for (const id of [
      ...new Set(rows.map((row) => row.id).filter((value): value is string => !!value)),
    ].sort()) {
      try {
        await this.access.journal(op).run(`cancel-${id}`, 'subscriptions.cancel', {}, id);
        cancelled.push(id);
      } catch (error) {
        // Already cancelled (by Stripe, or an earlier attempt): nothing left to do.
        if ((error as { code?: string }).code === 'resource_missing') continue;
        throw toPaymentError(error);
      }
    }
    return { cancelled };
  }

  async quotePenalty(project: ProjectMoneyView, q: Queryable = this.access.db): Promise<PenaltyQuote> {
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
    if (!testClockId) return this.access.now();
    const clock = await this.access.stripe.testHelpers.testClocks.retrieve(testClockId);
    return new Date(clock.frozen_time * 1000);
  }

  async subscriptionPlans(
    tier: 3 | 4,
  ): Promise<{ stripe_price_id: string; monthly_cost: number; tier: 3 | 4 }[]> {
    return (await this.catalogPrices(tier)).map((price) => ({
      stripe_price_id: price.id,
      monthly_cost: fromCents(price.unit_amount ?? 0),
      tier,
    }));
  }
}
