import type { Hono } from 'hono';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { rateLimit } from '../../http/rate-limit';
import { contactAcknowledgementMail, contactMessageMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';

export function registerContactRoutes(app: Hono<AppEnv>, deps: FeatureDeps): void {
  defineRoute(
    app,
    'contactForm',
    async ({ caller, readBody }) => {
      const message = await readBody();
      await deps.db.transaction(async (tx) => {
        const [stored] = await tx.query<{ id: string }>(
          `insert into contact_messages (first_name, last_name, email, company, project_details, user_id)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [
            message.firstName,
            message.lastName,
            message.email,
            message.company ?? null,
            message.projectDetails,
            caller?.id ?? null,
          ],
        );
        await queueMail(deps.jobs, contactMessageMail(deps.config.contactInbox, message), tx);
        // The sender's acknowledgement, in the same transaction: no mail for a message that was not stored.
        await queueMail(deps.jobs, contactAcknowledgementMail(message.email, stored!.id), tx);
      });
      return { ok: true as const };
    },
    {
      middleware: [
        rateLimit({
          db: deps.db,
          name: 'contact-form',
          limit: deps.config.rateLimits.contactForm,
          trustProxy: deps.config.trustProxy,
        }),
      ],
    },
  );
}
