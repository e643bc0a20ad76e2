import {
  isOneLineText,
  LIST_PAGE_SIZE,
  type Project,
  type ProjectListQuery,
  type ProjectSort,
  type ProjectView,
} from '@agency/domain';
import type { Queryable } from '../../db/database';
import type { Caller } from '../../http/app-env';
import { invalidCursorError } from '../../http/http-error';
import { PROJECT_COLUMNS, toProject } from '../../project-store/project-repository';

/**
 * The portals' lists in SQL: each view is the shared predicate of the same name (PROJECT_VIEWS in
 * shared/domain), written as a WHERE clause so a page is read without loading every project. A test walks every
 * combination of the status columns and checks each clause selects exactly what its predicate accepts.
 */
const FULLY_ACCEPTED = `admin_approval_status = 'accepted' and client_approval_status = 'accepted' and overall_status = 'accepted'`;
const REFUSED = `(status = 'refused' or overall_status = 'refused')`;
export const VIEW_SQL: Record<ProjectView, string> = {
  pending: `not cancelled and status = 'pending' and overall_status = 'pending'`,
  active: `${FULLY_ACCEPTED} and not cancelled and status not in ('completed', 'pending_final_payment')`,
  completed: `(status = 'completed' or (cancelled and not ${REFUSED}))`,
  refused: REFUSED,
  finalPayment: `status = 'pending_final_payment' and not cancelled`,
};
/** `completedOnly` of the counts (cancelled projects left out), kept for admin releases built before the Completed
 * stat card counted the Completed tab (`completed`). */
export const COMPLETED_ONLY_SQL = `status = 'completed' and not cancelled`;

const ORDER: Record<ProjectSort, string> = {
  newest: 'created_seq desc',
  oldest: 'created_seq asc',
  title: 'lower(title) asc, created_seq asc',
};

type Cursor = { seq: number; title?: string };
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(value: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
    const title = cursor.title;
    // A title as the database holds it: one line (a NUL, which PostgreSQL refuses in a parameter, is not).
    if (
      Number.isSafeInteger(cursor.seq) &&
      (title === undefined || (typeof title === 'string' && isOneLineText(title)))
    )
      return cursor;
  } catch {
    // fall through
  }
  throw invalidCursorError();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The caller's projects that match the view, tier and search (WHERE clause and its parameters). */
function filters(caller: Caller, query: ProjectListQuery): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (caller.role !== 'ADMIN') where.push(`client_id = ${param(caller.id)}`);
  if (query.view) where.push(`(${VIEW_SQL[query.view]})`);
  if (query.tier)
    where.push(query.tier === 'general' ? 'tier is null' : `tier = ${param(Number(query.tier))}`);
  const search = query.q?.trim();
  if (search) {
    const like = param(`%${escapeLike(search)}%`);
    // A reference quoted from a success page or an e-mail (shortReference: "1A2B-3C4D") finds its project.
    const reference = /^([0-9a-f]{4})-?([0-9a-f]{4})$/i.exec(search);
    const byReference = reference
      ? ` or id::text like ${param(`${reference[1]}${reference[2]}%`.toLowerCase())}`
      : '';
    where.push(
      `(title ilike ${like} or client_name ilike ${like} or client_email ilike ${like} or company ilike ${like} or description ilike ${like}${byReference})`,
    );
  }
  return { where, params };
}

export interface ProjectPage {
  projects: Project[];
  nextCursor: string | null;
  /** How many rows the whole list holds; given with the first page only (later pages keep it). */
  total: number | null;
}

/**
 * One page of a list, keyset-paged: the cursor names the last row shown, so rows inserted meanwhile never shift
 * a page (no row twice, none skipped among those that existed). One query per page.
 */
export async function listProjectPage(
  q: Queryable,
  caller: Caller,
  query: ProjectListQuery,
): Promise<ProjectPage> {
  const sort: ProjectSort = query.sort ?? 'newest';
  const limit = query.limit ? Number(query.limit) : LIST_PAGE_SIZE.default;
  const { where, params } = filters(caller, query);
  const page = [...where];
  const pageParams = [...params];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    pageParams.push(cursor.seq);
    const seq = `$${pageParams.length}`;
    if (sort === 'newest') page.push(`created_seq < ${seq}`);
    else if (sort === 'oldest') page.push(`created_seq > ${seq}`);
    else {
      pageParams.push(cursor.title ?? '');
      page.push(`(lower(title), created_seq) > ($${pageParams.length}, ${seq})`);
    }
  }
  pageParams.push(limit + 1);
  // The first page also counts the whole list: an uncorrelated subquery, run once (a window count would build
  // every row of the list, subqueries included, before the limit).
  const count = `(select count(*)::int from projects${where.length ? ` where ${where.join(' and ')}` : ''}) as total`;
  // The title cursor carries the database's lower(title), which is what the rows are ordered by (JavaScript's
  // toLowerCase differs on some letters: a page would repeat or skip rows there).
  const rows = await q.query<
    Parameters<typeof toProject>[0] & { created_seq: number; sort_title?: string; total?: number }
  >(
    `select ${PROJECT_COLUMNS}, created_seq${sort === 'title' ? ', lower(title) as sort_title' : ''}${query.cursor ? '' : `, ${count}`} from projects${page.length ? ` where ${page.join(' and ')}` : ''}
     order by ${ORDER[sort]} limit $${pageParams.length}`,
    pageParams,
  );
  // An empty first page has no row to carry the count: the list is empty.
  const total = query.cursor ? null : (rows[0]?.total ?? 0);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    projects: shown.map(({ created_seq: _seq, sort_title: _title, total: _total, ...row }) => toProject(row)),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({
            seq: Number(last.created_seq),
            ...(sort === 'title' && { title: last.sort_title }),
          })
        : null,
    total,
  };
}

/** How many of the caller's projects each view holds, plus completed-only for the admin's stat card. */
export async function countProjects(
  q: Queryable,
  caller: Caller,
): Promise<Record<ProjectView, number> & { completedOnly: number }> {
  const own = caller.role === 'ADMIN' ? '' : ' where client_id = $1';
  const columns = Object.entries(VIEW_SQL).map(
    ([view, sql]) => `count(*) filter (where ${sql})::int as "${view}"`,
  );
  const [row] = await q.query<Record<ProjectView | 'completedOnly', number>>(
    `select ${columns.join(', ')}, count(*) filter (where ${COMPLETED_ONLY_SQL})::int as "completedOnly" from projects${own}`,
    caller.role === 'ADMIN' ? [] : [caller.id],
  );
  return row!;
}
