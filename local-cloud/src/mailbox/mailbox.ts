import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Logger } from 'pino';

export interface ReceivedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  receivedAt: string;
}

/** How many mails the mailbox keeps; the oldest go first. */
const MAILBOX_CAPACITY = 500;
const MAX_MESSAGE_BYTES = 1024 * 1024;

/** Received mails, newest first, in memory. */
export class MailboxStore {
  private mails: ReceivedMail[] = [];

  add(mail: ReceivedMail): void {
    this.mails.unshift(mail);
    if (this.mails.length > MAILBOX_CAPACITY) this.mails.length = MAILBOX_CAPACITY;
  }

  list(to?: string): ReceivedMail[] {
    if (!to) return [...this.mails];
    const wanted = to.trim().toLowerCase();
    return this.mails.filter((m) => m.to.some((address) => address.toLowerCase() === wanted));
  }

  find(id: string): ReceivedMail | undefined {
    return this.mails.find((m) => m.id === id);
  }

  clear(): void {
    this.mails = [];
  }
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

/** An SMTP server that accepts every mail for local delivery to the store (no auth, no TLS: local only). */
export function createSmtpReceiver(store: MailboxStore, logger: Logger): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const html = typeof parsed.html === 'string' ? parsed.html : null;
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const to = [...new Set([...addresses(parsed.to), ...envelopeTo])];
          const found = [...(text.match(LINK) ?? []), ...((html ?? '').match(LINK) ?? [])];
          const links = [...new Set(found.map((l) => l.replace(/&amp;/g, '&')))];
          store.add({
            id: randomUUID(),
            from: addresses(parsed.from)[0] ?? session.envelope.mailFrom?.toString() ?? '',
            to,
            subject: parsed.subject ?? '',
            text,
            html,
            links,
            receivedAt: (parsed.date ?? new Date()).toISOString(),
          });
          logger.info({ to, subject: parsed.subject }, 'mail received');
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
}

/** The mailbox web page and its JSON API (the e2e tests read links from it). */
export function createMailboxWeb(store: MailboxStore): Hono {
  const app = new Hono();
  app.get('/api/messages', (c) => c.json(store.list(c.req.query('to'))));
  app.get('/api/messages/:id', (c) => {
    const mail = store.find(c.req.param('id'));
    return mail ? c.json(mail) : c.json({ error: 'Not found' }, 404);
  });
  app.delete('/api/messages', (c) => {
    store.clear();
    return c.body(null, 204);
  });
  app.get('/', (c) => c.html(renderMailbox(store.list(c.req.query('to')))));
  return app;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function renderMailbox(mails: ReceivedMail[]): string {
  const items = mails
    .map((m) => {
      const body = escapeHtml(m.text).replace(LINK, (url) => {
        const href = url.replace(/&amp;/g, '&');
        return `<a href="${escapeHtml(href)}">${url}</a>`;
      });
      return `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br>
  <small>to ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · <time>${escapeHtml(m.receivedAt)}</time></small></header>
  <pre>${body}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
article{border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem;margin:1rem 0}
pre{white-space:pre-wrap;word-break:break-all;font:inherit}
small{color:#4a5568}
</style></head>
<body><h1>Local mailbox</h1>
<p>${mails.length} message(s). Mail sent by the product while running offline lands here. <a href="/">Refresh</a></p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
