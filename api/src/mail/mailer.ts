import nodemailer from 'nodemailer';
import type { Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
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
