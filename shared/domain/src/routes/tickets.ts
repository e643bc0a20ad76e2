import type { Ticket } from '../records';
import type { RouteEntry } from '../route';

/** A project's tickets on its boards. */
export const TICKET_ROUTES = {
  listTickets: {
    method: 'GET',
    path: '/api/tickets',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    query: 'ticketListQuerySchema',
    response: {} as { tickets: Ticket[]; nextCursor?: string | null },
  },
  deleteTicket: {
    method: 'DELETE',
    path: '/api/tickets/:id',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
    response: {} as { deleted: true },
  },
  createTicket: {
    method: 'POST',
    path: '/api/tickets',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
    body: 'createTicketSchema',
    response: {} as { ticket: Ticket },
  },
  updateTicket: {
    method: 'PATCH',
    path: '/api/tickets/:id',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
    body: 'updateTicketSchema',
    response: {} as { ticket: Ticket },
  },
} as const satisfies Record<string, RouteEntry>;
