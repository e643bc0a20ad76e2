import {
  API_MESSAGES,
  finalPaymentFor,
  fromCents,
  isFixedPriceTier,
  isSubscriptionTier,
  monthlyFee,
  type Project,
  type RefundOutcome,
} from '@agency/domain';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import type { Queryable } from '../db/database';
import { HttpError } from '../http/http-error';
import {
  finalPaymentRequestMail,
  paidOrderAlertMail,
  paymentReversedMail,
  projectStatusMail,
  receiptMail,
  signedAgreementMail,
  type ReceiptKind,
} from '../mail/mail-templates';
import { queueMail } from '../mail/mailer';
import {
  claimRefundReceipt,
  findPayment,
  recordInvoice,
  recordRefund,
  recordSucceededPayment,
} from './payment-ledger';
import {
  PaymentError,
  type ChargeResult,
  type InvoicePayment,
  type MoneyOperationRef,
  type RefundResult,
  type ReversedCharge,
  type SubscriptionStarted,
  toMoneyView,
} from './types';
import type { MoneyPlan, OperationInput, PlanContext } from './money-plan';
import { documentOfPayment, documentOfRefund } from './billing-documents';
import { BILLING_API_MESSAGES, SAVED_CARD } from '@agency/domain/billing';

/**
 * The client's saved card in place of one typed now (`paymentMethodId: SAVED_CARD`), read in the claim
 * transaction from the project's client's own saved card: never a card id from the browser.
 */
async function withSavedCard(
  tx: Queryable,
  project: Project,
  input: OperationInput,
): Promise<OperationInput> {
  if (input.paymentMethodId !== SAVED_CARD) return input;
  const [card] = project.client_id
    ? await tx.query<{ stripe_payment_method_id: string; stripe_customer_id: string }>(
        'select stripe_payment_method_id, stripe_customer_id from saved_cards where user_id = $1',
        [project.client_id],
      )
    : [];
  if (!card)
    throw new HttpError(400, BILLING_API_MESSAGES.noSavedCard, {
      paymentMethodId: BILLING_API_MESSAGES.noSavedCard,
    });
  return { ...input, paymentMethodId: card.stripe_payment_method_id, customerId: card.stripe_customer_id };
}

/** The project as the payment sees it: charged on the saved card's customer when the saved card pays. */
const payerView = (project: Project, input: OperationInput) =>
  toMoneyView(input.customerId ? { ...project, stripe_customer_id: input.customerId } : project);
import { latestSignature, proposalById, recordSignature } from '../project-store/proposal-store';
import { renderAgreementPdf } from '../documents/agreement-pdf';

/**
 * What each money operation does: its Stripe calls, the columns and ledger rows it commits with its state
 * change, its mails, and whether a failure is compensated or completed (money-operations.ts).
 */
type Refunded = { refund: RefundResult | null };

const refundOutcome = (refund: RefundResult | null): RefundOutcome => ({
  refundIssued: !!refund && refund.amountCents > 0,
  refundAmount: refund ? fromCents(refund.amountCents) : 0,
});

/**
 * A paid deposit goes back in full; a refund Stripe refuses aborts the change. Whether one was paid is what the
 * project records (only a paid purchase sets its PaymentIntent), not its tier, which the admin may have edited.
 */
async function refundDepositIfPaid(
  ctx: PlanContext,
  project: Project,
  reason: string,
  op: MoneyOperationRef,
): Promise<RefundResult | null> {
  if (!project.stripe_payment_intent_id) return null;
  try {
    return await ctx.payments.refundDeposit(toMoneyView(project), reason, op);
  } catch (error) {
    if (error instanceof PaymentError && error.status !== 502)
      throw new PaymentError(API_MESSAGES.refundFailed, error.status, error.code);
    throw error;
  }
}

async function mail(
  tx: Queryable,
  ctx: PlanContext,
  build: (siteUrl: string) => Parameters<typeof queueMail>[1] | null,
) {
  const message = build(ctx.config.publicSiteUrl);
  if (message?.to) await queueMail(ctx.jobs, message, tx);
}

