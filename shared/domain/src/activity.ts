import { TICKET_STATUS_LABELS, type TicketStatus } from './project-status';

/**
 * A project's history as both portals show it (activity timeline, notifications, live updates): one entry per
 * row of the server's append-only event log. The words for each action live here, once.
 */
export type ActorRole = 'ADMIN' | 'CLIENT' | 'SYSTEM' | 'ANONYMOUS';

export interface ActivityEntry {
  id: number;
  action: string;
  actorRole: ActorRole | string;
  /** The person who acted, when known. */
  actorName?: string | null;
  from: string | null;
  to: string | null;
  at: string;
  details?: Record<string, unknown>;
}

/** A change pushed to an open dashboard (GET /api/live, Server-Sent Events `project`). */
export interface LiveProjectEvent extends ActivityEntry {
  projectId: string;
  /** This change made a notification for the receiver (the other side acted). */
  notifies: boolean;
}

/** One notification of the bell: a change the other side (or a payment) made to one of your projects. */
export interface AppNotification extends ActivityEntry {
  /** The notification's own id (the entry's `id` is the event's). */
  notificationId: string;
  projectId: string;
  projectTitle: string;
  readAt: string | null;
}

export type ActivityViewer = 'admin' | 'client';

const ticketTitle = (details?: Record<string, unknown>) =>
  typeof details?.title === 'string' ? `"${details.title}"` : 'a ticket';
const statusLabel = (value: unknown) => TICKET_STATUS_LABELS[value as TicketStatus] ?? String(value ?? '');
const amount = (details?: Record<string, unknown>) => {
  const value = details?.amount ?? details?.refundAmount ?? details?.penaltyAmount;
  return typeof value === 'number' && value > 0 ? ` ($${value.toLocaleString('en-US')})` : '';
};

/** What happened, in a sentence for the viewer ("You", "The client", "We"...). */
export function describeActivity(entry: ActivityEntry, viewer: ActivityViewer): string {
  const you = (role: string) => (viewer === 'admin' ? role === 'ADMIN' : role === 'CLIENT');
  const who =
    entry.actorRole === 'SYSTEM'
      ? 'Payments'
      : you(entry.actorRole)
        ? 'You'
        : entry.actorRole === 'ADMIN'
          ? 'The consultancy'
          : 'The client';
  const d = entry.details;
  switch (entry.action) {
    case 'created':
      return `${who} requested this project`;
    case 'consultation_requested':
      return `${entry.actorName ?? 'A visitor'} requested a consultation`;
    case 'purchase_paid':
      return 'The deposit was paid and the project was created';
    case 'admin_accept':
      return `${who} accepted the request and sent a proposal`;
    case 'admin_edit':
      return `${who} edited the project`;
    case 'admin_refuse':
      return `${who} refused the request${amount(d)}`;
    case 'client_accept':
      return `${who} approved the proposal`;
    case 'client_refuse':
      return `${who} refused the proposal${amount(d)}`;
    case 'complete':
      return entry.to === 'pending_final_payment'
        ? `${who} finished the work: the final payment is due`
        : `${who} completed the project`;
    case 'final_payment_succeeded':
      return `${who} paid the final payment${amount(d)}`;
    case 'cancel_by_admin':
    case 'cancel_by_client':
      return `${who} cancelled the project${amount(d)}`;
    case 'client_cancel_pending':
      return `${who} cancelled the request${amount(d)}`;
    case 'refund_payment':
      return `${who} refunded a payment${amount(d)}`;
    case 'pay_open_invoice':
      return `${who} paid the failed monthly payment${amount(d)}`;
    case 'renewal_paid':
      return `This month's subscription was paid${amount(d)}`;
    case 'renewal_failed':
      return `This month's subscription payment failed${amount(d)}`;
    case 'ticket_created':
      return `${who} added ${ticketTitle(d)}`;
    case 'ticket_moved':
      return `${who} moved ${ticketTitle(d)} to ${statusLabel(d?.to)}`;
    case 'ticket_updated':
      return `${who} edited ${ticketTitle(d)}`;
    case 'ticket_deleted':
      return `${who} deleted ${ticketTitle(d)}`;
    case 'message_posted':
      return `${who} sent a message`;
    case 'messages_seen':
      return `${who} read the conversation`;
    case 'comment_posted':
      return `${who} commented on ${ticketTitle(d)}`;
    case 'file_uploaded':
      return `${who} uploaded ${typeof d?.name === 'string' ? `"${d.name}"` : 'a file'}`;
    case 'file_deleted':
      return `${who} deleted ${typeof d?.name === 'string' ? `"${d.name}"` : 'a file'}`;
    default:
      return entry.action.endsWith('_reversed')
        ? 'A payment was refunded because the change could not be made'
        : `${who} changed the project`;
  }
}
