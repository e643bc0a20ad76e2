import type { OutgoingMail } from '../mailer';
import { compose, hello } from '../compose-mail';

/**
 * Issue 34: a message waited unseen for a while. One per thread until the reader has seen it; it quotes nothing
 * the other side wrote (the reader opens the thread in the portal), so no text typed by one user is mailed on.
 */
export function unseenMessagesMail(
  to: string,
  name: string | null,
  m: { projectTitle: string; count: number; from: 'the consultancy' | 'your client'; url: string },
): OutgoingMail {
  const what = m.count === 1 ? 'a new message' : `${m.count} new messages`;
  return compose(to, `New message on "${m.projectTitle}"`, {
    greeting: hello(name),
    paragraphs: [`You have ${what} from ${m.from} on "${m.projectTitle}" that you have not seen yet.`],
    link: { label: 'Open the conversation', url: m.url },
  });
}

/** Issue 34: the day's ticket moves on a client's projects, in one e-mail instead of a notification each. */
export function ticketDigestMail(
  to: string,
  name: string | null,
  projects: { title: string; url: string; moves: string[] }[],
): OutgoingMail {
  const count = projects.reduce((sum, p) => sum + p.moves.length, 0);
  return compose(to, `Your projects today: ${count} ticket ${count === 1 ? 'move' : 'moves'}`, {
    greeting: hello(name),
    paragraphs: projects.map((p) =>
      [`${p.title} (${p.url})`, ...p.moves.map((move) => `- ${move}`)].join('\n'),
    ),
    link: { label: 'Your dashboard', url: projects[0]?.url ?? '' },
  });
}

/** Issue 34: the admin's answer to a contact message or a consultation request, sent from the Inbox. */
export function inboxReplyMail(to: string, name: string, body: string, replyTo: string): OutgoingMail {
  return compose(to, 'Re: your message to us', { greeting: hello(name), paragraphs: [body] }, { replyTo });
}
