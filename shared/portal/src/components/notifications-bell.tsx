import { useCallback, useEffect, useRef, useState } from 'react';
import { describeActivity, type ActivityViewer, type AppNotification } from '@agency/domain';
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
import { Alert } from '@agency/ui/forms';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { dateTime } from '../date-time';
import { usePortalEvents } from '../use-portal';

const N = PORTAL_MESSAGES.notifications;

function toastError(description: string) {
  toaster.create({ title: N.errorTitle, description, type: 'error' });
}
const PAGE = 20;

type ListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; items: AppNotification[]; nextCursor: string | null };

/**
 * The bell: how many changes the other side made that are unread, and the list (mark one or all read). The
 * count follows the live channel; the list is read when opened and again when something new comes in.
 */
export function NotificationsBell({ viewer }: { viewer: ActivityViewer }) {
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const request = useRef(0);

  const loadCount = useCallback((announce = false) => {
    const mine = ++request.current;
    apiClient()
      .listNotifications({ query: { unread: '1', limit: '1' } })
      .then(
        (answer) => {
          if (mine !== request.current) return;
          setUnread((before) => {
            if (announce && answer.unreadCount > before) setAnnouncement(N.button(answer.unreadCount));
            return answer.unreadCount;
          });
        },
        // The bell keeps its last count; the next event or resync asks again.
        () => undefined,
      );
  }, []);

  useEffect(() => {
    loadCount();
  }, [loadCount]);
  usePortalEvents((event) => {
    if (event.type === 'resync') loadCount();
    else if (event.event.notifies) loadCount(true);
  });

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
      {open ? (
        <NotificationsDialog viewer={viewer} onClose={() => setOpen(false)} onUnread={setUnread} />
      ) : null}
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

function NotificationsDialog({
  viewer,
  onClose,
  onUnread,
}: {
  viewer: ActivityViewer;
  onClose: () => void;
  onUnread: (count: number) => void;
}) {
  const { DialogShell } = useOverlays();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(() => {
    apiClient()
      .listNotifications({ query: { limit: String(PAGE) } })
      .then(
        (answer) => {
          setState({ status: 'ready', items: answer.notifications, nextCursor: answer.nextCursor });
          onUnread(answer.unreadCount);
        },
        () => setState((current) => (current.status === 'ready' ? current : { status: 'error' })),
      );
  }, [onUnread]);

  useEffect(() => {
    load();
  }, [load]);
  usePortalEvents((event) => {
    if (event.type === 'resync' || event.event.notifies) load();
  });

  const more = async () => {
    if (state.status !== 'ready' || !state.nextCursor) return;
    setLoadingMore(true);
    try {
      const answer = await apiClient().listNotifications({
        query: { limit: String(PAGE), cursor: state.nextCursor },
      });
      setState({
        status: 'ready',
        items: [...state.items, ...answer.notifications],
        nextCursor: answer.nextCursor,
      });
    } catch {
      toastError(N.loadFailed);
    } finally {
      setLoadingMore(false);
    }
  };

  const markRead = async (ids: string[] | 'all') => {
    setBusy(ids === 'all' ? 'all' : ids[0]!);
    try {
      const answer = await apiClient().markNotificationsRead({
        body: ids === 'all' ? { all: true } : { ids },
      });
      const now = new Date().toISOString();
      setState((current) =>
        current.status === 'ready'
          ? {
              ...current,
              items: current.items.map((n) =>
                ids === 'all' || ids.includes(n.notificationId) ? { ...n, readAt: n.readAt ?? now } : n,
              ),
            }
          : current,
      );
      onUnread(answer.unreadCount);
    } catch (error) {
      toastError(apiErrorMessage(error, N.markFailed));
    } finally {
      setBusy(null);
    }
  };

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
        <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3">
          <Alert.Indicator />
          <Alert.Title flex="1">{N.loadFailed}</Alert.Title>
          <Button size="sm" variant="outline" onClick={load}>
            {N.retry}
          </Button>
        </Alert.Root>
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
