import { useEffect, useRef, useState } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { describeActivity, type ActivityViewer, type AppNotification } from '@agency/domain';
import { CONVERSATION_TEXTS } from '@agency/domain/messages/conversation';
import { openConversation } from '../conversation-data';
import { PORTAL_MESSAGES } from '@agency/domain/messages/portal';
import {
  Badge,
  Box,
  Button,
  Center,
  Flex,
  Spinner,
  Stack,
  Text,
  toaster,
  useOverlays,
  VisuallyHidden,
} from '@agency/ui';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { dateTime } from '../date-time';
import { portalKeys } from '../portal-data';
import { LoadFailed } from './load-failed';

const N = PORTAL_MESSAGES.notifications;

function toastError(description: string) {
  toaster.create({ title: N.errorTitle, description, type: 'error' });
}
const PAGE = 20;

const COUNT_KEY = [...portalKeys.notifications, 'unread'];
const LIST_KEY = [...portalKeys.notifications, 'list'];
interface NotificationsPage {
  notifications: AppNotification[];
  unreadCount: number;
  nextCursor: string | null;
}

/**
 * The bell: how many changes the other side made that are unread, and the list (mark one or all read). Both are
 * marked stale by each live change that notifies (and after a gap): the count is read again, and the list while
 * open. A count that grows is announced.
 */
