import type { Hono } from 'hono';
import { findConsultationTier } from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { rateLimit } from '../../http/rate-limit';
import { consultationAcknowledgementMail, consultationRequestMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import { appendProjectEvent, insertProject } from '../../project-store/project-repository';
import { projectTitle } from '../../project-store/project-title';

export function registerConsultationRoutes(app: Hono<AppEnv>, deps: FeatureDeps): void {
  defineRoute(
    app,
    'scheduleConsultation',
    async ({ caller, readBody }) => {
      const request = await readBody();
      const consultation = findConsultationTier(request.tier)!;
      const clientName = `${request.firstName.trim()} ${request.lastName.trim()}`;
      const project = await deps.db.transaction(async (tx) => {
        const created = await insertProject(tx, {
          title: projectTitle(consultation.name, clientName),
          description: request.projectDescription.trim(),
          tier: consultation.tier?.id ?? null,
          client_id: caller?.id ?? null,
          client_name: clientName,
          client_email: request.email,
          company: request.company || null,
          monthly_budget_range: request.budget,
          timeline: request.timeline,
        });
        await tx.query(
          `insert into consultation_requests (project_id, tier_key, first_name, last_name, email, company,
             project_description, budget, timeline, preferred_date, preferred_time, preferred_time_zone, user_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            created.id,
            request.tier,
            request.firstName,
            request.lastName,
            request.email,
            request.company ?? null,
            request.projectDescription,
            request.budget,
            request.timeline,
            request.preferredDate ?? null,
            request.preferredTime ?? null,
            // Only with a date or a time it qualifies.
            request.preferredDate || request.preferredTime ? (request.preferredTimeZone ?? null) : null,
            caller?.id ?? null,
          ],
        );
        await appendProjectEvent(tx, {
          projectId: created.id,
          actor: { id: caller?.id ?? null, role: caller?.role ?? 'ANONYMOUS' },
          action: 'consultation_requested',
          from: null,
          to: created.status,
        });
        await queueMail(
          deps.jobs,
          consultationRequestMail(deps.config.contactInbox, request, consultation.name),
          tx,
        );
        // The sender's acknowledgement, in the same transaction as the stored request.
        await queueMail(
          deps.jobs,
          consultationAcknowledgementMail(request.email, created.id, consultation.name, {
            date: request.preferredDate,
            time: request.preferredTime,
            timeZone: request.preferredTimeZone,
          }),
          tx,
        );
        return created;
      });
      return { id: project.id };
    },
    {
      successStatus: 201,
      middleware: [
        rateLimit({
          db: deps.db,
          name: 'consultation',
          limit: deps.config.rateLimits.consultationRequest,
          trustProxy: deps.config.trustProxy,
        }),
      ],
    },
  );
}
