import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { InboxItem, InboxKind } from '@agency/domain';
import { apiClient } from '@agency/auth/api';
import { usePortalEvents } from '@agency/portal';

export interface InboxFilters {
  kind: '' | InboxKind;
  status: '' | 'read' | 'unread';
  q: string;
}
export type Unread = Record<InboxKind, number>;
export const INBOX_PAGE_SIZE = 10;

type Loaded =
  | { status: 'loading'; items?: InboxItem[] }
  | { status: 'error' }
  | { status: 'ready'; items: InboxItem[]; nextCursor: string | null };

const queryOf = (filters: InboxFilters, limit: number, cursor: string | null) => ({
  limit: String(limit),
  ...(filters.kind && { kind: filters.kind }),
  ...(filters.status && { status: filters.status }),
  ...(filters.q.trim() && { q: filters.q.trim() }),
  ...(cursor && { cursor }),
});

/** How many contact messages and consultation requests are unread (the tab's badge), kept current. */
export function useInboxUnread(): [Unread | null, (unread: Unread) => void] {
  const [unread, setUnread] = useState<Unread | null>(null);
  const load = useCallback(() => {
    apiClient()
      .listInbox({ query: { limit: '1' } })
      .then(
        (answer) => setUnread(answer.unread),
        () => undefined,
      );
  }, []);
  useEffect(load, [load]);
  usePortalEvents((event) => {
    // A consultation request is a project event too; contact messages are counted again after a gap.
    if (event.type === 'resync' || event.event.action === 'consultation_requested') load();
  });
  return [unread, setUnread];
}

/** One page of the inbox (server-side filters, search and keyset pages). */
export function useInbox(filters: InboxFilters, onUnread: (unread: Unread) => void) {
  const filterKey = `${filters.kind}|${filters.status}|${filters.q.trim()}`;
  const [paging, setPaging] = useState({ filterKey, cursors: [null] as (string | null)[] });
  // New filters start again at the first page.
  const cursors = paging.filterKey === filterKey ? paging.cursors : [null];
  const cursor = cursors.at(-1) ?? null;
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${filterKey}|${cursor ?? ''}|${attempt}`;
  // Each answer is kept with the request it answers; a newer request shows the last items until its own answer.
  const [answer, setAnswer] = useState<{ key: string; state: Loaded } | null>(null);
  const latestUnread = useRef(onUnread);
  useLayoutEffect(() => {
    latestUnread.current = onUnread;
  });

  useEffect(() => {
    const controller = new AbortController();
    apiClient()
      .listInbox({ query: queryOf(filters, INBOX_PAGE_SIZE, cursor) }, { signal: controller.signal })
      .then(
        (result) => {
          setAnswer({
            key: requestKey,
            state: { status: 'ready', items: result.items, nextCursor: result.nextCursor },
          });
          latestUnread.current(result.unread);
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ key: requestKey, state: { status: 'error' } });
        },
      );
    return () => controller.abort();
    // requestKey stands for the filters, the page and the attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  usePortalEvents((event) => {
    if (event.type === 'resync' || event.event.action === 'consultation_requested') setAttempt((n) => n + 1);
  });

  const replace = useCallback((item: InboxItem) => {
    setAnswer((current) =>
      current && current.state.status === 'ready'
        ? {
            ...current,
            state: {
              ...current.state,
              items: current.state.items.map((i) => (i.id === item.id && i.kind === item.kind ? item : i)),
            },
          }
        : current,
    );
  }, []);

  const state: Loaded =
    answer?.key === requestKey
      ? answer.state
      : { status: 'loading', items: answer?.state.status === 'ready' ? answer.state.items : undefined };

  return {
    state,
    page: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: state.status === 'ready' && Boolean(state.nextCursor),
    next: () => {
      if (state.status === 'ready' && state.nextCursor)
        setPaging({ filterKey, cursors: [...cursors, state.nextCursor] });
    },
    previous: () => setPaging({ filterKey, cursors: cursors.slice(0, -1) }),
    retry: () => setAttempt((n) => n + 1),
    replace,
  };
}
