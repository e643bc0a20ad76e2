import type { Hono } from 'hono';
import { API_MESSAGES, INBOX_KINDS, LIST_PAGE_SIZE, type InboxItem, type InboxKind } from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError, invalidCursorError } from '../../http/http-error';
import { inboxReplyMail, projectStatusMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import { findVisibleProject } from '../../project-store/project-repository';
import { applyProjectTransition } from '../../project-store/project-transitions';

/**
 * The admin's inbox: contact messages and consultation requests (both stored since the first version, shown
 * nowhere until now), newest first, searchable, read or unread. One query over both tables keeps one order.
 */
const ITEMS = `
  select 'contact' as kind, id, first_name || ' ' || last_name as name, email, company, project_details as message,
         created_at, created_at::text as at_text, read_at, created_seq, project_id, null as tier, null as budget, null as timeline,
         null as preferred_date, null as preferred_time, null as preferred_time_zone
    from contact_messages
  union all
  select 'consultation', id, first_name || ' ' || last_name, email, company, project_description,
         created_at, created_at::text, read_at, created_seq, project_id, tier_key, budget, timeline, preferred_date, preferred_time,
         preferred_time_zone
    from consultation_requests`;

interface ItemRow {
  kind: InboxKind;
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  created_at: Date | string;
  /** created_at as the database writes it (full precision, for the cursor). */
  at_text: string;
  read_at: Date | string | null;
  created_seq: number;
  project_id: string | null;
  tier: string | null;
  budget: string | null;
  timeline: string | null;
  preferred_date: string | null;
  preferred_time: string | null;
  preferred_time_zone: string | null;
  replied_at?: Date | string | null;
}

function toItem(row: ItemRow): InboxItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    at: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    projectId: row.project_id,
    repliedAt: row.replied_at ? new Date(row.replied_at).toISOString() : null,
    ...(row.kind === 'consultation' && {
      consultation: {
        projectId: row.project_id!,
        tier: row.tier!,
        budget: row.budget!,
        timeline: row.timeline!,
        preferredDate: row.preferred_date,
        preferredTime: row.preferred_time,
        preferredTimeZone: row.preferred_time_zone,
      },
    }),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function registerInboxRoutes(app: Hono<AppEnv>, { db, jobs, config, users }: FeatureDeps): void {
  defineRoute(app, 'listInbox', async ({ readQuery }) => {
    const query = await readQuery();
    const limit = query.limit ? Number(query.limit) : LIST_PAGE_SIZE.default;
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.kind) where.push(`kind = $${params.push(query.kind)}`);
    if (query.status) where.push(query.status === 'unread' ? 'read_at is null' : 'read_at is not null');
    const search = query.q?.trim();
    if (search) {
      const like = `$${params.push(`%${escapeLike(search)}%`)}`;
      where.push(
        `(name ilike ${like} or email ilike ${like} or company ilike ${like} or message ilike ${like})`,
      );
    }
    // Keyset on (created_at, kind, id): the two tables have their own sequences.
    if (query.cursor) {
      const cursor = decodeInboxCursor(query.cursor);
      where.push(
        `(created_at, kind, id::text) < ($${params.push(cursor.at)}::timestamptz, $${params.push(cursor.kind)}, $${params.push(cursor.id)})`,
      );
    }
    const rows = await db
      .query<ItemRow>(
        `select *, ${REPLIED_AT} from (${ITEMS}) items${where.length ? ` where ${where.join(' and ')}` : ''}
         order by created_at desc, kind desc, id::text desc limit $${params.push(limit + 1)}`,
        params,
      )
      .catch((error: unknown) => {
        // A cursor's time the database cannot read (made up, not one this route gave): the caller's mistake.
        if (query.cursor && isDataException(error)) throw invalidCursorError();
        throw error;
      });
    const [unread] = await db.query<Record<InboxKind, number>>(
      `select (select count(*)::int from contact_messages where read_at is null) as contact,
              (select count(*)::int from consultation_requests where read_at is null) as consultation`,
    );
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      items: shown.map(toItem),
      nextCursor:
        rows.length > limit && last
          ? Buffer.from(JSON.stringify({ at: last.at_text, kind: last.kind, id: last.id })).toString(
              'base64url',
            )
          : null,
      unread: unread!,
    };
  });

  defineRoute(app, 'markInboxRead', async ({ readBody }) => {
    const body = await readBody();
    const table = body.kind === 'contact' ? 'contact_messages' : 'consultation_requests';
    const updated = await db.query(
      `update ${table} set read_at = ${body.read ? 'coalesce(read_at, now())' : 'null'} where id = $1 returning id`,
      [body.id],
    );
    if (!updated.length) throw new HttpError(404, API_MESSAGES.inboxItemNotFound);
    return { item: await findItem(body.kind, body.id) };
  });

  const findItem = async (kind: InboxKind, id: string): Promise<InboxItem> => {
    const [row] = await db.query<ItemRow>(
      `select *, ${REPLIED_AT} from (${ITEMS}) items where id = $1 and kind = $2`,
      [id, kind],
    );
    if (!row) throw new HttpError(404, API_MESSAGES.inboxItemNotFound);
    return toItem(row);
  };

  // Issue 34: an inbox that answers. A reply goes to the sender by e-mail (replies come back to the consultancy's
  // inbox) and is recorded with what it answers, in one transaction with the queued mail.
  defineRoute(app, 'replyInbox', async ({ caller, readBody }) => {
    const body = await readBody();
    const item = await findItem(body.kind, body.id);
    const reply = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string; created_at: Date | string }>(
        `insert into inbox_replies (kind, item_id, author_id, body, sent_to) values ($1, $2, $3, $4, $5)
         returning id, created_at`,
        [body.kind, body.id, caller.id, body.body, item.email],
      );
      const table = body.kind === 'contact' ? 'contact_messages' : 'consultation_requests';
      await tx.query(`update ${table} set read_at = coalesce(read_at, now()) where id = $1`, [body.id]);
      await queueMail(jobs, inboxReplyMail(item.email, item.name, body.body, config.contactInbox), tx);
      return row!;
    });
    return {
      reply: {
        id: reply.id,
        body: body.body,
        sentTo: item.email,
        at: new Date(reply.created_at).toISOString(),
      },
    };
  });

  defineRoute(app, 'linkInbox', async ({ caller, readBody }) => {
    const body = await readBody();
    await findVisibleProject(db, body.projectId, caller);
    const updated = await db.query('update contact_messages set project_id = $2 where id = $1 returning id', [
      body.id,
      body.projectId,
    ]);
    if (!updated.length) throw new HttpError(404, API_MESSAGES.inboxItemNotFound);
    return { item: await findItem('contact', body.id) };
  });

  // A consultation request already waits as a pending project: one action accepts it (as Accept does in the
  // queue), after giving it to the sender's account when they have one, so it shows in their portal.
  defineRoute(app, 'convertInbox', async ({ caller, readBody }) => {
    const body = await readBody();
    const item = await findItem('consultation', body.id);
    const projectId = item.consultation!.projectId;
    const clientId = await users.findProfileIdByEmail(db, item.email);
    if (clientId)
      await db.query('update projects set client_id = $2 where id = $1 and client_id is null', [
        projectId,
        clientId,
      ]);
    const { project } = await applyProjectTransition(db, {
      projectId,
      viewer: caller,
      actor: { id: caller.id, role: caller.role },
      event: { type: 'admin_accept' },
      alsoInTransaction: (tx, accepted) =>
        accepted.client_email
          ? queueMail(jobs, projectStatusMail(accepted, config.publicSiteUrl), tx)
          : Promise.resolve(),
    });
    await db.query('update consultation_requests set read_at = coalesce(read_at, now()) where id = $1', [
      body.id,
    ]);
    return { project };
  });
}

const REPLIED_AT = `(select max(r.created_at) from inbox_replies r where r.item_id = items.id) as replied_at`;

/** The inbox's keyset cursor as this route gives it out: the last item's time (as text), kind and id. */
function decodeInboxCursor(value: string): { at: string; kind: InboxKind; id: string } {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursorError();
  }
  const { at, kind, id } = (cursor ?? {}) as Record<string, unknown>;
  if (
    typeof at === 'string' &&
    /^[\d :.+-]{10,40}$/.test(at) &&
    INBOX_KINDS.includes(kind as InboxKind) &&
    typeof id === 'string' &&
    /^[\da-f-]{1,64}$/i.test(id)
  )
    return { at, kind: kind as InboxKind, id };
  throw invalidCursorError();
}

/** PostgreSQL's class 22 (data exception): a value it cannot take, such as a date that does not exist. */
const isDataException = (error: unknown): boolean =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  (error as { code: string }).code.startsWith('22');
