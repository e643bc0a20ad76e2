import { useCallback, useEffect, useRef, useState } from 'react';
import type { Project, Ticket } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { apiClient } from '@agency/auth/api';
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

type Loaded =
  | { ok: true; projects: Project[]; tickets: Ticket[]; revenue: number | null }
  | { ok: false; error: unknown };

/** Projects and tickets must load; the revenue may fail alone (payments not configured) and reads as unknown. */
async function fetchAll(): Promise<Loaded> {
  const api = apiClient();
  const revenue = api.monthlyRevenue({}).then(
    (answer) => answer.revenue,
    () => null,
  );
  try {
    const [projectList, ticketList] = await Promise.all([api.listProjects({}), api.listTickets({})]);
    return { ok: true, projects: projectList.projects, tickets: ticketList.tickets, revenue: await revenue };
  } catch (error) {
    return { ok: false, error };
  }
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

  const apply = useCallback((mine: number, result: Loaded) => {
    if (mine !== generation.current) return;
    if (!result.ok) {
      toastError(result.error, ADMIN_MESSAGES.errors.fetchData);
      // Keep what is on screen after a failed refresh; only a first load shows the error state.
      if (!loaded.current) setStatus('error');
      return;
    }
    setProjects(result.projects);
    setTickets(result.tickets);
    setRevenue(result.revenue);
    setRevenueFailed(result.revenue === null);
    setStatus('ready');
    loaded.current = true;
  }, []);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    apply(mine, await fetchAll());
  }, [apply]);

  const retry = useCallback(async () => {
    setStatus('loading');
    await refresh();
  }, [refresh]);

  useEffect(() => {
    const mine = ++generation.current;
    void fetchAll().then((result) => apply(mine, result));
  }, [apply]);

  const patchTicket = useCallback((ticket: Ticket) => {
    setTickets((current) => current.map((t) => (t.id === ticket.id ? ticket : t)));
  }, []);

  return {
    status,
    projects,
    tickets,
    revenue,
    revenueFailed,
    refresh: status === 'error' ? retry : refresh,
    patchTicket,
  };
}
