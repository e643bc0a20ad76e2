import type { Hono } from 'hono';
import { API_MESSAGES, INBOX_KINDS, LIST_PAGE_SIZE, type InboxItem, type InboxKind } from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError, invalidCursorError } from '../../http/http-error';

/**
 * The admin's inbox: contact messages and consultation requests (both stored since the first version, shown
 * nowhere until now), newest first, searchable, read or unread. One query over both tables keeps one order.
 */
const ITEMS = `
  select 'contact' as kind, id, first_name || ' ' || last_name as name, email, company, project_details as message,
         created_at, created_at::text as at_text, read_at, created_seq, null::uuid as project_id, null as tier, null as budget, null as timeline,
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

export function registerInboxRoutes(app: Hono<AppEnv>, { db }: FeatureDeps): void {
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
        `select * from (${ITEMS}) items${where.length ? ` where ${where.join(' and ')}` : ''}
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
    const [row] = await db.query<ItemRow>(`select * from (${ITEMS}) items where id = $1 and kind = $2`, [
      body.id,
      body.kind,
    ]);
    return { item: toItem(row!) };
  });
}

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
