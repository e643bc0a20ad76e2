import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
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
 * Sends without holding up the response: the record is already stored, so a mail failure is logged and
 * never loses data or fails the request.
 */
export function sendInBackground(mailer: Mailer, log: Logger, mail: OutgoingMail): void {
  mailer.send(mail).then(
    () => log.info({ to: mail.to, subject: mail.subject }, 'mail sent'),
    (error: unknown) => log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail failed'),
  );
}
