import type { Hono } from 'hono';
import { API_MESSAGES, isSubscriptionTier, PROPOSAL_MESSAGES, type Project } from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { proposalSentMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import { renderAgreementPdf } from '../../documents/agreement-pdf';
import { appendProjectEvent, findVisibleProject } from '../../project-store/project-repository';
import { assertNoOpenOperation, writeTransition } from '../../project-store/project-transitions';
import {
  latestSignature,
  proposalById,
  proposalView,
  writeProposalVersion,
} from '../../project-store/proposal-store';

/**
 * Proposals (issue 33): the admin sends one (accepting the request) and revises it (each edit a new version);
 * both sides read the latest; once signed, the agreement downloads as a PDF. Signing itself is the approval's
 * money operation (POST /api/client-approve-project, money-plans.ts client_accept).
 */
export function registerProposalRoutes(app: Hono<AppEnv>, deps: FeatureDeps): void {
  const { db, jobs, config } = deps;

  defineRoute(app, 'sendProposal', async ({ c, caller, readBody }) => {
    const body = await readBody();
    const projectId = c.req.param('id') ?? '';
    return db.transaction(async (tx) => {
      const previous = await findVisibleProject(tx, projectId, caller, { forUpdate: true });
      await assertNoOpenOperation(tx, previous.id);
      const subscription = isSubscriptionTier(previous.tier ?? 0);
      if (!subscription && body.monthlyFee !== undefined)
        throw new HttpError(400, API_MESSAGES.invalidValue, { monthlyFee: API_MESSAGES.invalidValue });
      const fee = subscription ? (body.monthlyFee ?? previous.cost) : undefined;
      if (subscription && !fee)
        throw new HttpError(400, PROPOSAL_MESSAGES.monthlyFeeRequired, {
          monthlyFee: PROPOSAL_MESSAGES.monthlyFeeRequired,
        });
      const columns = subscription ? { cost: fee } : {};
      // The first proposal accepts the request; a later one is an edit (refused once the client signed).
      const first = previous.admin_approval_status !== 'accepted';
      const project: Project = await writeTransition(
        tx,
        previous,
        { type: first ? 'admin_accept' : 'admin_edit' },
        columns,
      );
      const proposal = await writeProposalVersion(
        tx,
        project,
        { scope: body.scope, deliverables: body.deliverables, validUntil: body.validUntil },
        caller.id,
      );
      await appendProjectEvent(tx, {
        projectId: project.id,
        actor: { id: caller.id, role: caller.role },
        action: first ? 'admin_accept' : 'admin_edit',
        from: previous.status,
        to: project.status,
        details: { proposalVersion: proposal.version, ...(fee ? { monthlyFee: fee } : {}) },
      });
      if (project.client_email) {
        const hasAccount =
          !!project.client_id || !!(await deps.users.findProfileIdByEmail(tx, project.client_email));
        await queueMail(
          jobs,
          proposalSentMail(project, proposal.version, config.publicSiteUrl, hasAccount),
          tx,
        );
      }
      const view = await proposalView(tx, project.id, true);
      return { project, proposal: view! };
    });
  });

  defineRoute(app, 'getProposal', async ({ c, caller }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    return { proposal: await proposalView(db, project.id, caller.role === 'ADMIN') };
  });

  defineRoute(app, 'agreementPdf', async ({ c, caller }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    const signature = await latestSignature(db, project.id);
    const proposal = signature && (await proposalById(db, signature.proposalId));
    if (!signature || !proposal) throw new HttpError(404, PROPOSAL_MESSAGES.noSignature);
    const pdf = await renderAgreementPdf(proposal.document, signature);
    // c.body, not a bare Response: headers the middleware prepared (Access-Control-Allow-Origin) are kept only on
    // responses built through the context, and without them the portal's cross-origin fetch of the PDF fails.
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="agreement-${project.id.slice(0, 8)}-v${signature.version}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });
}
