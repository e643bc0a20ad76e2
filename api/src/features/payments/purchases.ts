import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { CURRENCY, findTier } from '@agency/domain/tiers';
import { costFor, downpaymentFor } from '@agency/domain/money';
import type { PurchaseStatusResponse } from '@agency/domain/payments-purchase';
import type { Settings } from '../../settings';
import type { Database, Queryable } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { paidOrderAlertMail, receiptMail } from '../../mail/mail-templates';
import { documentOfPayment } from '../../money/billing-documents';
import { queueMail } from '../../mail/mailer';
import { appendProjectEvent, insertProject } from '../../project-store/project-repository';
import { projectTitle } from '../../project-store/project-title';
import {
  claimRefundReceipt,
  findPayment,
  markPendingPurchaseCanceled,
  markPurchaseFulfilmentFailed,
  recordRefund,
  recordSucceededPayment,
  type PaymentRow,
  type PurchaseDetails,
} from '../../money/payment-ledger';
import { cardLast4 } from './stripe-objects';
import type { StripePayments } from './stripe-payments';
import { PaymentError } from '../../money/types';

export interface PurchasesDeps {
  db: Database;
  stripe: StripePayments;
  jobs: JobQueue;
  config: Pick<Settings, 'publicSiteUrl' | 'contactInbox'>;
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
 *
 * Several API processes may fulfil one purchase at once (the webhook's job in one, the status poll in another):
 * the payment row's lock decides. Under it a purchase either gets its project, or is marked failed for a
 * refund when no project exists; a marked purchase never gets one, and one with a project is never refunded.
 */
export function createPurchases(deps: PurchasesDeps) {
  const { db, stripe, jobs, config, logger } = deps;
  /** Spares a second Stripe fetch when one process fulfils a purchase twice at once; not the guard (see above). */
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
      return refundLater(paymentIntentId, 'amount_mismatch');
    }
    const details = payment.details as unknown as PurchaseDetails;
    try {
      return await db.transaction(async (tx): Promise<PurchaseStatusResponse> => {
        const locked = await findPayment(tx, paymentIntentId, { forUpdate: true });
        const existingProjectId = await purchasedProjectId(tx, paymentIntentId, locked);
        if (existingProjectId) return { status: 'fulfilled', projectId: existingProjectId };
        // Another process's fulfilment failed since this one read the row: its refund is under way.
        if (locked?.details.fulfilmentFailed) return { status: 'refunded', projectId: null };
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
        const document = await documentOfPayment(tx, { paymentIntentId });
        await queueMail(
          jobs,
          receiptMail(
            { ...receipt, to: project.client_email, ...(document && { document }) },
            config.publicSiteUrl,
          ),
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
        return { status: 'fulfilled', projectId: project.id };
      });
    } catch (error) {
      logger.error(
        { err: error, paymentIntentId },
        'project creation after payment failed; refunding unless another process created it',
      );
      return refundLater(paymentIntentId, 'project_creation_failed');
    }
  }

  /** The project a purchase became: linked from its payment row, or carrying its PaymentIntent. */
  async function purchasedProjectId(
    q: Queryable,
    paymentIntentId: string,
    payment: PaymentRow | undefined,
  ): Promise<string | null> {
    if (payment?.project_id) return payment.project_id;
    const [project] = await q.query<{ id: string }>(
      'select id from projects where stripe_payment_intent_id = $1',
      [paymentIntentId],
    );
    return project?.id ?? null;
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
      title: details.projectName || projectTitle(findTier(tier)!.name, clientName),
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
   * later), and refunded by a durable job; tried at once as well. Unless, seen under the payment row's lock,
   * another process created its project meanwhile: then it is fulfilled and nothing is refunded.
   */
  async function refundLater(paymentIntentId: string, reason: string): Promise<PurchaseStatusResponse> {
    const outcome = await db.transaction(async (tx): Promise<PurchaseStatusResponse> => {
      const locked = await findPayment(tx, paymentIntentId, { forUpdate: true });
      const projectId = await purchasedProjectId(tx, paymentIntentId, locked);
      if (projectId) return { status: 'fulfilled', projectId };
      if (await markPurchaseFulfilmentFailed(tx, paymentIntentId))
        await jobs.send('payments.refund-unfulfilled-purchase', { paymentIntentId, reason }, { tx });
      return { status: 'refunded', projectId: null };
    });
    if (outcome.status === 'fulfilled') {
      logger.info({ paymentIntentId, projectId: outcome.projectId }, 'purchase fulfilled by another process');
      return outcome;
    }
    await refundUnfulfilled(paymentIntentId, reason).catch((error: unknown) =>
      logger.error(
        { err: error, paymentIntentId },
        'refund of an unfulfilled purchase failed; the job retries it',
      ),
    );
    return outcome;
  }

  /**
   * Under the payment row's lock: a purchase marked failed that has no project. Once marked, no fulfilment
   * creates its project (each checks the mark under the same lock), so a refund after this cannot race one.
   */
  async function isRefundable(paymentIntentId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const locked = await findPayment(tx, paymentIntentId, { forUpdate: true });
      const projectId = await purchasedProjectId(tx, paymentIntentId, locked);
      if (projectId) {
        logger.error({ paymentIntentId, projectId }, 'purchase marked failed has a project; not refunded');
        return false;
      }
      if (locked?.details.fulfilmentFailed) return true;
      logger.warn({ paymentIntentId }, 'purchase not marked failed; not refunded');
      return false;
    });
  }

  /** Refunds an unfulfilled purchase once and records it (job handler; safe to run again). */
  async function refundUnfulfilled(paymentIntentId: string, reason: string): Promise<void> {
    if (!(await isRefundable(paymentIntentId))) return;
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
      await recordRefund(tx, { ...refund, reason });
      if (await claimRefundReceipt(tx, refund.refundId)) {
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

  /**
   * Cancels a purchase intent left unpaid and forgets it; one paid meanwhile is fulfilled instead, one Stripe no
   * longer has is forgotten (nothing can pay it any more).
   */
  async function settleStaleIntent(
    paymentIntentId: string,
  ): Promise<'cancelled' | 'fulfilled' | 'unchanged'> {
    let intent: Stripe.PaymentIntent | null;
    try {
      intent = await stripe.cancelUnpaidIntent(paymentIntentId);
    } catch (error) {
      if ((error as { code?: string }).code !== 'resource_missing') throw error;
      logger.warn({ paymentIntentId }, 'stale purchase intent unknown to Stripe; forgotten');
      intent = null;
    }
    if (intent?.status === 'succeeded') {
      await fulfil(paymentIntentId);
      return 'fulfilled';
    }
    if (intent && intent.status !== 'canceled') return 'unchanged';
    await markPendingPurchaseCanceled(db, paymentIntentId);
    return 'cancelled';
  }

  /** Cleans up purchase intents left unpaid for a day; one that fails is logged and tried again next run. */
  async function cleanupStaleIntents(): Promise<{ cancelled: number; fulfilled: number; failed: number }> {
    const stale = await db.query<{ stripe_payment_intent_id: string }>(
      `select stripe_payment_intent_id from payments
       where kind = 'deposit' and status = 'pending' and created_at < now() - interval '${STALE_AFTER}'
       order by created_at limit 200`,
    );
    const counts = { cancelled: 0, fulfilled: 0, failed: 0 };
    for (const { stripe_payment_intent_id: paymentIntentId } of stale) {
      try {
        const outcome = await settleStaleIntent(paymentIntentId);
        if (outcome !== 'unchanged') counts[outcome]++;
      } catch (error) {
        counts.failed++;
        logger.error(
          { err: error, paymentIntentId },
          'stale purchase intent not cleaned up; tried again next run',
        );
      }
    }
    if (stale.length) logger.info(counts, 'stale purchase intents cleaned up');
    return counts;
  }

  return { status, fulfil, refundUnfulfilled, cleanupStaleIntents };
}

export type Purchases = ReturnType<typeof createPurchases>;
