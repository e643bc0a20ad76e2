import { useCallback, useEffect, useRef, useState } from 'react';
import type { Project, Ticket } from '@agency/domain';
import { clientApi } from '../../../lib/api';

export interface ClientProjects {
  status: 'loading' | 'error' | 'ready';
  projects: Project[];
  tickets: Ticket[];
  /** Fetches the lists again (after every action). Resolves when the data is in. */
  refresh: () => Promise<void>;
}

/** The signed-in client's own projects and tickets (the API scopes both to the caller). */
export function useClientProjects(): ClientProjects {
  const [status, setStatus] = useState<ClientProjects['status']>('loading');
  const [projects, setProjects] = useState<Project[]>([]);
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const generation = useRef(0);
  const loaded = useRef(false);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    const api = clientApi();
    try {
      const [projectList, ticketList] = await Promise.all([api.listProjects(), api.listTickets()]);
      if (mine !== generation.current) return;
      setProjects(projectList.projects);
      setTickets(ticketList.tickets);
      setStatus('ready');
      loaded.current = true;
    } catch {
      if (mine !== generation.current) return;
      // A failed refresh keeps what is on screen; only a first load shows the error state.
      if (!loaded.current) setStatus('error');
    }
  }, []);

  const refresh = useCallback(async () => {
    if (!loaded.current) setStatus('loading');
    await load();
  }, [load]);

  useEffect(() => {
    void load();
  }, [load]);

  return { status, projects, tickets, refresh };
}
