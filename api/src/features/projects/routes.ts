import type { Hono } from 'hono';
import type { Logger } from 'pino';
import {
  API_MESSAGES,
  cancelProjectSchema,
  clientApproveSchema,
  clientCancelPendingSchema,
  costFor,
  createProjectSchema,
  downpaymentFor,
  findTier,
  finalPaymentFor,
  isFixedPriceTier,
  isSubscriptionTier,
  projectIdSchema,
  updateProjectSchema,
  VALIDATION,
  type Project,
  type ProjectEvent,
  type RefundOutcome,
} from '@agency/domain';
import { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import type { AppDeps } from '../../app-deps';
import type { AppEnv, Caller } from '../../http/app-env';
import { cachedResponse, defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { readBody } from '../../http/read-body';
import { finalPaymentRequestMail, projectStatusMail } from '../../mail/mail-templates';
import { sendInBackground } from '../../mail/mailer';
import { PaymentError } from '../payments/types';
import {
  appendProjectEvent,
  findVisibleProject,
  insertProject,
  listVisibleProjects,
  toMoneyView,
} from './project-repository';
import { projectTitle } from './project-title';
import { applyProjectTransition } from './project-transitions';

const NO_REFUND: RefundOutcome = { refundIssued: false, refundAmount: 0 };

export function registerProjectRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  const { db, payments } = deps;
  const actorOf = (caller: Caller) => ({ id: caller.id, role: caller.role });

  /** A paid fixed-price project's deposit goes back in full; any refund failure aborts the change. */
  async function refundDepositIfPaid(project: Project, reason: string, log: Logger): Promise<RefundOutcome> {
    if (!isFixedPriceTier(project.tier ?? 0) || !project.stripe_payment_intent_id) return NO_REFUND;
    try {
      const refund = await payments.refundDeposit(toMoneyView(project), reason);
      return { refundIssued: true, refundAmount: refund.amount };
    } catch (error) {
      log.error({ err: error, projectId: project.id }, 'deposit refund failed');
      if (error instanceof PaymentError) throw new HttpError(error.status, API_MESSAGES.refundFailed);
      throw error;
    }
  }

  function notifyClient(project: Project, log: Logger): void {
    if (project.client_email) sendInBackground(deps.mailer, log, projectStatusMail(project, deps.config.publicSiteUrl));
  }

  const projectList = cachedResponse((projects: Project[]) => ({ projects }));
  defineRoute(app, 'listProjects', async ({ caller }) => projectList(await listVisibleProjects(db, caller)));

  defineRoute(
    app,
    'createProject',
    async ({ c, caller }) => {
      const body = await readBody(c, createProjectSchema);
      const isAdmin = caller.role === 'ADMIN';
      if (!isAdmin && isFixedPriceTier(body.tier)) throw new HttpError(400, API_MESSAGES.paidTierNeedsPayment);
      if (isSubscriptionTier(body.tier) && (!body.monthly_budget_range || !body.timeline)) {
        throw new HttpError(400, VALIDATION.serviceRequest.required);
      }
      const clientName = isAdmin ? (body.client ?? '') : (body.client ?? caller.fullName ?? caller.email);
      const clientEmail = isAdmin ? (body.clientEmail ?? '') : caller.email;
      const project = await db.transaction(async (tx) => {
        const clientId = isAdmin ? (clientEmail ? await deps.users.findProfileIdByEmail(tx, clientEmail) : null) : caller.id;
        const created = await insertProject(tx, {
          title: body.title?.trim() || projectTitle(findTier(body.tier)!.name, clientName),
          description: body.description.trim(),
          tier: body.tier,
          client_id: clientId,
          client_name: clientName,
          client_email: clientEmail,
          company: body.company ?? null,
          cost: costFor(body.tier) ?? null,
          downpayment: downpaymentFor(body.tier) ?? null,
          monthly_budget_range: body.monthly_budget_range ?? null,
          timeline: body.timeline ?? null,
        });
        await appendProjectEvent(tx, {
          projectId: created.id,
          actor: actorOf(caller),
          action: 'created',
          from: null,
          to: created.status,
        });
        return created;
      });
      return { id: project.id, project };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'updateProject', async ({ c, caller }) => {
    const projectId = c.req.param('id') ?? '';
    await findVisibleProject(db, projectId, caller);
    const changes = await readBody(c, updateProjectSchema);
    const { project } = await applyProjectTransition(db, {
      projectId,
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'admin_edit' },
      columns: () => ({
        ...changes,
        ...(changes.title !== undefined ? { title: changes.title.trim() } : {}),
      }),
      details: () => ({ changes }),
    });
    return { project };
  });

  defineRoute(app, 'acceptProject', async ({ c, caller, log }) => {
    const { project } = await applyProjectTransition(db, {
      projectId: c.req.param('id') ?? '',
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'admin_accept' },
    });
    notifyClient(project, log);
    return { project };
  });

  defineRoute(app, 'refuseProject', async ({ c, caller, log }) => {
    const { project, effect } = await applyProjectTransition(db, {
      projectId: c.req.param('id') ?? '',
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'admin_refuse' },
      before: (p) => refundDepositIfPaid(p, 'Project refused', log),
      details: (refund) => refund,
    });
    notifyClient(project, log);
    return { ...effect, project };
  });

  defineRoute(app, 'projectSubscription', async ({ c, caller }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    const [row] = await db.query<{ end_date: Date | string | null }>(
      'select end_date from subscriptions where project_id = $1',
      [project.id],
    );
    return { end_date: row?.end_date ? new Date(row.end_date).toISOString() : null };
  });

  defineRoute(app, 'clientApproveProject', async ({ c, caller, log }) => {
    const body = await readBody(c, clientApproveSchema);
    const project = await findVisibleProject(db, body.projectId, caller);
    if (body.action === 'refuse') {
      const outcome = await applyProjectTransition(db, {
        projectId: project.id,
        viewer: caller,
        actor: actorOf(caller),
        event: { type: 'client_refuse' },
        before: (p) => refundDepositIfPaid(p, 'Proposal refused by the client', log),
        details: (refund) => refund,
      });
      return { project: outcome.project };
    }
    const subscribes = isSubscriptionTier(project.tier ?? 0);
    if (subscribes && !body.paymentMethodId) {
      throw new HttpError(400, PAYMENT_MESSAGES.invalidCardDetails, {
        paymentMethodId: PAYMENT_MESSAGES.invalidCardDetails,
      });
    }
    const outcome = await applyProjectTransition(db, {
      projectId: project.id,
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'client_accept' },
      before: (p) => (subscribes ? payments.startSubscription(toMoneyView(p), body.paymentMethodId!) : Promise.resolve(null)),
      columns: (_p, subscription) => (subscription ? { stripe_subscription_id: subscription.subscriptionId } : {}),
      alsoInTransaction: async (tx, p, subscription) => {
        if (!subscription) return;
        await tx.query(
          `insert into subscriptions (project_id, stripe_subscription_id, stripe_price_id, monthly_cost, end_date)
           values ($1, $2, $3, $4, $5)
           on conflict (project_id) do update set stripe_subscription_id = excluded.stripe_subscription_id,
             stripe_price_id = excluded.stripe_price_id, monthly_cost = excluded.monthly_cost,
             status = 'active', end_date = excluded.end_date`,
          [p.id, subscription.subscriptionId, p.stripe_price_id, p.cost, subscription.currentPeriodEnd],
        );
      },
      details: (subscription) => (subscription ? { subscriptionId: subscription.subscriptionId } : {}),
    });
    return { project: outcome.project };
  });

  defineRoute(app, 'completeProject', async ({ c, caller, log }) => {
    const { projectId } = await readBody(c, projectIdSchema);
    const { project } = await applyProjectTransition(db, {
      projectId,
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'complete' },
      before: async (p) => {
        if (isSubscriptionTier(p.tier ?? 0)) await payments.cancelSubscription(toMoneyView(p));
      },
      columns: (p) =>
        isFixedPriceTier(p.tier ?? 0) ? { final_payment_amount: finalPaymentFor(p.tier!, p.final_payment_amount) } : {},
      alsoInTransaction: async (tx, p) => {
        if (p.status === 'completed') {
          await tx.query(`update subscriptions set status = 'cancelled', end_date = now() where project_id = $1`, [p.id]);
        }
      },
    });
    if (project.status === 'pending_final_payment' && project.client_email) {
      sendInBackground(
        deps.mailer,
        log,
        finalPaymentRequestMail(project, project.final_payment_amount ?? 0, deps.config.publicSiteUrl),
      );
    } else {
      notifyClient(project, log);
    }
    return { project };
  });

  defineRoute(app, 'checkPenalty', async ({ c, caller }) => {
    const { projectId } = await readBody(c, projectIdSchema);
    const project = await findVisibleProject(db, projectId, caller);
    return payments.quotePenalty(toMoneyView(project));
  });

  defineRoute(app, 'cancelProject', async ({ c, caller, log }) => {
    const body = await readBody(c, cancelProjectSchema);
    const byAdmin = caller.role === 'ADMIN';
    if ((body.cancelledBy === 'admin') !== byAdmin) throw new HttpError(403, API_MESSAGES.cancelledByMismatch);
    const event: ProjectEvent = byAdmin
      ? { type: 'cancel_by_admin', reason: body.cancellationReason ?? null }
      : { type: 'cancel_by_client', reason: body.cancellationReason ?? null };
    const { project, effect } = await applyProjectTransition(db, {
      projectId: body.projectId,
      viewer: caller,
      actor: actorOf(caller),
      event,
      before: async (p): Promise<RefundOutcome & { penaltyPaymentIntentId?: string }> => {
        const view = toMoneyView(p);
        let penaltyPaymentIntentId: string | undefined;
        if (!byAdmin) {
          const quote = await payments.quotePenalty(view);
          if (quote.hasPenalty) {
            if (!body.penaltyPaymentIntentId) throw new PaymentError('The early-cancellation penalty must be paid first', 402);
            await payments.verifyPenaltyPayment(view, body.penaltyPaymentIntentId);
            penaltyPaymentIntentId = body.penaltyPaymentIntentId;
          }
        }
        if (isSubscriptionTier(p.tier ?? 0)) await payments.cancelSubscription(view);
        const refund = byAdmin && body.issueRefund ? await refundDepositIfPaid(p, 'Project cancelled', log) : NO_REFUND;
        return { ...refund, ...(penaltyPaymentIntentId ? { penaltyPaymentIntentId } : {}) };
      },
      alsoInTransaction: async (tx, p) => {
        await tx.query(`update subscriptions set status = 'cancelled', end_date = now() where project_id = $1`, [p.id]);
      },
      details: (outcome) => outcome,
    });
    if (byAdmin) notifyClient(project, log);
    return { refundIssued: effect.refundIssued, refundAmount: effect.refundAmount, project };
  });

  defineRoute(app, 'clientCancelPendingProject', async ({ c, caller, log }) => {
    const body = await readBody(c, clientCancelPendingSchema);
    const { project, effect } = await applyProjectTransition(db, {
      projectId: body.projectId,
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'client_cancel_pending', reason: body.cancellationReason },
      before: (p) => refundDepositIfPaid(p, 'Pending project cancelled by the client', log),
      details: (refund) => refund,
    });
    return { ...effect, project };
  });
}
