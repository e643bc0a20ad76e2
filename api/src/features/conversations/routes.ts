import type { Hono } from 'hono';
import {
  CONVERSATION_MESSAGES,
  DEFAULT_EMAIL_SETTINGS,
  FILE_MESSAGES,
  type MessageAttachment,
  MESSAGE_PAGE_SIZE,
  type ConversationMessage,
  type EmailSettings,
} from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { Queryable } from '../../db/database';
import type { AppEnv, Caller } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError, invalidCursorError } from '../../http/http-error';
import { appendProjectEvent, findVisibleProject } from '../../project-store/project-repository';

/** The side a caller writes for: the consultancy (any admin) or the project's client. */
const sideOf = (caller: Caller): 'ADMIN' | 'CLIENT' => (caller.role === 'ADMIN' ? 'ADMIN' : 'CLIENT');

/** A message as the database reads it: the shape the portals get, before its seen mark and files are added. */
type MessageRow = Omit<ConversationMessage, 'created_at' | 'seen' | 'attachments'> & {
  seq: string | number;
  created_at: Date | string;
};

const MESSAGE_COLUMNS = `m.id, m.seq, m.project_id, m.ticket_id, m.author_id, m.author_role,
  a.full_name as author_name, m.body, m.created_at`;

/** How far each side has seen a project's thread: the client (the project's) and the consultancy (any admin). */
async function seenBySide(q: Queryable, projectId: string): Promise<Record<'ADMIN' | 'CLIENT', number>> {
  const [row] = await q.query<{ admin: string | null; client: string | null }>(
    `select (select max(r.seen_seq) from message_reads r join user_roles u on u.user_id = r.user_id and u.role = 'ADMIN'
              where r.project_id = p.id) as admin,
            (select r.seen_seq from message_reads r where r.project_id = p.id and r.user_id = p.client_id) as client
       from projects p where p.id = $1`,
    [projectId],
  );
  return { ADMIN: Number(row?.admin ?? 0), CLIENT: Number(row?.client ?? 0) };
}

/** The files each message carries, in the order attached (issue 34, item 2: message_attachments, migration 141). */
async function attachmentsOf(q: Queryable, messageIds: string[]): Promise<Map<string, MessageAttachment[]>> {
  const byMessage = new Map<string, MessageAttachment[]>();
  if (!messageIds.length) return byMessage;
  const rows = await q.query<{
    message_id: string;
    id: string;
    name: string;
    content_type: string;
    size_bytes: string | number;
  }>(
    `select ma.message_id, f.id, f.name, f.content_type, f.size_bytes
       from message_attachments ma join project_files f on f.id = ma.file_id
      where ma.message_id = any($1::uuid[]) order by ma.message_id, ma.position`,
    [messageIds],
  );
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push({ id: row.id, name: row.name, content_type: row.content_type, size: Number(row.size_bytes) });
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

function toMessage(
  row: MessageRow,
  seen: Record<'ADMIN' | 'CLIENT', number>,
  attachments: Map<string, MessageAttachment[]> = new Map(),
): ConversationMessage {
  const other = row.author_role === 'ADMIN' ? 'CLIENT' : 'ADMIN';
  return {
    id: row.id,
    project_id: row.project_id,
    ticket_id: row.ticket_id,
    author_id: row.author_id,
    author_role: row.author_role,
    author_name: row.author_name,
    body: row.body,
    created_at: new Date(row.created_at).toISOString(),
    seen: row.ticket_id === null && seen[other] >= Number(row.seq),
    attachments: attachments.get(row.id) ?? [],
  };
}

/** The caller's unread messages per project (messages of the other side after what the caller has seen). */
export async function unreadByProject(q: Queryable, caller: Caller): Promise<Record<string, number>> {
  const own = caller.role !== 'ADMIN';
  const rows = await q.query<{ project_id: string; unread: number }>(
    `select m.project_id, count(*)::int as unread
       from messages m
       ${own ? 'join projects p on p.id = m.project_id and p.client_id = $1' : ''}
       left join message_reads r on r.user_id = $1 and r.project_id = m.project_id
      where m.ticket_id is null and m.author_role = $2 and m.seq > coalesce(r.seen_seq, 0)
      group by m.project_id`,
    [caller.id, own ? 'ADMIN' : 'CLIENT'],
  );
  return Object.fromEntries(rows.map((row) => [row.project_id, row.unread]));
}

/** Marks the caller's reading of a project's thread up to `seq` (never backwards). */
function markSeen(q: Queryable, userId: string, projectId: string, seq: number) {
  return q.query(
    `insert into message_reads (user_id, project_id, seen_seq) values ($1, $2, $3)
     on conflict (user_id, project_id) do update set seen_seq = greatest(message_reads.seen_seq, excluded.seen_seq),
       seen_at = now()`,
    [userId, projectId, seq],
  );
}

const decodeCursor = (cursor: string): number => {
  const seq = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(seq) || seq < 1) throw invalidCursorError();
  return seq;
};
const encodeCursor = (seq: number | string) => Buffer.from(String(seq)).toString('base64url');

