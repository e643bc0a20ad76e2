import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { InboxItem, InboxKind } from '@agency/domain';
import { apiClient } from '@agency/auth/api';
import { portalKeys, useQuery, useQueryClient } from '@agency/portal';

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

// Both are marked stale by a consultation request on the live channel (a project event) and after a gap.
const UNREAD_KEY = [...portalKeys.inbox, 'unread'];
const pageKey = (filterKey: string, cursor: string | null) => [
  ...portalKeys.inbox,
  'page',
  filterKey,
  cursor,
];

/** How many contact messages and consultation requests are unread (the tab's badge), kept current. */
export function useInboxUnread(): [Unread | null, (unread: Unread) => void] {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) =>
      apiClient()
        .listInbox({ query: { limit: '1' } }, { signal })
        .then((answer) => answer.unread),
  });
  const setUnread = useCallback((unread: Unread) => client.setQueryData(UNREAD_KEY, unread), [client]);
  return [data ?? null, setUnread];
}

/** One page of the inbox (server-side filters, search and keyset pages); each answer counts the unread too. */
export function useInbox(filters: InboxFilters, onUnread: (unread: Unread) => void) {
  const client = useQueryClient();
  const latestUnread = useRef(onUnread);
  useLayoutEffect(() => {
    latestUnread.current = onUnread;
  });
  const filterKey = `${filters.kind}|${filters.status}|${filters.q.trim()}`;
  const [paging, setPaging] = useState({ filterKey, cursors: [null] as (string | null)[] });
  // New filters start again at the first page.
  const cursors = paging.filterKey === filterKey ? paging.cursors : [null];
  const cursor = cursors.at(-1) ?? null;
  const key = pageKey(filterKey, cursor);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const answer = await apiClient().listInbox(
        {
          query: {
            limit: String(INBOX_PAGE_SIZE),
            ...(filters.kind && { kind: filters.kind }),
            ...(filters.status && { status: filters.status }),
            ...(filters.q.trim() && { q: filters.q.trim() }),
            ...(cursor && { cursor }),
          },
        },
        { signal },
      );
      latestUnread.current(answer.unread);
      return answer;
    },
    // A newer page shows the last items until its own answer.
    placeholderData: (previous) => previous,
  });
  const { data } = query;

  const replace = useCallback(
    (item: InboxItem) =>
      client.setQueryData<typeof data>(
        key,
        (page) =>
          page && {
            ...page,
            items: page.items.map((i) => (i.id === item.id && i.kind === item.kind ? item : i)),
          },
      ),
    // key stands for the filters and the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, filterKey, cursor],
  );

  const state: Loaded =
    query.isError && !query.isFetching
      ? { status: 'error' }
      : data && !query.isPlaceholderData
        ? { status: 'ready', items: data.items, nextCursor: data.nextCursor }
        : { status: 'loading', items: data?.items };

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
    retry: () => void query.refetch(),
    replace,
  };
}