/** Tells the client that what they were charged went back to their card (an operation that could not finish). */
async function reversedMails(tx: Queryable, ctx: PlanContext, project: Project, charges: ReversedCharge[]) {
  for (const charge of charges)
    await mail(tx, ctx, (site) =>
      paymentReversedMail(
        {
          to: project.client_email,
          clientName: project.client_name,
          kind: charge.kind,
          amountCents: charge.amountCents,
          at: new Date().toISOString(),
          projectTitle: project.title,
          tier: project.tier,
          cardLast4: charge.cardLast4,
        },
        site,
      ),
    );
}

async function receipt(
  tx: Queryable,
  ctx: PlanContext,
  project: Project,
  kind: ReceiptKind,
  amountCents: number,
  cardLast4: string | null,
  extra: {
    period?: { start: string; end: string };
    at?: string;
    document?: { id: string; number: string } | undefined;
  } = {},
) {
  await mail(tx, ctx, (site) =>
    receiptMail(
      {
        to: project.client_email,
        clientName: project.client_name,
        kind,
        amountCents,
        at: extra.at ?? new Date().toISOString(),
        projectTitle: project.title,
        tier: project.tier,
        cardLast4,
        ...(extra.period && { period: extra.period }),
        ...(extra.document && { document: extra.document }),
      },
      site,
    ),
  );
  if (kind !== 'refund') {
    await mail(tx, ctx, () =>
      paidOrderAlertMail(
        ctx.config.contactInbox,
        {
          clientName: project.client_name,
          clientEmail: project.client_email,
          kind,
          amountCents,
          at: extra.at ?? new Date().toISOString(),
          projectTitle: project.title,
          tier: project.tier,
          cardLast4,
        },
        ctx.config.publicSiteUrl,
      ),
    );
  }
}

async function commitRefund(
  tx: Queryable,
  ctx: PlanContext,
  project: Project,
  refund: RefundResult | null,
  reason: string,
) {
  if (!refund || refund.amountCents <= 0) return;
  const payment = await findPayment(tx, refund.paymentIntentId);
  await recordRefund(tx, { ...refund, reason });
  if (await claimRefundReceipt(tx, refund.refundId))
    await receipt(tx, ctx, project, 'refund', refund.amountCents, payment?.card_last4 ?? null, {
      document: await documentOfRefund(tx, refund.refundId),
    });
}

async function markSubscriptionsCancelled(tx: Queryable, projectId: string) {
  await tx.query(
    `update subscriptions set status = 'cancelled', end_date = now() where project_id = $1 and status <> 'cancelled'`,
    [projectId],
  );
}

function refusal(reason: string, notifyClient: boolean): MoneyPlan<Refunded> {
  return {
    recovery: 'complete',
    execute: async (ctx, project, _input, op) => ({
      refund: await refundDepositIfPaid(ctx, project, reason, op),
    }),
    async commit(tx, ctx, project, { refund }) {
      await commitRefund(tx, ctx, project, refund, reason);
      if (notifyClient) await mail(tx, ctx, (site) => projectStatusMail(project, site));
    },
    details: ({ refund }) => refundOutcome(refund),
  };
}

type Subscribed = { subscription: SubscriptionStarted | null };
type Cancelled = {
  cancelled: string[];
  refund: RefundResult | null;
  penalty: (ChargeResult & { amount: number }) | null;
};

const cancelledDetails = (effect: Cancelled) => ({
  ...refundOutcome(effect.refund),
  ...(effect.penalty
    ? { penaltyPaymentIntentId: effect.penalty.paymentIntentId, penaltyAmount: effect.penalty.amount }
    : {}),
});

