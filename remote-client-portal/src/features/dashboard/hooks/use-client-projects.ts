import { useCallback, useEffect, useRef, useState } from 'react';
import type { Project, Ticket } from '@agency/domain';
import { apiClient } from '@agency/auth/api';

export interface ClientProjects {
  status: 'loading' | 'error' | 'ready';
  projects: Project[];
  tickets: Ticket[];
  /** Fetches the lists again (after every action). Resolves when the data is in. */
  refresh: () => Promise<void>;
}

async function fetchLists(): Promise<{ projects: Project[]; tickets: Ticket[] }> {
  const api = apiClient();
  const [projectList, ticketList] = await Promise.all([api.listProjects({}), api.listTickets({})]);
  return { projects: projectList.projects, tickets: ticketList.tickets };
}

/** The signed-in client's own projects and tickets (the API scopes both to the caller). */
export function useClientProjects(): ClientProjects {
  const [status, setStatus] = useState<ClientProjects['status']>('loading');
  const [projects, setProjects] = useState<Project[]>([]);
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const generation = useRef(0);
  const loaded = useRef(false);

  const load = useCallback((): Promise<void> => {
    const mine = ++generation.current;
    return fetchLists().then(
      (lists) => {
        if (mine !== generation.current) return;
        setProjects(lists.projects);
        setTickets(lists.tickets);
        setStatus('ready');
        loaded.current = true;
      },
      () => {
        // A failed refresh keeps what is on screen; only a first load shows the error state.
        if (mine === generation.current && !loaded.current) setStatus('error');
      },
    );
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
