import type { Hono } from 'hono';
import { contactFormSchema } from '@agency/domain';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { limitPerAddress } from '../../http/rate-limit';
import { readBody } from '../../http/read-body';
import { contactMessageMail } from '../../mail/mail-templates';
import { sendInBackground } from '../../mail/mailer';

export function registerContactRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    'contactForm',
    async ({ c, caller, log }) => {
      const message = await readBody(c, contactFormSchema);
      await deps.db.query(
        `insert into contact_messages (first_name, last_name, email, company, project_details, user_id)
         values ($1, $2, $3, $4, $5, $6)`,
        [message.firstName, message.lastName, message.email, message.company ?? null, message.projectDetails, caller?.id ?? null],
      );
      sendInBackground(deps.mailer, log, contactMessageMail(deps.config.contactInbox, message));
      return { ok: true as const };
    },
    { middleware: [limitPerAddress(deps.config.rateLimits.contactForm, deps.config.trustProxy)] },
  );
}
