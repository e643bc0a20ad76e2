import type { Hono } from 'hono';
import {
  API_MESSAGES,
  createTicketSchema,
  DEFAULT_TICKET_ASSIGNEE,
  updateTicketSchema,
  type Ticket,
} from '@agency/domain';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/app-env';
import { cachedResponse, defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { readBody } from '../../http/read-body';
import { findVisibleProject, UUID } from '../projects/project-repository';

const TICKET_COLUMNS =
  'id, title, description, project_id, client_id, board_type, status, assignee, created_at';

type TicketRow = Omit<Ticket, 'created_at'> & { created_at: Date | string };
const toTicket = (row: TicketRow): Ticket => ({ ...row, created_at: new Date(row.created_at).toISOString() });

export function registerTicketRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  const ticketList = cachedResponse((tickets: Ticket[]) => ({ tickets }));
  defineRoute(app, 'listTickets', async ({ caller }) => {
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
    async ({ c, caller }) => {
      const body = await readBody(c, createTicketSchema);
      const project = await findVisibleProject(db, body.project_id, caller);
      const [row] = await db.query<TicketRow>(
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
      return { ticket: toTicket(row!) };
    },
    { successStatus: 201 },
  );

  defineRoute(app, 'updateTicket', async ({ c }) => {
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) throw new HttpError(404, API_MESSAGES.ticketNotFound);
    const { status } = await readBody(c, updateTicketSchema);
    const [row] = await db.query<TicketRow>(
      `update tickets set status = $2 where id = $1 returning ${TICKET_COLUMNS}`,
      [id, status],
    );
    if (!row) throw new HttpError(404, API_MESSAGES.ticketNotFound);
    return { ticket: toTicket(row) };
  });
}
