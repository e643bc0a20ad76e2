import type { Logger } from 'pino';
import {
  conversationLink,
  TICKET_STATUS_LABELS,
  UNSEEN_MESSAGE_ALERT_MINUTES,
  type TicketStatus,
} from '@agency/domain';
import type { Database } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { ticketDigestMail, unseenMessagesMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import type { Settings } from '../../settings';

interface Deps {
  db: Database;
  jobs: JobQueue;
  config: Pick<Settings, 'publicSiteUrl'>;
  logger: Logger;
}

/** Older unseen messages than this are not e-mailed any more (a person away for a week gets no backlog of mails). */
const ALERT_HORIZON_DAYS = 7;

/**
 * Issue 34's e-mails that respect attention, run as jobs on a schedule (workers.ts) and by tests with a clock
 * of their own (`now`), so five minutes pass without waiting:
 * - sendUnseenAlerts: a message the other side has not seen for UNSEEN_MESSAGE_ALERT_MINUTES brings each person
 *   of that side (who wants these e-mails) one e-mail per thread, and no other until they have seen the thread;
 * - sendTicketDigests: a client's ticket moves since the last digest, in one e-mail a day.
 * Each e-mail is claimed in the transaction that queues it (a row updated only while unclaimed), so two runs at
 * once, on two replicas, send it once.
 */
export function createConversationMail({ db, jobs, config, logger }: Deps) {
  return {
    async sendUnseenAlerts(now: Date = new Date()): Promise<number> {
      const due = await db.query<{
        project_id: string;
        user_id: string;
        email: string;
        full_name: string | null;
        title: string;
        author_role: 'ADMIN' | 'CLIENT';
        unread: number;
        last_seq: string;
        first_id: string;
      }>(
        `select m.project_id, rc.user_id, pr.email, pr.full_name, p.title, m.author_role,
                count(*)::int as unread, max(m.seq) as last_seq, (array_agg(m.id order by m.seq))[1] as first_id
           from messages m
           join projects p on p.id = m.project_id
           join lateral (
             select p.client_id as user_id where m.author_role = 'ADMIN' and p.client_id is not null
             union all
             select ur.user_id from user_roles ur where m.author_role = 'CLIENT' and ur.role = 'ADMIN'
           ) rc on true
           join profiles pr on pr.id = rc.user_id
           left join message_reads r on r.user_id = rc.user_id and r.project_id = m.project_id
           left join email_settings s on s.user_id = rc.user_id
          where m.ticket_id is null
            and m.created_at <= $1::timestamptz - make_interval(mins => $2)
            and m.created_at > $1::timestamptz - make_interval(days => $3)
            and m.seq > coalesce(r.seen_seq, 0)
            and coalesce(r.alerted_seq, 0) <= coalesce(r.seen_seq, 0)
            and coalesce(s.message_alerts, true)
          group by m.project_id, rc.user_id, pr.email, pr.full_name, p.title, m.author_role`,
        [now.toISOString(), UNSEEN_MESSAGE_ALERT_MINUTES, ALERT_HORIZON_DAYS],
      );
      let sent = 0;
      for (const alert of due) {
        const claimed = await db.transaction(async (tx) => {
          const rows = await tx.query(
            `insert into message_reads (user_id, project_id, seen_seq, alerted_seq) values ($1, $2, 0, $3)
             on conflict (user_id, project_id) do update set alerted_seq = excluded.alerted_seq
               where message_reads.alerted_seq <= message_reads.seen_seq and message_reads.seen_seq < excluded.alerted_seq
             returning user_id`,
            [alert.user_id, alert.project_id, alert.last_seq],
          );
          if (!rows.length) return false;
          await queueMail(
            jobs,
            unseenMessagesMail(alert.email, alert.full_name, {
              projectTitle: alert.title,
              count: alert.unread,
              from: alert.author_role === 'ADMIN' ? 'the consultancy' : 'your client',
              url: `${config.publicSiteUrl}${conversationLink(alert.project_id, alert.first_id)}`,
            }),
            tx,
          );
          return true;
        });
        if (claimed) sent++;
      }
      if (sent) logger.info({ sent }, 'unseen message e-mails queued');
      return sent;
    },

    async sendTicketDigests(now: Date = new Date()): Promise<number> {
      const moves = await db.query<{
        user_id: string;
        email: string;
        full_name: string | null;
        project_id: string;
        title: string;
        event_id: string;
        details: { title?: string; from?: string; to?: string };
      }>(
        `select p.client_id as user_id, pr.email, pr.full_name, p.id as project_id, p.title, e.id as event_id, e.details
           from project_events e
           join projects p on p.id = e.project_id
           join profiles pr on pr.id = p.client_id
           left join email_settings s on s.user_id = p.client_id
          where e.action = 'ticket_moved' and e.at <= $1::timestamptz and e.at > $1::timestamptz - interval '1 day'
            and e.id > coalesce(s.digest_event_id, 0) and coalesce(s.ticket_digest, true)
            and e.actor_id is distinct from p.client_id
          order by p.client_id, p.title, e.id`,
        [now.toISOString()],
      );
      const byClient = new Map<string, typeof moves>();
      for (const move of moves) byClient.set(move.user_id, [...(byClient.get(move.user_id) ?? []), move]);
      let sent = 0;
      for (const [userId, own] of byClient) {
        const lastId = own.reduce((max, m) => Math.max(max, Number(m.event_id)), 0);
        const projects = new Map<string, { title: string; url: string; moves: string[] }>();
        for (const move of own) {
          const entry = projects.get(move.project_id) ?? {
            title: move.title,
            url: `${config.publicSiteUrl}${conversationLink(move.project_id)}`,
            moves: [],
          };
          const label = (status?: string) => TICKET_STATUS_LABELS[status as TicketStatus] ?? status ?? '';
          entry.moves.push(
            `"${move.details.title ?? 'A ticket'}": ${label(move.details.from)} → ${label(move.details.to)}`,
          );
          projects.set(move.project_id, entry);
        }
        const claimed = await db.transaction(async (tx) => {
          const rows = await tx.query(
            `insert into email_settings (user_id, digest_event_id) values ($1, $2)
             on conflict (user_id) do update set digest_event_id = excluded.digest_event_id
               where email_settings.digest_event_id < excluded.digest_event_id
             returning user_id`,
            [userId, lastId],
          );
          if (!rows.length) return false;
          await queueMail(
            jobs,
            ticketDigestMail(own[0]!.email, own[0]!.full_name, [...projects.values()]),
            tx,
          );
          return true;
        });
        if (claimed) sent++;
      }
      if (sent) logger.info({ sent }, 'ticket digests queued');
      return sent;
    },
  };
}

export type ConversationMail = ReturnType<typeof createConversationMail>;