/**
 * Issue 34: a project's conversation and its tickets' comments. Every route finds the project as the caller may
 * see it first (a client only their own: another's is 404), so the rules the authorization matrix proves hold
 * here too. A message is one row, and one event of the project's log: that event is what the live channel pushes
 * to the other side on any replica (migration 107's NOTIFY) and what makes the other side's notification.
 */
export function registerConversationRoutes(app: Hono<AppEnv>, deps: FeatureDeps): void {
  const { db } = deps;

  defineRoute(app, 'listMessages', async ({ c, caller, readQuery }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    const query = await readQuery();
    const limit = query.limit ? Number(query.limit) : MESSAGE_PAGE_SIZE;
    const params: unknown[] = [project.id];
    const where = ['m.project_id = $1'];
    where.push(query.ticketId ? `m.ticket_id = $${params.push(query.ticketId)}` : 'm.ticket_id is null');
    if (query.cursor) where.push(`m.seq < $${params.push(decodeCursor(query.cursor))}`);
    const rows = await db.query<MessageRow>(
      `select ${MESSAGE_COLUMNS} from messages m left join profiles a on a.id = m.author_id
        where ${where.join(' and ')} order by m.seq desc limit $${params.push(limit + 1)}`,
      params,
    );
    const seen = await seenBySide(db, project.id);
    const shown = rows.slice(0, limit);
    const attachments = await attachmentsOf(
      db,
      shown.map((row) => row.id),
    );
    return {
      messages: shown.map((row) => toMessage(row, seen, attachments)),
      nextCursor: rows.length > limit ? encodeCursor(shown.at(-1)!.seq) : null,
    };
  });

  defineRoute(
    app,
    'postMessage',
    async ({ c, caller, readBody }) => {
      const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
      const body = await readBody();
      const row = await db.transaction(async (tx) => {
        let ticketTitle: string | null = null;
        if (body.ticketId) {
          const [ticket] = await tx.query<{ title: string }>(
            'select title from tickets where id = $1 and project_id = $2',
            [body.ticketId, project.id],
          );
          if (!ticket)
            throw new HttpError(404, CONVERSATION_MESSAGES.ticketNotInProject, {
              ticketId: CONVERSATION_MESSAGES.ticketNotInProject,
            });
          ticketTitle = ticket.title;
        }
        const [created] = await tx.query<MessageRow>(
          `with m as (
             insert into messages (project_id, ticket_id, author_id, author_role, body)
             values ($1, $2, $3, $4, $5) returning *)
           select ${MESSAGE_COLUMNS} from m left join profiles a on a.id = m.author_id`,
          // Files alone (no text) is a message too: its text is empty (the schema lets only such a one through).
          [project.id, body.ticketId ?? null, caller.id, sideOf(caller), body.body ?? ''],
        );
        // Attachments: finished files of this same project only (another project's file is as good as none).
        const fileIds = [...new Set(body.fileIds ?? [])];
        if (fileIds.length) {
          const found = await tx.query<{ id: string }>(
            `select id from project_files where id = any($1::uuid[]) and project_id = $2 and status = 'ready'`,
            [fileIds, project.id],
          );
          if (found.length !== fileIds.length)
            throw new HttpError(404, FILE_MESSAGES.api.attachmentNotInProject, {
              fileIds: FILE_MESSAGES.api.attachmentNotInProject,
            });
          await tx.query(
            `insert into message_attachments (message_id, file_id, position)
             select $1, file_id, position::smallint from unnest($2::uuid[]) with ordinality as a (file_id, position)`,
            [created!.id, fileIds],
          );
        }
        // One's own message is seen by oneself.
        if (!body.ticketId) await markSeen(tx, caller.id, project.id, Number(created!.seq));
        await appendProjectEvent(tx, {
          projectId: project.id,
          actor: { id: caller.id, role: caller.role },
          action: body.ticketId ? 'comment_posted' : 'message_posted',
          from: null,
          to: null,
          details: {
            messageId: created!.id,
            ...(body.ticketId && { ticketId: body.ticketId, title: ticketTitle }),
          },
        });
        return created!;
      });
      return {
        message: toMessage(row, await seenBySide(db, project.id), await attachmentsOf(db, [row.id])),
      };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'markMessagesSeen', async ({ c, caller }) => {
    const project = await findVisibleProject(db, c.req.param('id') ?? '', caller);
    await db.transaction(async (tx) => {
      const [row] = await tx.query<{ last: string | null; seen: string | null }>(
        `select (select max(seq) from messages where project_id = $1 and ticket_id is null) as last,
                (select seen_seq from message_reads where project_id = $1 and user_id = $2 for update) as seen`,
        [project.id, caller.id],
      );
      const last = Number(row?.last ?? 0);
      if (last <= Number(row?.seen ?? 0)) return;
      await markSeen(tx, caller.id, project.id, last);
      // The author's open thread shows "Seen": an event of the log (no one's notification, migration 130) is what
      // the live channel carries to every replica.
      await appendProjectEvent(tx, {
        projectId: project.id,
        actor: { id: caller.id, role: caller.role },
        action: 'messages_seen',
        from: null,
        to: null,
      });
    });
    return { unread: 0 };
  });

  defineRoute(app, 'unreadMessages', async ({ caller }) => {
    const unread = await unreadByProject(db, caller);
    return { unread, total: Object.values(unread).reduce((sum, n) => sum + n, 0) };
  });

  defineRoute(app, 'getEmailSettings', async ({ caller }) => ({
    settings: await emailSettingsOf(db, caller.id),
  }));

  defineRoute(app, 'updateEmailSettings', async ({ caller, readBody }) => {
    const body = await readBody();
    const next = { ...(await emailSettingsOf(db, caller.id)), ...body };
    await db.query(
      `insert into email_settings (user_id, message_alerts, ticket_digest) values ($1, $2, $3)
       on conflict (user_id) do update set message_alerts = excluded.message_alerts,
         ticket_digest = excluded.ticket_digest, updated_at = now()`,
      [caller.id, next.messageAlerts, next.ticketDigest],
    );
    return { settings: next };
  });
}

async function emailSettingsOf(q: Queryable, userId: string): Promise<EmailSettings> {
  const [row] = await q.query<{ message_alerts: boolean; ticket_digest: boolean }>(
    'select message_alerts, ticket_digest from email_settings where user_id = $1',
    [userId],
  );
  return row
    ? { messageAlerts: row.message_alerts, ticketDigest: row.ticket_digest }
    : { ...DEFAULT_EMAIL_SETTINGS };
}