export const MONEY_PLANS = {
  admin_refuse: refusal('Project refused', true),
  client_refuse: refusal('Proposal refused by the client', false),
  client_cancel_pending: refusal('Pending project cancelled by the client', false),

  client_accept: {
    recovery: 'compensate',
    prepare(_ctx, project, input) {
      if (isSubscriptionTier(project.tier ?? 0) && !input.paymentMethodId) {
        throw new HttpError(400, PAYMENT_MESSAGES.invalidCardDetails, {
          paymentMethodId: PAYMENT_MESSAGES.invalidCardDetails,
        });
      }
      // The client agreed to the fee shown: one the admin changed since is not billed on that agreement.
      if (input.monthlyFee !== undefined && input.monthlyFee !== monthlyFee(project))
        throw new HttpError(409, API_MESSAGES.proposalChanged);
      return input;
    },
    // No charge or subscription without a signature of the current proposal version: written here, in the
    // claim's transaction, before any Stripe call (400 unsigned, 409 superseded or expired: nothing claimed).
    async claimed(tx, _ctx, project, input, operation) {
      await recordSignature(tx, project, input.signature ?? {}, operation.actorId ?? '', operation.id);
    },
    async execute(ctx, project, input, op) {
      if (!isSubscriptionTier(project.tier ?? 0)) return { subscription: null };
      return {
        subscription: await ctx.payments.startSubscription(toMoneyView(project), input.paymentMethodId!, op),
      };
    },
    columns: (_project, { subscription }) =>
      subscription
        ? {
            stripe_subscription_id: subscription.subscriptionId,
            stripe_customer_id: subscription.customerId,
            stripe_price_id: subscription.priceId,
          }
        : {},
    async commit(tx, ctx, project, { subscription }) {
      await mailSignedAgreement(tx, ctx, project);
      if (!subscription) return;
      await tx.query(
        `insert into subscriptions (project_id, stripe_subscription_id, stripe_price_id, stripe_customer_id, stripe_test_clock_id,
           monthly_cost, status, start_date, end_date)
         values ($1, $2, $3, $4, $5, $6, 'active', $7, $8)
         on conflict (project_id) do update set stripe_subscription_id = excluded.stripe_subscription_id,
           stripe_price_id = excluded.stripe_price_id, stripe_customer_id = excluded.stripe_customer_id,
           stripe_test_clock_id = excluded.stripe_test_clock_id, monthly_cost = excluded.monthly_cost,
           status = 'active', start_date = excluded.start_date, end_date = excluded.end_date`,
        [
          project.id,
          subscription.subscriptionId,
          subscription.priceId,
          subscription.customerId,
          subscription.testClockId,
          monthlyFee(project),
          subscription.startDate,
          subscription.currentPeriodEnd,
        ],
      );
      const invoice = subscription.firstInvoice;
      if (invoice) {
        const period = { start: subscription.startDate, end: subscription.currentPeriodEnd };
        const recorded = await recordInvoice(tx, {
          ...invoice,
          projectId: project.id,
          customerId: subscription.customerId,
          status: 'succeeded',
          at: invoice.paidAt,
          period,
        });
        if (recorded)
          await receipt(tx, ctx, project, 'subscription', invoice.amountCents, invoice.cardLast4, {
            at: invoice.paidAt,
            period,
            document: await documentOfPayment(tx, { invoiceId: invoice.invoiceId }),
          });
      }
    },
    details: ({ subscription }) => (subscription ? { subscriptionId: subscription.subscriptionId } : {}),
    reversed: reversedMails,
  } satisfies MoneyPlan<Subscribed>,

  complete: {
    recovery: 'complete',
    async execute(ctx, project, _input, op) {
      const cancelled = isSubscriptionTier(project.tier ?? 0)
        ? (await ctx.payments.cancelSubscription(toMoneyView(project), op)).cancelled
        : [];
      return { cancelled, refund: null, penalty: null };
    },
    columns: (project) =>
      isFixedPriceTier(project.tier ?? 0)
        ? { final_payment_amount: finalPaymentFor(project.tier!, project.final_payment_amount) }
        : {},
    async commit(tx, ctx, project) {
      if (project.status === 'completed') await markSubscriptionsCancelled(tx, project.id);
      await mail(tx, ctx, (site) =>
        project.status === 'pending_final_payment'
          ? finalPaymentRequestMail(project, project.final_payment_amount ?? 0, site)
          : projectStatusMail(project, site),
      );
    },
  } satisfies MoneyPlan<Cancelled>,

  cancel_by_admin: {
    recovery: 'complete',
    async execute(ctx, project, input, op) {
      const cancelled = isSubscriptionTier(project.tier ?? 0)
        ? (await ctx.payments.cancelSubscription(toMoneyView(project), op)).cancelled
        : [];
      const refund = input.issueRefund
        ? await refundDepositIfPaid(ctx, project, 'Project cancelled', op)
        : null;
      return { cancelled, refund, penalty: null };
    },
    async commit(tx, ctx, project, effect) {
      await markSubscriptionsCancelled(tx, project.id);
      await commitRefund(tx, ctx, project, effect.refund, 'Project cancelled');
      await mail(tx, ctx, (site) => projectStatusMail(project, site));
    },
    details: cancelledDetails,
  } satisfies MoneyPlan<Cancelled>,

  cancel_by_client: {
    recovery: 'complete',
    async prepare(ctx, project, input, tx) {
      const penalty = await ctx.payments.quotePenalty(toMoneyView(project), tx);
      if (penalty.hasPenalty && !input.paymentMethodId)
        throw new PaymentError(API_MESSAGES.penaltyUnpaid, 402, 'penalty_unpaid');
      return { ...(await withSavedCard(tx, project, input)), penalty };
    },
    async execute(ctx, project, input, op) {
      let penalty: Cancelled['penalty'] = null;
      if (input.penalty?.hasPenalty) {
        const charged = await ctx.payments.chargePenalty(
          payerView(project, input),
          input.paymentMethodId!,
          input.penalty,
          op,
        );
        penalty = { ...charged, amount: input.penalty.penaltyAmount };
      }
      const cancelled = isSubscriptionTier(project.tier ?? 0)
        ? (await ctx.payments.cancelSubscription(toMoneyView(project), op)).cancelled
        : [];
      return { cancelled, refund: null, penalty };
    },
    async commit(tx, ctx, project, { penalty }) {
      await markSubscriptionsCancelled(tx, project.id);
      if (
        penalty &&
        (await recordSucceededPayment(tx, { ...penalty, projectId: project.id, kind: 'penalty' }))
      ) {
        await receipt(tx, ctx, project, 'penalty', penalty.amountCents, penalty.cardLast4, {
          document: await documentOfPayment(tx, { paymentIntentId: penalty.paymentIntentId }),
        });
      }
    },
    details: cancelledDetails,
    reversed: reversedMails,
  } satisfies MoneyPlan<Cancelled>,

  final_payment_succeeded: {
    recovery: 'compensate',
    prepare: (_ctx, project, input, tx) => withSavedCard(tx, project, input),
    execute: async (ctx, project, input, op) =>
      ctx.payments.chargeFinalPayment(payerView(project, input), input.paymentMethodId!, op),
    async commit(tx, ctx, project, charge) {
      if (await recordSucceededPayment(tx, { ...charge, projectId: project.id, kind: 'final' }))
        await receipt(tx, ctx, project, 'final', charge.amountCents, charge.cardLast4, {
          document: await documentOfPayment(tx, { paymentIntentId: charge.paymentIntentId }),
        });
    },
    details: (charge) => ({ paymentIntentId: charge.paymentIntentId, amount: fromCents(charge.amountCents) }),
    reversed: reversedMails,
  } satisfies MoneyPlan<ChargeResult>,

  /** After a failed renewal the client pays the open invoice with a new card; the state does not change. */
  pay_open_invoice: {
    recovery: 'complete',
    async prepare(_ctx, project, input, tx) {
      if (!isSubscriptionTier(project.tier ?? 0)) throw new HttpError(409, API_MESSAGES.nothingDue);
      if (!input.paymentMethodId)
        throw new HttpError(400, PAYMENT_MESSAGES.invalidCardDetails, {
          paymentMethodId: PAYMENT_MESSAGES.invalidCardDetails,
        });
      const paying = await withSavedCard(tx, project, input);
      // The open invoice is the subscription's customer's: a card saved on another customer cannot pay it
      // (Stripe refuses a card attached elsewhere), so it is refused here, before anything is claimed at Stripe.
      if (paying.customerId && project.stripe_customer_id && paying.customerId !== project.stripe_customer_id)
        throw new HttpError(400, BILLING_API_MESSAGES.savedCardElsewhere, {
          paymentMethodId: BILLING_API_MESSAGES.savedCardElsewhere,
        });
      return paying;
    },
    execute: async (ctx, project, input, op) => ({
      invoice: await ctx.payments.payOpenInvoice(toMoneyView(project), input.paymentMethodId!, op),
    }),
    async commit(tx, ctx, project, { invoice }) {
      const recorded = await recordInvoice(tx, {
        ...invoice,
        projectId: project.id,
        customerId: project.stripe_customer_id,
        status: 'succeeded',
        at: invoice.paidAt,
      });
      await tx.query(
        `update subscriptions set status = 'active' where project_id = $1 and status = 'past_due'`,
        [project.id],
      );
      if (recorded)
        await receipt(tx, ctx, project, 'subscription', invoice.amountCents, invoice.cardLast4, {
          at: invoice.paidAt,
          document: await documentOfPayment(tx, { invoiceId: invoice.invoiceId }),
        });
    },
    details: ({ invoice }) => ({ invoiceId: invoice.invoiceId, amount: fromCents(invoice.amountCents) }),
  } satisfies MoneyPlan<{ invoice: InvoicePayment & { subscriptionId: string } }>,

  /** The admin refunds one payment of a project (POST /api/stripe-refund); the state does not change. */
  refund_payment: {
    recovery: 'complete',
    async prepare(_ctx, project, input: OperationInput, tx) {
      const paymentIntentId = input.paymentIntentId;
      const payment = paymentIntentId ? await findPayment(tx, paymentIntentId) : undefined;
      const ofProject =
        !!paymentIntentId &&
        (payment?.project_id === project.id || project.stripe_payment_intent_id === paymentIntentId);
      if (!ofProject) throw new HttpError(404, API_MESSAGES.paymentNotFound);
      return input;
    },
    execute: async (ctx, _project, input, op) => ({
      refund: await ctx.payments.refundPayment(input.paymentIntentId!, 'Refunded by the admin', op),
    }),
    commit: (tx, ctx, project, { refund }) => commitRefund(tx, ctx, project, refund, 'Refunded by the admin'),
    details: ({ refund }) => refundOutcome(refund),
  } satisfies MoneyPlan<Refunded>,
} satisfies Record<string, MoneyPlan<unknown>>;

export type MoneyOperationKind = keyof typeof MONEY_PLANS;

export { refundOutcome };

/** The signed agreement as a PDF, to the client and to the consultancy's inbox, once the approval commits. */
async function mailSignedAgreement(tx: Queryable, ctx: PlanContext, project: Project): Promise<void> {
  const signature = await latestSignature(tx, project.id, { includeOpen: true });
  const proposal = signature && (await proposalById(tx, signature.proposalId));
  if (!signature || !proposal) return;
  const pdf = await renderAgreementPdf(proposal.document, signature);
  const site = ctx.config.publicSiteUrl;
  await queueMail(
    ctx.jobs,
    signedAgreementMail(project.client_email, project, signature, pdf, site, true),
    tx,
  );
  await queueMail(
    ctx.jobs,
    signedAgreementMail(ctx.config.contactInbox, project, signature, pdf, site, false),
    tx,
  );
}
