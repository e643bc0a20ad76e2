import type Stripe from 'stripe';
import type { Logger } from 'pino';
import type { Settings } from '../../settings';
import type { Database } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { receiptMail, renewalFailedAlertMail, renewalFailedMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import { appendProjectEvent } from '../../project-store/project-repository';
import { findPayment, recordInvoice, recordRefund } from '../../money/payment-ledger';
import { documentOfPayment } from '../../money/billing-documents';
import type { Purchases } from './purchases';
import { cardLast4, invoicePaymentIntentId, invoiceSubscriptionId } from './stripe-objects';
import type { StripePayments } from './stripe-payments';

export interface StripeEventsDeps {
  db: Database;
  stripe: StripePayments;
  purchases: Purchases;
  jobs: JobQueue;
  config: Settings;
  logger: Logger;
}

/** Stripe's subscription status as the product shows it. */
function subscriptionStatus(status: Stripe.Subscription.Status): 'active' | 'past_due' | 'cancelled' {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'cancelled';
  return 'past_due';
}

/**
 * Stripe's events. The webhook route only stores a verified event (once per id) and queues a job; the job
 * fetches the object the event names from Stripe and acts on that, never on the event's body, so a signed
 * event about a PaymentIntent that was never paid creates nothing. Every action is idempotent.
 */
export function createStripeEvents(deps: StripeEventsDeps) {
  const { db, stripe, jobs, config, logger } = deps;
  const sdk = stripe.stripe;

  async function receive(event: Stripe.Event): Promise<void> {
    const object = event.data.object as { id?: string };
    await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into stripe_events (id, type, object_id) values ($1, $2, $3) on conflict (id) do nothing returning id`,
        [event.id, event.type, object.id ?? null],
      );
      if (inserted.length) await jobs.send('stripe.process-event', { eventId: event.id }, { tx });
    });
  }

  async function process(eventId: string): Promise<void> {
    const [event] = await db.query<{ type: string; object_id: string | null; processed_at: Date | null }>(
      'select type, object_id, processed_at from stripe_events where id = $1',
      [eventId],
    );
    if (!event || event.processed_at || !event.object_id) return;
    const id = event.object_id;
    try {
      await act(event.type, id);
    } catch (error) {
      // An event about an object Stripe does not have (a forged or test event) is done with: nothing to act on.
      if ((error as { code?: string }).code !== 'resource_missing') throw error;
      logger.warn(
        { eventId, type: event.type, objectId: id },
        'event names an object Stripe does not have; ignored',
      );
    }
    await db.query('update stripe_events set processed_at = now() where id = $1', [eventId]);
  }

  async function act(type: string, id: string): Promise<void> {
    switch (type) {
      case 'payment_intent.succeeded': {
        const intent = await stripe.retrievePaymentIntent(id);
        if (intent.metadata.type === 'purchase' && intent.status === 'succeeded')
          await deps.purchases.fulfil(id);
        break;
      }
      case 'charge.refunded':
        await syncRefunds(idOf((await sdk.charges.retrieve(id)).payment_intent));
        break;
      case 'refund.created':
      case 'refund.updated':
        await syncRefunds(idOf((await sdk.refunds.retrieve(id)).payment_intent));
        break;
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed':
        await syncInvoice(id);
        break;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await syncSubscription(id);
        break;
      default:
        break;
    }
  }

  /** Refunds made outside the product's own calls (Stripe's dashboard) reach the ledger too. */
  async function syncRefunds(paymentIntentId: string | null): Promise<void> {
    if (!paymentIntentId || !(await findPayment(db, paymentIntentId))) return;
    const refunds = await sdk.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
    for (const refund of refunds.data) {
      if (refund.status !== 'succeeded') continue;
      // The ledger row and its credit note in one transaction.
      await db.transaction((tx) =>
        recordRefund(tx, {
          refundId: refund.id,
          paymentIntentId,
          amountCents: refund.amount,
          reason: refund.metadata?.reason ?? refund.reason ?? null,
          at: new Date(refund.created * 1000),
        }),
      );
    }
  }

  async function projectOfSubscription(subscriptionId: string | null) {
    if (!subscriptionId) return undefined;
    const [row] = await db.query<{
      project_id: string;
      title: string;
      tier: number | null;
      client_name: string;
      client_email: string;
    }>(
      `select s.project_id, p.title, p.tier, p.client_name, p.client_email from subscriptions s join projects p on p.id = s.project_id
       where s.stripe_subscription_id = $1`,
      [subscriptionId],
    );
    return row;
  }

  /** A subscription invoice paid or failed: its ledger row, the subscription's status, the client's mail. */
  async function syncInvoice(invoiceId: string): Promise<void> {
    const invoice = await sdk.invoices.retrieve(invoiceId);
    const subscriptionId = invoiceSubscriptionId(invoice);
    const project = await projectOfSubscription(subscriptionId);
    // The first invoice of a subscription whose approval has not committed yet is recorded by that approval.
    if (!project) return;
    const paid = invoice.status === 'paid';
    if (!paid && !(invoice.status === 'open' && invoice.attempt_count > 0)) return;
    const paymentIntentId = invoicePaymentIntentId(invoice);
    const intent = paymentIntentId ? await stripe.retrievePaymentIntent(paymentIntentId) : null;
    const last4 = cardLast4(intent?.latest_charge as Stripe.Charge | undefined);
    const at = new Date(
      ((paid ? invoice.status_transitions.paid_at : null) ?? invoice.created) * 1000,
    ).toISOString();
    const line = invoice.lines.data[0];
    const failureMessage = paid ? null : (intent?.last_payment_error?.message ?? 'The card was declined.');
    const period = line
      ? {
          start: new Date(line.period.start * 1000).toISOString(),
          end: new Date(line.period.end * 1000).toISOString(),
        }
      : undefined;
    await db.transaction(async (tx) => {
      const changed = await recordInvoice(tx, {
        invoiceId,
        paymentIntentId,
        projectId: project.project_id,
        customerId: idOf(invoice.customer),
        amountCents: paid ? invoice.amount_paid : invoice.amount_due,
        status: paid ? 'succeeded' : 'failed',
        at,
        cardLast4: last4,
        failureMessage,
        period,
      });
      if (!changed) return;
      // A renewal is a project change both sides hear of (timeline, bell, open dashboards).
      await appendProjectEvent(tx, {
        projectId: project.project_id,
        actor: { id: null, role: 'SYSTEM' },
        action: paid ? 'renewal_paid' : 'renewal_failed',
        from: null,
        to: null,
        details: { amount: (paid ? invoice.amount_paid : invoice.amount_due) / 100 },
      });
      const facts = {
        clientName: project.client_name,
        amountCents: paid ? invoice.amount_paid : invoice.amount_due,
        at,
        projectTitle: project.title,
        tier: project.tier,
        cardLast4: last4,
      };
      if (paid) {
        const document = await documentOfPayment(tx, { invoiceId });
        await queueMail(
          jobs,
          receiptMail(
            {
              ...facts,
              to: project.client_email,
              kind: 'subscription',
              ...(period && { period }),
              ...(document && { document }),
            },
            config.publicSiteUrl,
          ),
          tx,
        );
      } else {
        await queueMail(
          jobs,
          renewalFailedMail(
            { ...facts, to: project.client_email, reason: failureMessage },
            config.publicSiteUrl,
          ),
          tx,
        );
        await queueMail(
          jobs,
          renewalFailedAlertMail(
            config.contactInbox,
            { ...facts, to: config.contactInbox, clientEmail: project.client_email, reason: failureMessage },
            config.publicSiteUrl,
          ),
          tx,
        );
      }
    });
    // The subscription's status is Stripe's, read now: events may arrive in any order.
    await syncSubscription(subscriptionId!);
    logger.info({ invoiceId, subscriptionId, paid }, 'subscription invoice recorded');
  }

  async function syncSubscription(subscriptionId: string): Promise<void> {
    const subscription = await sdk.subscriptions.retrieve(subscriptionId);
    const status = subscriptionStatus(subscription.status);
    const item = subscription.items.data[0];
    const end =
      status === 'cancelled' ? (subscription.ended_at ?? subscription.canceled_at) : item?.current_period_end;
    await db.query(
      `update subscriptions set status = $2, end_date = coalesce($3::timestamptz, end_date)
       where stripe_subscription_id = $1 and (status <> 'cancelled' or $2 = 'cancelled')`,
      [subscriptionId, status, end ? new Date(end * 1000).toISOString() : null],
    );
  }

  return { receive, process };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export type StripeEvents = ReturnType<typeof createStripeEvents>;
