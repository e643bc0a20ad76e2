import { useCallback, useState } from 'react';
import {
  TICKET_STATUS_LABELS,
  type Ticket,
  type TicketStatus,
  type UpdateTicketRequest,
} from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { apiClient } from '@agency/auth/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { usePortalCache } from '@agency/portal';

const T = ADMIN_MESSAGES.ticket;

/**
 * Moves, edits and deletes tickets: a move shows at once and is saved; the server's answer replaces that one
 * ticket (nothing else is fetched) or, on failure, the ticket goes back. Each outcome is announced.
 */
export function useTicketActions() {
  const portal = usePortalCache();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setText] = useState('');
  // The same sentence twice (a ticket moved there again) must change the text, or it is not read again.
  const setAnnouncement = useCallback(
    (text: string) => setText((before) => (before === text ? `${text}\u00a0` : text)),
    [],
  );

  const busy = useCallback((id: string, on: boolean) => {
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const move = useCallback(
    async (ticket: Ticket, status: TicketStatus, beforeRollback?: () => void) => {
      if (ticket.status === status) return;
      const moved = { ...ticket, status };
      busy(ticket.id, true);
      portal.putTicket(moved);
      setAnnouncement(T.moved(ticket.title, TICKET_STATUS_LABELS[status]));
      try {
        const answer = await portal.changeProject(ticket.project_id, () =>
          apiClient().updateTicket({ params: { id: ticket.id }, body: { status } }),
        );
        // The answer usually equals what is shown; only a difference (an edit meanwhile) re-renders the card.
        const saved = answer.ticket;
        const same = (Object.keys(saved) as (keyof Ticket)[]).every((key) => saved[key] === moved[key]);
        if (!same) portal.putTicket(saved);
      } catch (error) {
        beforeRollback?.();
        portal.putTicket(ticket);
        setAnnouncement(T.moveFailed(ticket.title));
        toastError(error, ADMIN_MESSAGES.errors.moveTicket);
      } finally {
        busy(ticket.id, false);
      }
    },
    [portal, busy, setAnnouncement],
  );

  const save = useCallback(
    async (ticket: Ticket, changes: UpdateTicketRequest): Promise<boolean> => {
      busy(ticket.id, true);
      try {
        const answer = await portal.changeProject(ticket.project_id, () =>
          apiClient().updateTicket({ params: { id: ticket.id }, body: changes }),
        );
        portal.putTicket(answer.ticket);
        toastSuccess(ADMIN_MESSAGES.toasts.ticketUpdated);
        return true;
      } catch (error) {
        toastError(error, ADMIN_MESSAGES.errors.updateTicket);
        return false;
      } finally {
        busy(ticket.id, false);
      }
    },
    [portal, busy],
  );

  const remove = useCallback(
    async (ticket: Ticket): Promise<boolean> => {
      busy(ticket.id, true);
      try {
        await portal.changeProject(ticket.project_id, () =>
          apiClient().deleteTicket({ params: { id: ticket.id } }),
        );
        portal.removeTicket(ticket);
        toastSuccess(ADMIN_MESSAGES.toasts.ticketDeleted);
        return true;
      } catch (error) {
        toastError(error, ADMIN_MESSAGES.errors.deleteTicket);
        return false;
      } finally {
        busy(ticket.id, false);
      }
    },
    [portal, busy],
  );

  return { move, save, remove, busyIds, announcement };
}
