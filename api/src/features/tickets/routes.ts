import type { Hono } from 'hono';
import { API_MESSAGES, DEFAULT_TICKET_ASSIGNEE, type Ticket } from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { Queryable } from '../../db/database';
import type { AppEnv, Caller } from '../../http/app-env';
import { cachedResponse, defineRoute } from '../../http/define-route';
import { HttpError, invalidCursorError } from '../../http/http-error';
import { appendProjectEvent, findVisibleProject, UUID } from '../../project-store/project-repository';

const TICKET_COLUMNS =
  'id, title, description, project_id, client_id, board_type, status, assignee, created_at';

type TicketRow = Omit<Ticket, 'created_at'> & { created_at: Date | string };
/** A board holds at most this many tickets per page (a project's board rarely has more). */
const TICKET_PAGE_SIZE = 100;
const toTicket = (row: TicketRow): Ticket => ({ ...row, created_at: new Date(row.created_at).toISOString() });

export function registerTicketRoutes(app: Hono<AppEnv>, deps: FeatureDeps): void {
  const { db } = deps;

  const ticketList = cachedResponse((tickets: Ticket[]) => ({ tickets }));
  defineRoute(app, 'listTickets', async ({ c, caller, readQuery }) => {
    const rawQuery = c.req.query();
    if (Object.keys(rawQuery).length > 0) {
      // One project's tickets (a board), newest first, paged by the last row's insertion order.
      const query = await readQuery();
      if (!query.projectId)
        throw new HttpError(400, API_MESSAGES.projectIdInvalid, { projectId: API_MESSAGES.projectIdInvalid });
      const project = await findVisibleProject(db, query.projectId, caller);
      const limit = query.limit ? Number(query.limit) : TICKET_PAGE_SIZE;
      const params: unknown[] = [project.id];
      const where = ['project_id = $1'];
      if (query.board) where.push(`board_type = $${params.push(query.board)}`);
      if (query.cursor) {
        const seq = Number(Buffer.from(query.cursor, 'base64url').toString('utf8'));
        if (!Number.isSafeInteger(seq)) throw invalidCursorError();
        where.push(`created_seq < $${params.push(seq)}`);
      }
      const rows = await db.query<TicketRow & { created_seq: number }>(
        `select ${TICKET_COLUMNS}, created_seq from tickets where ${where.join(' and ')} order by created_seq desc limit $${params.push(limit + 1)}`,
        params,
      );
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        tickets: shown.map(({ created_seq: _seq, ...row }) => toTicket(row)),
        nextCursor:
          rows.length > limit && last ? Buffer.from(String(last.created_seq)).toString('base64url') : null,
      };
    }
    const isAdmin = caller.role === 'ADMIN';
    const tickets = await db.readThrough(isAdmin ? 'tickets:all' : `tickets:${caller.id}`, async () => {
      const rows = isAdmin
        ? await db.query<TicketRow>(`select ${TICKET_COLUMNS} from tickets order by created_seq desc`)
        : await db.query<TicketRow>(
            `select ${TICKET_COLUMNS} from tickets
             where project_id in (select id from projects where client_id = $1)
             order by created_seq desc`,
            [caller.id],
          );
      return rows.map(toTicket);
    });
    return ticketList(tickets);
  });

  defineRoute(
    app,
    'createTicket',
    async ({ caller, readBody }) => {
      const body = await readBody();
      const project = await findVisibleProject(db, body.project_id, caller);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.query<TicketRow>(
          `insert into tickets (title, description, project_id, client_id, board_type, status, assignee)
           values ($1, $2, $3, $4, $5, $6, $7) returning ${TICKET_COLUMNS}`,
          [
            body.title.trim(),
            body.description ?? null,
            project.id,
            project.client_id,
            body.board_type,
            body.status ?? 'not-started',
            body.assignee?.trim() || DEFAULT_TICKET_ASSIGNEE,
          ],
        );
        await ticketEvent(tx, caller, created!, 'ticket_created', { board: created!.board_type });
        return created;
      });
      return { ticket: toTicket(row!) };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'updateTicket', async ({ c, caller, readBody }) => {
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) throw new HttpError(404, API_MESSAGES.ticketNotFound);
    const changes = await readBody();
    const ticket = await db.transaction(async (tx) => {
      const [before] = await tx.query<TicketRow>(
        `select ${TICKET_COLUMNS} from tickets where id = $1 for update`,
        [id],
      );
      if (!before) throw new HttpError(404, API_MESSAGES.ticketNotFound);
      const columns = Object.entries({
        ...changes,
        ...(changes.title !== undefined && { title: changes.title.trim() }),
        ...(changes.assignee !== undefined && {
          assignee: changes.assignee?.trim() || DEFAULT_TICKET_ASSIGNEE,
        }),
      });
      const [after] = await tx.query<TicketRow>(
        `update tickets set ${columns.map(([column], i) => `${column} = $${i + 2}`).join(', ')} where id = $1 returning ${TICKET_COLUMNS}`,
        [id, ...columns.map(([, value]) => value)],
      );
      const moved = changes.status !== undefined && changes.status !== before.status;
      const edited =
        changes.title !== undefined || changes.description !== undefined || changes.assignee !== undefined;
      if (moved)
        await ticketEvent(tx, caller, after!, 'ticket_moved', { from: before.status, to: after!.status });
      if (edited) await ticketEvent(tx, caller, after!, 'ticket_updated', {});
      return after!;
    });
    return { ticket: toTicket(ticket) };
  });

  defineRoute(app, 'deleteTicket', async ({ c, caller }) => {
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) throw new HttpError(404, API_MESSAGES.ticketNotFound);
    await db.transaction(async (tx) => {
      const [deleted] = await tx.query<TicketRow>(
        `delete from tickets where id = $1 returning ${TICKET_COLUMNS}`,
        [id],
      );
      if (!deleted) throw new HttpError(404, API_MESSAGES.ticketNotFound);
      await ticketEvent(tx, caller, deleted, 'ticket_deleted', {});
    });
    return { deleted: true as const };
  });
}

/** A board change is a project change too: it goes to the event log, the timeline and the other side's bell. */
function ticketEvent(
  tx: Queryable,
  caller: Caller,
  ticket: TicketRow,
  action: string,
  details: Record<string, unknown>,
) {
  return appendProjectEvent(tx, {
    projectId: ticket.project_id,
    actor: { id: caller.id, role: caller.role },
    action,
    from: null,
    to: null,
    details: { ticketId: ticket.id, title: ticket.title, ...details },
  });
}
