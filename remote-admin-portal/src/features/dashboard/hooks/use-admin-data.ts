import { useCallback, useEffect, useRef, useState } from 'react';
import type { Project, Ticket } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { adminApi } from '../../../lib/api';
import { toastError } from '../../../lib/toast';

export interface AdminData {
  status: 'loading' | 'error' | 'ready';
  projects: Project[];
  tickets: Ticket[];
  /** Whole dollars this month; null while unknown or when the revenue call failed. */
  revenue: number | null;
  revenueFailed: boolean;
  /** Fetches everything again (after every action). Resolves when the data is in. */
  refresh: () => Promise<void>;
  /** Replaces one ticket locally (optimistic move) until the next refresh. */
  patchTicket: (ticket: Ticket) => void;
}

/** All projects and tickets (the admin sees everything) plus this month's revenue. */
export function useAdminData(): AdminData {
  const [status, setStatus] = useState<AdminData['status']>('loading');
  const [projects, setProjects] = useState<Project[]>([]);
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const [revenue, setRevenue] = useState<number | null>(null);
  const [revenueFailed, setRevenueFailed] = useState(false);
  const generation = useRef(0);
  const loaded = useRef(false);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    const api = adminApi();
    const revenueCall = api.monthlyRevenue().then(
      ({ revenue: value }) => ({ ok: true as const, value }),
      () => ({ ok: false as const, value: null }),
    );
    try {
      const [projectList, ticketList] = await Promise.all([api.listProjects(), api.listTickets()]);
      const revenueResult = await revenueCall;
      if (mine !== generation.current) return;
      setProjects(projectList.projects);
      setTickets(ticketList.tickets);
      setRevenue(revenueResult.value);
      setRevenueFailed(!revenueResult.ok);
      setStatus('ready');
      loaded.current = true;
    } catch (error) {
      if (mine !== generation.current) return;
      toastError(error, ADMIN_MESSAGES.errors.fetchData);
      // Keep what is on screen after a failed refresh; only a first load shows the error state.
      if (!loaded.current) setStatus('error');
    }
  }, []);

  const retry = useCallback(async () => {
    setStatus('loading');
    await refresh();
  }, [refresh]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const patchTicket = useCallback((ticket: Ticket) => {
    setTickets((current) => current.map((t) => (t.id === ticket.id ? ticket : t)));
  }, []);

  return { status, projects, tickets, revenue, revenueFailed, refresh: status === 'error' ? retry : refresh, patchTicket };
}
