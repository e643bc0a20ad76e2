import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { CURRENCY, findTier } from '@agency/domain/tiers';
import { costFor, downpaymentFor } from '@agency/domain/money';
import type { PurchaseStatusResponse } from '@agency/domain/payments-purchase';
import type { AppConfig } from '../../app-deps';
import type { Database, Queryable } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { paidOrderAlertMail, receiptMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import { appendProjectEvent, insertProject } from '../projects/project-repository';
import { projectTitle } from '../projects/project-title';
import {
  findPayment,
  markPurchaseFulfilmentFailed,
  recordRefund,
  recordSucceededPayment,
  type PurchaseDetails,
} from './payment-ledger';
import { cardLast4, type StripePayments } from './stripe-payments';
import { PaymentError } from './types';

export interface PurchasesDeps {
  db: Database;
  stripe: StripePayments;
  jobs: JobQueue;
  config: AppConfig;
  logger: Logger;
  /** Links a paid purchase to the client with that e-mail when the buyer was not signed in. */
  findProfileIdByEmail: (q: Queryable, email: string) => Promise<string | null>;
}

const SYSTEM_ACTOR = { id: null, role: 'SYSTEM' } as const;
const STALE_AFTER = '1 day';

/**
 * Purchases of a fixed-price tier. No project exists until its deposit is paid: the browser pays a
 * PaymentIntent the server created (and recorded as pending), then the server, told by Stripe's webhook or the
 * browser's status poll, fetches the PaymentIntent from Stripe and creates the project with its payment row in
 * one transaction, once. When that transaction fails, the payment is refunded by a durable job.
 */
export function createPurchases(deps: PurchasesDeps) {
  const { db, stripe, jobs, config, logger } = deps;
  /** In-process single flight per PaymentIntent (the webhook job and the status poll may race). */
  const running = new Map<string, Promise<PurchaseStatusResponse>>();

  async function status(paymentIntentId: string): Promise<PurchaseStatusResponse> {
    const payment = await findPayment(db, paymentIntentId);
    if (!payment || payment.kind !== 'deposit')
      throw new PaymentError('Unknown payment', 409, 'unknown_payment');
    if (payment.project_id) return { status: 'fulfilled', projectId: payment.project_id };
    if (payment.details.fulfilmentFailed) return { status: 'refunded', projectId: null };
    return fulfil(paymentIntentId);
  }

  function fulfil(paymentIntentId: string): Promise<PurchaseStatusResponse> {
    const current = running.get(paymentIntentId);
    if (current) return current;
    const work = fulfilOnce(paymentIntentId).finally(() => running.delete(paymentIntentId));
    running.set(paymentIntentId, work);
    return work;
  }

  async function fulfilOnce(paymentIntentId: string): Promise<PurchaseStatusResponse> {
    const payment = await findPayment(db, paymentIntentId);
    if (!payment || payment.kind !== 'deposit') {
      logger.warn({ paymentIntentId }, 'no pending purchase for this PaymentIntent');
      return { status: 'awaiting_payment', projectId: null };
    }
    if (payment.project_id) return { status: 'fulfilled', projectId: payment.project_id };
    if (payment.details.fulfilmentFailed) return { status: 'refunded', projectId: null };
    const intent = await stripe.retrievePaymentIntent(paymentIntentId);
    if (intent.status !== 'succeeded') {
      return { status: intent.last_payment_error ? 'failed' : 'awaiting_payment', projectId: null };
    }
    if (intent.amount_received !== payment.amount_cents || intent.currency !== CURRENCY) {
      logger.error(
        { paymentIntentId, received: intent.amount_received, expected: payment.amount_cents },
        'purchase paid with an unexpected amount',
      );
      await refundLater(paymentIntentId, 'amount_mismatch');
      return { status: 'refunded', projectId: null };
    }
    const details = payment.details as unknown as PurchaseDetails;
    try {
      const projectId = await db.transaction(async (tx) => {
        const locked = await findPayment(tx, paymentIntentId, { forUpdate: true });
        if (locked?.project_id) return locked.project_id;
        const [existing] = await tx.query<{ id: string }>(
          'select id from projects where stripe_payment_intent_id = $1',
          [paymentIntentId],
        );
        if (existing) return existing.id;
        const project = await insertPurchasedProject(tx, intent, details);
        const last4 = cardLast4(intent.latest_charge as Stripe.Charge);
        await recordSucceededPayment(tx, {
          paymentIntentId,
          customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
          projectId: project.id,
          kind: 'deposit',
          amountCents: intent.amount_received,
          cardLast4: last4,
        });
        const receipt = {
          clientName: project.client_name,
          kind: 'deposit' as const,
          amountCents: intent.amount_received,
          at: new Date().toISOString(),
          projectTitle: project.title,
          tier: project.tier,
          cardLast4: last4,
        };
        await queueMail(
          jobs,
          receiptMail({ ...receipt, to: project.client_email }, config.publicSiteUrl),
          tx,
        );
        await queueMail(
          jobs,
          paidOrderAlertMail(
            config.contactInbox,
            { ...receipt, clientEmail: project.client_email },
            config.publicSiteUrl,
          ),
          tx,
        );
        return project.id;
      });
      return { status: 'fulfilled', projectId };
    } catch (error) {
      // Another process may have created it meanwhile (unique on the PaymentIntent): that is not a failure.
      const [existing] = await db.query<{ id: string }>(
        'select id from projects where stripe_payment_intent_id = $1',
        [paymentIntentId],
      );
      if (existing) return { status: 'fulfilled', projectId: existing.id };
      logger.error({ err: error, paymentIntentId }, 'project creation after payment failed; refunding');
      await refundLater(paymentIntentId, 'project_creation_failed');
      return { status: 'refunded', projectId: null };
    }
  }

  async function insertPurchasedProject(
    tx: Queryable,
    intent: Stripe.PaymentIntent,
    details: PurchaseDetails,
  ) {
    const tier = details.tier;
    const clientName = `${details.customer.firstName.trim()} ${details.customer.lastName.trim()}`;
    const clientEmail = details.customer.email.trim();
    const clientId = details.userId ?? (await deps.findProfileIdByEmail(tx, clientEmail)) ?? null;
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
      stripe_customer_id:
        typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
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

  /**
   * The purchase will not become a project: marked so (status polls answer 'refunded', nothing creates it
   * later), and refunded by a durable job; tried at once as well.
   */
  async function refundLater(paymentIntentId: string, reason: string): Promise<void> {
    await db.transaction(async (tx) => {
      await markPurchaseFulfilmentFailed(tx, paymentIntentId);
      await jobs.send('payments.refund-unfulfilled-purchase', { paymentIntentId, reason }, { tx });
    });
    await refundUnfulfilled(paymentIntentId, reason).catch((error: unknown) =>
      logger.error(
        { err: error, paymentIntentId },
        'refund of an unfulfilled purchase failed; the job retries it',
      ),
    );
  }

  /** Refunds an unfulfilled purchase once and records it (job handler; safe to run again). */
  async function refundUnfulfilled(paymentIntentId: string, reason: string): Promise<void> {
    const intent = await stripe.retrievePaymentIntent(paymentIntentId);
    if (intent.status !== 'succeeded') return;
    const refund = await stripe.refundUnfulfilledPurchase(paymentIntentId, reason);
    await db.transaction(async (tx) => {
      const payment = await findPayment(tx, paymentIntentId, { forUpdate: true });
      const last4 = cardLast4(intent.latest_charge as Stripe.Charge);
      await recordSucceededPayment(tx, {
        paymentIntentId,
        customerId: payment?.stripe_customer_id ?? null,
        projectId: null,
        kind: 'deposit',
        amountCents: intent.amount_received,
        cardLast4: last4,
      });
      if (await recordRefund(tx, { ...refund, reason })) {
        const details = payment?.details as unknown as PurchaseDetails | undefined;
        if (details?.customer.email) {
          const tierName = findTier(details.tier)?.name ?? 'Your purchase';
          await queueMail(
            jobs,
            receiptMail(
              {
                to: details.customer.email,
                clientName: `${details.customer.firstName} ${details.customer.lastName}`,
                kind: 'refund',
                amountCents: refund.amountCents,
                at: new Date().toISOString(),
                projectTitle: tierName,
                tier: details.tier,
                cardLast4: last4,
              },
              config.publicSiteUrl,
            ),
            tx,
          );
        }
      }
    });
  }

  /** Cancels purchase intents left unpaid for a day and forgets them; one paid meanwhile is fulfilled instead. */
  async function cleanupStaleIntents(): Promise<{ cancelled: number; fulfilled: number }> {
    const stale = await db.query<{ stripe_payment_intent_id: string }>(
      `select stripe_payment_intent_id from payments
       where kind = 'deposit' and status = 'pending' and created_at < now() - interval '${STALE_AFTER}'
       order by created_at limit 200`,
    );
    let cancelled = 0;
    let fulfilled = 0;
    for (const { stripe_payment_intent_id: id } of stale) {
      const intent = await stripe.cancelUnpaidIntent(id);
      if (intent.status === 'succeeded') {
        await fulfil(id);
        fulfilled++;
      } else if (intent.status === 'canceled') {
        await db.query(
          `update payments set status = 'canceled', updated_at = now() where stripe_payment_intent_id = $1 and status = 'pending'`,
          [id],
        );
        cancelled++;
      }
    }
    if (stale.length) logger.info({ cancelled, fulfilled }, 'stale purchase intents cleaned up');
    return { cancelled, fulfilled };
  }

  return { status, fulfil, refundUnfulfilled, cleanupStaleIntents };
}

export type Purchases = ReturnType<typeof createPurchases>;
