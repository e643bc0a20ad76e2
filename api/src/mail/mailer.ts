import nodemailer from 'nodemailer';
import type { Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** A billing document to attach as PDF (rendered when the mail is sent: workers.ts). */
  documentId?: string;
  /** Files sent with the mail: a Buffer when drawn at sending time, base64 when the queued job carries them (JSON). */
  attachments?: Array<{
    filename: string;
    content: Buffer | string;
    encoding?: 'base64';
    contentType: string;
  }>;
}

export interface Mailer {
  /** `deliveryId`: the same for every attempt at one mail (its Message-ID), so a mail sent twice reads as one. */
  send(mail: OutgoingMail, options?: { deliveryId?: string }): Promise<void>;
}

/** Bounds on one SMTP exchange, so a send ends well within its claim (SEND_CLAIM_SECONDS). */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return {
    async send(mail, { deliveryId } = {}) {
      const { documentId: _documentId, ...message } = mail;
      await transport.sendMail({
        from,
        ...message,
        ...(deliveryId && { messageId: `<${deliveryId}@${domain}>` }),
      });
    },
  };
}

/** How long a send holds its job: longer than SMTP_TIMEOUTS let one exchange take. */
const SEND_CLAIM_SECONDS = 300;
/** Sent marks are kept far longer than pg-boss retries a job (about an hour and a half for mail). */
const SENT_MARKS_KEPT_DAYS = 7;

/**
 * Sends the mail of job `jobId` once, although pg-boss may run a job again while its first run is under way (a
 * worker stopped past its timeout has its running jobs failed and retried elsewhere). The run claims the job for
 * SEND_CLAIM_SECONDS before SMTP and marks it sent after; a run that finds it sent does nothing, and one that finds
 * it claimed throws, to be retried once the first run has finished or its claim has lapsed. A failed send gives
 * the claim back. Two sends happen only when a process dies after the SMTP server accepted the mail and before
 * the mark is written: the claim lapses and the mail goes again, with the same Message-ID.
 */
export async function sendMailOnce(
  db: Queryable,
  mailer: Mailer,
  jobId: string,
  mail: OutgoingMail,
): Promise<'sent' | 'already sent'> {
  const claimed = await db.query(
    `insert into mail_deliveries (job_id, claimed_until) values ($1, now() + make_interval(secs => $2))
     on conflict (job_id) do update set claimed_until = excluded.claimed_until
       where mail_deliveries.sent_at is null and mail_deliveries.claimed_until < now()
     returning job_id`,
    [jobId, SEND_CLAIM_SECONDS],
  );
  if (!claimed.length) {
    const [delivery] = await db.query<{ sent: boolean }>(
      'select sent_at is not null as sent from mail_deliveries where job_id = $1',
      [jobId],
    );
    if (delivery?.sent) return 'already sent';
    throw new Error('this mail is being sent by another run of its job');
  }
  try {
    await mailer.send(mail, { deliveryId: `mail-${jobId}` });
  } catch (error) {
    await db.query('update mail_deliveries set claimed_until = now() where job_id = $1', [jobId]);
    throw error;
  }
  await db.query('update mail_deliveries set sent_at = now() where job_id = $1', [jobId]);
  await db.query(`delete from mail_deliveries where sent_at < now() - make_interval(days => $1)`, [
    SENT_MARKS_KEPT_DAYS,
  ]);
  return 'sent';
}

/**
 * Queues a mail as a durable job ('mail.send'): with `tx` it is written in the same transaction as the change it
 * reports (no mail for a change that rolled back, no change without its mail); a failed send is retried with
 * backoff, and survives a restart.
 */
export function queueMail(jobs: JobQueue, mail: OutgoingMail, tx?: Queryable): Promise<void> {
  return jobs.send('mail.send', stripUndefined(mail), tx ? { tx } : {});
}

const stripUndefined = (mail: OutgoingMail): OutgoingMail =>
  Object.fromEntries(
    Object.entries(mail).filter(([, value]) => value !== undefined),
  ) as unknown as OutgoingMail;
