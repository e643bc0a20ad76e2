import type { AppDeps, AppServices } from './app-deps';
import { pruneRateLimits } from './http/rate-limit';
import { sweepExpiredUploads } from './features/files/file-sweep';
import { sendMailOnce, type OutgoingMail } from './mail/mailer';
import { findDocument, recordSeller } from './money/billing-documents';
import { DEFAULT_SELLER, documentFileName, renderBillingDocument } from './documents/billing-document-pdf';
import type { ClockedJob } from './ops/test-clock';

/** The scheduled queues that read the time, with their schedules (cron, UTC). */
const CLOCKED_SCHEDULES = {
  // E-mail that respects attention (issue 34): every minute, and the ticket digest daily at 08:00.
  'conversations.unseen-alerts': '* * * * *',
  'conversations.ticket-digest': '0 8 * * *',
} as const;
type ClockedQueue = keyof typeof CLOCKED_SCHEDULES;

/**
 * The scheduled jobs that read the time, by queue: the workers below run them with the system clock, and the
 * offline product's test clock (ops/test-clock.ts) runs the same functions with the time a test moved to.
 */
export function clockedJobs(services: AppServices): Partial<Record<ClockedQueue, ClockedJob>> {
  const { conversationMail } = services;
  if (!conversationMail) return {};
  return {
    'conversations.unseen-alerts': (now) => conversationMail.sendUnseenAlerts(now),
    'conversations.ticket-digest': (now) => conversationMail.sendTicketDigests(now),
  };
}

/** The handlers of every queue, run by each API process (pg-boss gives each job to one of them). */
export async function startWorkers(deps: AppDeps, services: AppServices): Promise<void> {
  const { jobs, mailer, logger } = deps;
  // The consultancy the next invoices and credit notes are issued with: this process's configuration.
  await recordSeller(deps.db, deps.config.seller ?? DEFAULT_SELLER);
  /** A receipt carries its invoice or credit note as PDF, drawn from the issued document when the mail goes. */
  async function withAttachment(mail: OutgoingMail): Promise<OutgoingMail> {
    if (!mail.documentId) return mail;
    const document = await findDocument(deps.db, mail.documentId);
    if (!document) return mail;
    const content = await renderBillingDocument(document, deps.config.seller ?? DEFAULT_SELLER);
    return {
      ...mail,
      attachments: [{ filename: documentFileName(document), content, contentType: 'application/pdf' }],
    };
  }
  await jobs.work('mail.send', async (mail, job) => {
    const outcome = await sendMailOnce(deps.db, mailer, job.id, await withAttachment(mail));
    logger.info(
      { to: mail.to, subject: mail.subject },
      outcome === 'sent' ? 'mail sent' : 'mail already sent',
    );
  });
  await jobs.work('payments.recover-operation', ({ operationId }) =>
    services.money.recoverOperation(operationId),
  );
  await jobs.work('payments.sweep-operations', async () => {
    await services.money.sweepStranded();
  });
  await jobs.schedule('payments.sweep-operations', '*/10 * * * *');
  const { purchases, stripeEvents } = services;
  if (purchases) {
    await jobs.work('payments.fulfil-purchase', async ({ paymentIntentId }) => {
      await purchases.fulfil(paymentIntentId);
    });
    await jobs.work('payments.refund-unfulfilled-purchase', ({ paymentIntentId, reason }) =>
      purchases.refundUnfulfilled(paymentIntentId, reason),
    );
    await jobs.work('payments.cleanup-stale-intents', async () => {
      await purchases.cleanupStaleIntents();
      await pruneRateLimits(deps.db);
    });
    await jobs.schedule('payments.cleanup-stale-intents', '17 * * * *');
  }
  if (stripeEvents) await jobs.work('stripe.process-event', ({ eventId }) => stripeEvents.process(eventId));
  const { reconciliation } = services;
  if (reconciliation) {
    await jobs.work('payments.reconcile', async () => {
      await reconciliation.reconcile();
    });
    await jobs.schedule('payments.reconcile', '41 * * * *');
  }
  // Uploads announced but never finished: their rows and objects go once their time ran out.
  await jobs.work('files.sweep-uploads', async () => {
    const removed = await sweepExpiredUploads(deps.db, deps.fileStorage);
    if (removed) logger.info({ removed }, 'unfinished uploads removed');
  });
  await jobs.schedule('files.sweep-uploads', '*/15 * * * *');
  const clocked = clockedJobs(services);
  for (const queue of Object.keys(CLOCKED_SCHEDULES) as ClockedQueue[]) {
    const run = clocked[queue];
    if (!run) continue;
    await jobs.work(queue, async () => {
      await run(new Date());
    });
    await jobs.schedule(queue, CLOCKED_SCHEDULES[queue]);
  }
}
