import type { AppDeps, AppServices } from './app-deps';
import { pruneRateLimits } from './http/rate-limit';
import { sweepExpiredUploads } from './features/files/file-sweep';
import { sendMailOnce, type OutgoingMail } from './mail/mailer';
import { findDocument, recordSeller } from './money/billing-documents';
import { DEFAULT_SELLER, documentFileName, renderBillingDocument } from './documents/billing-document-pdf';

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
  const { conversationMail } = services;
  if (conversationMail) {
    await jobs.work('conversations.unseen-alerts', async () => {
      await conversationMail.sendUnseenAlerts();
    });
    await jobs.schedule('conversations.unseen-alerts', '* * * * *');
    await jobs.work('conversations.ticket-digest', async () => {
      await conversationMail.sendTicketDigests();
    });
    await jobs.schedule('conversations.ticket-digest', '0 8 * * *');
  }
}
