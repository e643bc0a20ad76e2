import type { Hono } from 'hono';
import {
  API_MESSAGES,
  costFor,
  defaultValidUntil,
  downpaymentFor,
  findTier,
  isFixedPriceTier,
  isSubscriptionTier,
  VALIDATION,
} from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { MoneyOperations } from '../../money/money-operations';
import type { AppEnv, Caller } from '../../http/app-env';
import { cachedResponse, defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { rateLimit } from '../../http/rate-limit';
import { proposalSentMail, serviceRequestAlertMail } from '../../mail/mail-templates';
import { clientAddress } from '../../http/client-address';
import { defaultDraft, repriceProposal, writeProposalVersion } from '../../project-store/proposal-store';
import { queueMail } from '../../mail/mailer';
import { refundOutcome } from '../../money/money-plans';
import { toMoneyView } from '../../money/types';
import {
  appendProjectEvent,
  EVENT_COLUMNS,
  findVisibleProject,
  insertProject,
  listVisibleProjects,
  toActivityEntry,
  type EventRow,
} from '../../project-store/project-repository';
import { projectTitle } from '../../project-store/project-title';
import { countProjects, listProjectPage } from './project-views';
import { applyProjectTransition } from '../../project-store/project-transitions';

type Refunded = { refund: Parameters<typeof refundOutcome>[0] };

export function registerProjectRoutes(
  app: Hono<AppEnv>,
  deps: FeatureDeps,
  { money }: { money: MoneyOperations },
): void {
  const { db, payments, jobs, config } = deps;
  const actorOf = (caller: Caller) => ({ id: caller.id, role: caller.role });

  const projectList = cachedResponse((projects: Awaited<ReturnType<typeof listVisibleProjects>>) => ({
    projects,
  }));
  const frozenPage = cachedResponse((page: Awaited<ReturnType<typeof listProjectPage>>) => ({ ...page }));
  defineRoute(app, 'listProjects', async ({ c, caller, readQuery }) => {
    const query = c.req.query();
    // Without a query: the whole list the caller may see (kept for older portal builds).
    if (Object.keys(query).length === 0) return projectList(await listVisibleProjects(db, caller));
    const page = await readQuery();
    // A page is kept until the data changes (Database.readThrough).
    const scope = caller.role === 'ADMIN' ? 'all' : caller.id;
    return frozenPage(
      await db.readThrough(`page:${scope}:${JSON.stringify(page)}`, () => listProjectPage(db, caller, page)),
    );
  });

  const frozenCounts = cachedResponse((counts: Awaited<ReturnType<typeof countProjects>>) => ({ counts }));
  defineRoute(app, 'projectCounts', async ({ caller }) =>
    frozenCounts(
      await db.readThrough(`counts:${caller.role === 'ADMIN' ? 'all' : caller.id}`, () =>
        countProjects(db, caller),
      ),
    ),
  );

  defineRoute(app, 'getProject', async ({ c, caller }) => ({
    project: await findVisibleProject(db, c.req.param('id') ?? '', caller),
  }));

  defineRoute(app, 'projectEvents', async ({ c, caller }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    const rows = await db.query<EventRow>(
      `select ${EVENT_COLUMNS} from project_events e left join profiles a on a.id = e.actor_id where e.project_id = $1 order by e.id`,
      [project.id],
    );
    return { events: rows.map(toActivityEntry) };
  });

  defineRoute(
    app,
    'createProject',
    async ({ caller, readBody }) => {
      const body = await readBody();
      const isAdmin = caller.role === 'ADMIN';
      if (!isAdmin && isFixedPriceTier(body.tier))
        throw new HttpError(400, API_MESSAGES.paidTierNeedsPayment);
      if (isSubscriptionTier(body.tier) && (!body.monthly_budget_range || !body.timeline)) {
        throw new HttpError(400, VALIDATION.serviceRequest.required);
      }
      const clientName = isAdmin ? (body.client ?? '') : (body.client ?? caller.fullName ?? caller.email);
      const clientEmail = isAdmin ? (body.clientEmail ?? '') : caller.email;
      const project = await db.transaction(async (tx) => {
        const clientId = isAdmin
          ? clientEmail
            ? await deps.users.findProfileIdByEmail(tx, clientEmail)
            : null
          : caller.id;
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
        if (!isAdmin)
          await queueMail(
            jobs,
            serviceRequestAlertMail(config.contactInbox, created, config.publicSiteUrl),
            tx,
          );
        return created;
      });
      return { id: project.id, project };
    },
    {
      successStatus: 201,
      middleware: [
        rateLimit({
          db,
          name: 'create-project',
          limit: config.rateLimits.createProject,
          trustProxy: config.trustProxy,
        }),
      ],
    },
  );

  defineRoute(app, 'updateProject', async ({ c, caller, readBody }) => {
    const projectId = c.req.param('id') ?? '';
    await findVisibleProject(db, projectId, caller);
    const changes = await readBody();
    const { project } = await applyProjectTransition(db, {
      projectId,
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'admin_edit' },
      columns: () => ({
        ...changes,
        ...(changes.title !== undefined ? { title: changes.title.trim() } : {}),
      }),
      // A sent proposal shows the project's title, client and price: an edit of them is a new version, so the
      // client can only ever sign what the project now says.
      alsoInTransaction: async (tx, edited) => {
        if (edited.admin_approval_status === 'accepted' && edited.client_approval_status === 'pending') {
          const revised = await repriceProposal(tx, edited, caller.id);
          if (revised && edited.client_email) {
            const hasAccount =
              !!edited.client_id || !!(await deps.users.findProfileIdByEmail(tx, edited.client_email));
            await queueMail(
              jobs,
              proposalSentMail(edited, revised.version, config.publicSiteUrl, hasAccount),
              tx,
            );
          }
        }
      },
      details: { changes },
    });
    return { project };
  });

  // Accepting without writing a proposal sends one in the request's own words: its description, the tier's
  // features, valid for PROPOSAL_VALIDITY_DAYS. A subscription still needs its monthly fee set first (400).
  defineRoute(app, 'acceptProject', async ({ c, caller }) => {
    const { project } = await applyProjectTransition(db, {
      projectId: c.req.param('id') ?? '',
      viewer: caller,
      actor: actorOf(caller),
      event: { type: 'admin_accept' },
      alsoInTransaction: async (tx, accepted) => {
        const proposal = await writeProposalVersion(
          tx,
          accepted,
          defaultDraft(accepted, defaultValidUntil(new Date())),
          caller.id,
        );
        if (!accepted.client_email) return;
        const hasAccount =
          !!accepted.client_id || !!(await deps.users.findProfileIdByEmail(tx, accepted.client_email));
        await queueMail(
          jobs,
          proposalSentMail(accepted, proposal.version, config.publicSiteUrl, hasAccount),
          tx,
        );
      },
    });
    return { project };
  });

  defineRoute(app, 'refuseProject', async ({ c, caller }) => {
    const { project, effect } = await money.run<Refunded>({
      projectId: c.req.param('id') ?? '',
      viewer: caller,
      actor: actorOf(caller),
      kind: 'admin_refuse',
      input: { event: { type: 'admin_refuse' } },
    });
    return { ...refundOutcome(effect.refund), project };
  });

  defineRoute(app, 'projectSubscription', async ({ c, caller }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    const [row] = await db.query<{ end_date: Date | string | null }>(
      'select end_date from subscriptions where project_id = $1',
      [project.id],
    );
    return { end_date: row?.end_date ? new Date(row.end_date).toISOString() : null };
  });

  defineRoute(app, 'clientApproveProject', async ({ c, caller, readBody }) => {
    const body = await readBody();
    const refuse = body.action === 'refuse';
    const { project } = await money.run({
      projectId: body.projectId,
      viewer: caller,
      actor: actorOf(caller),
      kind: refuse ? 'client_refuse' : 'client_accept',
      input: {
        event: { type: refuse ? 'client_refuse' : 'client_accept' },
        ...(body.paymentMethodId && { paymentMethodId: body.paymentMethodId }),
        ...(!refuse && body.monthlyFee !== undefined && { monthlyFee: body.monthlyFee }),
        ...(!refuse && {
          signature: {
            proposalVersion: body.proposalVersion,
            proposalHash: body.proposalHash,
            agreed: body.agreed,
            signedName: body.signedName,
            ipAddress: clientAddress(c, config.trustProxy),
            userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
          },
        }),
      },
    });
    return { project };
  });

  defineRoute(app, 'completeProject', async ({ caller, readBody }) => {
    const { projectId } = await readBody();
    const { project } = await money.run({
      projectId,
      viewer: caller,
      actor: actorOf(caller),
      kind: 'complete',
      input: { event: { type: 'complete' } },
    });
    return { project };
  });

  defineRoute(app, 'checkPenalty', async ({ caller, readBody }) => {
    const { projectId } = await readBody();
    const project = await findVisibleProject(db, projectId, caller);
    return payments.quotePenalty(toMoneyView(project));
  });

  defineRoute(app, 'cancelProject', async ({ caller, readBody }) => {
    const body = await readBody();
    const byAdmin = caller.role === 'ADMIN';
    if ((body.cancelledBy === 'admin') !== byAdmin)
      throw new HttpError(403, API_MESSAGES.cancelledByMismatch);
    const reason = body.cancellationReason ?? null;
    const { project, effect } = await money.run<
      Refunded & { penalty: { paymentIntentId: string; amount: number } | null }
    >({
      projectId: body.projectId,
      viewer: caller,
      actor: actorOf(caller),
      kind: byAdmin ? 'cancel_by_admin' : 'cancel_by_client',
      input: byAdmin
        ? { event: { type: 'cancel_by_admin', reason }, issueRefund: !!body.issueRefund }
        : {
            event: { type: 'cancel_by_client', reason },
            ...(body.paymentMethodId && { paymentMethodId: body.paymentMethodId }),
          },
    });
    const penalty = effect.penalty
      ? { penaltyPaymentIntentId: effect.penalty.paymentIntentId, penaltyAmount: effect.penalty.amount }
      : {};
    return { ...refundOutcome(effect.refund), ...penalty, project };
  });

  defineRoute(app, 'clientCancelPendingProject', async ({ caller, readBody }) => {
    const body = await readBody();
    const { project, effect } = await money.run<Refunded>({
      projectId: body.projectId,
      viewer: caller,
      actor: actorOf(caller),
      kind: 'client_cancel_pending',
      input: { event: { type: 'client_cancel_pending', reason: body.cancellationReason } },
    });
    return { ...refundOutcome(effect.refund), project };
  });
}