export function NotificationsBell({ viewer }: { viewer: ActivityViewer }) {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The bell keeps its last count when a read fails; the next event or resync asks again.
  const unread =
    useQuery({
      queryKey: COUNT_KEY,
      queryFn: ({ signal }) =>
        apiClient()
          .listNotifications({ query: { unread: '1', limit: '1' } }, { signal })
          .then((answer) => answer.unreadCount),
    }).data ?? 0;
  const before = useRef<number | null>(null);
  useEffect(() => {
    if (before.current !== null && unread > before.current) setAnnouncement(N.button(unread));
    before.current = unread;
  }, [unread]);

  return (
    <>
      {/* Named by what it shows ("Notifications 2 unread"), so the visible text is part of the name. */}
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" gap="2">
        <BellIcon />
        {N.title}
        {unread > 0 ? (
          <>
            {' '}
            <Badge colorPalette="red" variant="solid" data-testid="unread-count">
              {unread}
            </Badge>
            <VisuallyHidden> {N.unreadSuffix}</VisuallyHidden>
          </>
        ) : null}
      </Button>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {open ? <NotificationsDialog viewer={viewer} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

function NotificationsDialog({ viewer, onClose }: { viewer: ActivityViewer; onClose: () => void }) {
  const { DialogShell } = useOverlays();
  const client = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: LIST_KEY,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await apiClient().listNotifications(
        { query: { limit: String(PAGE), ...(pageParam && { cursor: pageParam }) } },
        { signal },
      );
      client.setQueryData(COUNT_KEY, answer.unreadCount);
      return answer;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const mark = useMutation({
    mutationFn: (ids: string[] | 'all') =>
      apiClient().markNotificationsRead({ body: ids === 'all' ? { all: true } : { ids } }),
    onSuccess: (answer, ids) => {
      const now = new Date().toISOString();
      const read = (n: AppNotification) =>
        ids === 'all' || ids.includes(n.notificationId) ? { ...n, readAt: n.readAt ?? now } : n;
      client.setQueryData<InfiniteData<NotificationsPage>>(
        LIST_KEY,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, notifications: page.notifications.map(read) })),
          },
      );
      client.setQueryData(COUNT_KEY, answer.unreadCount);
    },
    onError: (error) => toastError(apiErrorMessage(error, N.markFailed)),
  });
  const busy = mark.isPending ? (mark.variables === 'all' ? 'all' : mark.variables[0]!) : null;
  const markRead = (ids: string[] | 'all') => mark.mutate(ids);
  const more = async () => {
    const result = await list.fetchNextPage();
    if (result.isFetchNextPageError) toastError(N.loadFailed);
  };
  const loadingMore = list.isFetchingNextPage;
  const load = () => void list.refetch();
  const state = list.data
    ? {
        status: 'ready' as const,
        items: list.data.pages.flatMap((page) => page.notifications),
        nextCursor: list.hasNextPage ? 'more' : null,
      }
    : list.isError && !list.isFetching
      ? { status: 'error' as const }
      : { status: 'loading' as const };

  const anyUnread = state.status === 'ready' && state.items.some((n) => !n.readAt);
  return (
    <DialogShell
      title={N.title}
      onClose={onClose}
      size="md"
      closeLabel={PORTAL_MESSAGES.close}
      footer={
        <>
          {anyUnread ? (
            <Button
              variant="outline"
              onClick={() => void markRead('all')}
              disabled={busy !== null}
              aria-busy={busy === 'all'}
            >
              {busy === 'all' ? N.marking : N.markAllRead}
            </Button>
          ) : null}
          <Button onClick={onClose}>{PORTAL_MESSAGES.close}</Button>
        </>
      }
    >
      {state.status === 'loading' ? (
        <Center py="6" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{N.loading}</Text>
        </Center>
      ) : state.status === 'error' ? (
        <LoadFailed title={N.loadFailed} retryLabel={N.retry} onRetry={load} />
      ) : state.items.length === 0 ? (
        <Text color="fg.muted">{N.empty}</Text>
      ) : (
        <Stack gap="3">
          <Stack as="ul" aria-label={N.listLabel} gap="2" listStyleType="none" m="0" p="0">
            {state.items.map((n) => (
              <Box
                as="li"
                key={n.notificationId}
                borderWidth="1px"
                borderRadius="md"
                p="3"
                bg={n.readAt ? undefined : 'blue.subtle'}
                borderColor={n.readAt ? 'border' : 'blue.muted'}
              >
                <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
                  <Box minW="0" flex="1">
                    <Text fontWeight="semibold" wordBreak="break-word">
                      {n.projectTitle}
                    </Text>
                    <Text fontSize="sm">{describeActivity(n, viewer)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      <time dateTime={n.at}>{dateTime(n.at)}</time>
                    </Text>
                  </Box>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`${CONVERSATION_TEXTS.notificationOpenLabel(n.projectTitle)}: ${describeActivity(n, viewer)}`}
                    onClick={() => {
                      // Opens the project's conversation on the message the notification is about, once this
                      // dialog has closed and given the focus back (a dialog opened before would take that focus
                      // for a move outside itself and close).
                      if (!n.readAt) void markRead([n.notificationId]);
                      const messageId = n.details?.messageId;
                      onClose();
                      afterFocusReturns(() =>
                        openConversation({
                          projectId: n.projectId,
                          ...(typeof messageId === 'string' && { messageId }),
                        }),
                      );
                    }}
                  >
                    {CONVERSATION_TEXTS.notificationOpen}
                  </Button>
                  {n.readAt ? null : (
                    <Stack gap="1" align="flex-end">
                      <Badge colorPalette="blue">{N.unread}</Badge>
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => void markRead([n.notificationId])}
                        disabled={busy !== null}
                        aria-busy={busy === n.notificationId}
                        aria-label={`${N.markRead}: ${describeActivity(n, viewer)} (${n.projectTitle})`}
                      >
                        {N.markRead}
                      </Button>
                    </Stack>
                  )}
                </Flex>
              </Box>
            ))}
          </Stack>
          {state.nextCursor ? (
            <Button
              variant="outline"
              size="sm"
              alignSelf="center"
              onClick={() => void more()}
              disabled={loadingMore}
              aria-busy={loadingMore}
            >
              {N.more}
            </Button>
          ) : null}
        </Stack>
      )}
    </DialogShell>
  );
}

/** Runs `then` once the focus is back on the page (out of every dialog, not on the body), or after 30 frames. */
function afterFocusReturns(then: () => void) {
  let frames = 0;
  const tick = () => {
    const active = document.activeElement;
    const settled = active && active !== document.body && !active.closest('[role="dialog"]');
    if (settled || ++frames > 30) then();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
