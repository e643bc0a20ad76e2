import { useCallback, useState } from 'react';
import type { Ticket, TicketStatus } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { apiClient } from '@agency/auth/api';
import { toastError } from '../lib/toast';

/** Moves a ticket: shown in its new column at once, saved, then the dashboard refreshes (or rolls back). */
export function useTicketMover(patchTicket: (ticket: Ticket) => void, refresh: () => Promise<void>) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const move = useCallback(
    async (ticket: Ticket, status: TicketStatus) => {
      if (ticket.status === status) return;
      setBusyIds((ids) => new Set(ids).add(ticket.id));
      patchTicket({ ...ticket, status });
      try {
        await apiClient().updateTicket({ params: { id: ticket.id }, body: { status } });
      } catch (error) {
        patchTicket(ticket);
        toastError(error, ADMIN_MESSAGES.errors.moveTicket);
      } finally {
        setBusyIds((ids) => {
          const next = new Set(ids);
          next.delete(ticket.id);
          return next;
        });
      }
      await refresh();
    },
    [patchTicket, refresh],
  );

  return { move, busyIds };
}
