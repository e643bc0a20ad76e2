import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '@agency/auth/api';
import { usePortalEvents } from '@agency/portal';

export type RevenueState =
  { status: 'loading' } | { status: 'ready'; revenue: number } | { status: 'unavailable' };

/** This month's revenue; asked again after a change that may move money (anything but a board change). */
export function useRevenue(): RevenueState {
  const [state, setState] = useState<RevenueState>({ status: 'loading' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const load = useCallback(() => {
    apiClient()
      .monthlyRevenue()
      .then(
        ({ revenue }) => setState({ status: 'ready', revenue }),
        // Payments may not be configured: the card reads Unavailable.
        () => setState((current) => (current.status === 'ready' ? current : { status: 'unavailable' })),
      );
  }, []);
  useEffect(() => {
    load();
    return () => clearTimeout(timer.current);
  }, [load]);
  usePortalEvents((event) => {
    if (event.type === 'live' && event.event.action.startsWith('ticket_')) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(load, 300);
  });
  return state;
}
