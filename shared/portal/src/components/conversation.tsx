import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import Linkify from 'linkify-react';
import { type ActivityViewer, type ConversationMessage, type Project } from '@agency/domain';
import { CONVERSATION_TEXTS } from '@agency/domain/messages/conversation';
import { PORTAL_MESSAGES } from '@agency/domain/messages/portal';
import { Badge, Box, Button, Center, Flex, Spinner, Stack, Text, useOverlays } from '@agency/ui';
import { apiClient } from '@agency/auth/api';
import { dateTime } from '../date-time';
import { MessageAttachments } from './message-attachments';
import { projectQuery } from '../portal-data';
import {
  conversationKeys,
  conversationTarget,
  openConversation,
  targetFromSearch,
  threadQuery,
  unreadQuery,
  type ThreadPage,
} from '../conversation-data';
import { LoadFailed } from './load-failed';
import { Composer } from './conversation-composer';

const T = CONVERSATION_TEXTS;
/** Links open in a new tab and never carry the portal's address or a window handle to the other site. */
const LINK_OPTIONS = { target: '_blank', rel: 'noopener noreferrer nofollow', defaultProtocol: 'https' };

/** Every project's unread messages, in one read for all the cards and the page's title. */
export function useUnreadMessages(): { unread: Record<string, number>; total: number } {
  return useQuery(unreadQuery()).data ?? { unread: {}, total: 0 };
}

/** A card's "Messages" button, with its unread count; opens the project's conversation. */
export function ConversationButton({ project }: { project: Pick<Project, 'id' | 'title'> }) {
  const count = useUnreadMessages().unread[project.id] ?? 0;
  return (
    <Button
      size="sm"
      variant="outline"
      aria-haspopup="dialog"
      aria-label={T.openLabel(project.title, count)}
      onClick={() => openConversation({ projectId: project.id })}
      gap="2"
    >
      {T.open}
      {count > 0 ? (
        <Badge colorPalette="red" variant="solid" size="sm" aria-hidden>
          {T.unreadBadge(count)}
        </Badge>
      ) : null}
    </Button>
  );
}

/**
 * The dashboard's conversation dialog, opened from a card, a notification or an e-mail's link
 * (`/dashboard?project=<id>&message=<id>`), and the page's title with the unread count.
 */
export function ConversationHost({ viewer }: { viewer: ActivityViewer }) {
  const target = useStore(conversationTarget, (s) => s.target);
  const { total } = useUnreadMessages();
  useEffect(() => {
    const fromLink = targetFromSearch(window.location.search);
    if (fromLink) openConversation(fromLink);
    return () => openConversation(null);
  }, []);
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\)\s*/, '');
    document.title = T.pageTitle(total, base);
  }, [total]);
  if (!target) return null;
  return (
    <ConversationDialog
      key={`${target.projectId}:${target.messageId ?? ''}`}
      projectId={target.projectId}
      messageId={target.messageId}
      viewer={viewer}
      onClose={() => openConversation(null)}
    />
  );
}

function ConversationDialog({
  projectId,
  messageId,
  viewer,
  onClose,
}: {
  projectId: string;
  messageId?: string;
  viewer: ActivityViewer;
  onClose: () => void;
}) {
  const { DialogShell } = useOverlays();
  const client = useQueryClient();
  const project = useQuery({ ...projectQuery(client, projectId), staleTime: Infinity }).data;
  const title = project?.title ?? '';
  return (
    <DialogShell title={T.title(title)} onClose={onClose} size="lg" closeLabel={PORTAL_MESSAGES.close}>
      <ConversationThread
        projectId={projectId}
        label={T.listLabel(title)}
        viewer={viewer}
        highlight={messageId}
        markSeen
      />
    </DialogShell>
  );
}

/** A ticket's comments: both sides write here (the client still cannot move tickets). */
export function TicketCommentsButton({
  projectId,
  ticket,
  viewer,
  className,
}: {
  projectId: string;
  ticket: { id: string; title: string };
  viewer: ActivityViewer;
  /** A plain button with this class (the admin's board draws its cards without the kit, for speed). */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const { DialogShell } = useOverlays();
  const props = {
    'aria-haspopup': 'dialog' as const,
    'aria-label': T.comments.listLabel(ticket.title),
    onClick: () => setOpen(true),
  };
  return (
    <>
      {className ? (
        <button type="button" className={className} {...props}>
          {T.comments.open}
        </button>
      ) : (
        <Button size="xs" variant="ghost" {...props}>
          {T.comments.open}
        </Button>
      )}
      {open ? (
        <DialogShell
          title={T.comments.title(ticket.title)}
          onClose={() => setOpen(false)}
          size="md"
          closeLabel={PORTAL_MESSAGES.close}
        >
          <ConversationThread
            projectId={projectId}
            ticketId={ticket.id}
            label={T.comments.listLabel(ticket.title)}
            viewer={viewer}
          />
        </DialogShell>
      ) : null}
    </>
  );
}

const authorOf = (message: ConversationMessage, viewer: ActivityViewer) => {
  const own = viewer === 'admin' ? message.author_role === 'ADMIN' : message.author_role === 'CLIENT';
  if (own) return { own, name: T.you };
  if (message.author_role === 'ADMIN') return { own, name: T.consultancy };
  return { own, name: message.author_name ?? T.client };
};

/**
 * A thread: older pages by cursor above, the newest at the bottom, a composer below. Text is shown as text (links
 * made clickable by linkify, which builds elements, never HTML). With `markSeen`, what is shown is marked seen
 * (on opening and as the other side's messages arrive), so the other side sees "Seen" and the counts go down.
 */
export function ConversationThread({
  projectId,
  ticketId,
  label,
  viewer,
  highlight,
  markSeen = false,
}: {
  projectId: string;
  ticketId?: string;
  label: string;
  viewer: ActivityViewer;
  highlight?: string;
  markSeen?: boolean;
}) {
  const client = useQueryClient();
  const query = useInfiniteQuery(threadQuery(projectId, ticketId));
  const messages = useMemo(
    () => (query.data?.pages ?? []).flatMap((page: ThreadPage) => page.messages).reverse(),
    [query.data],
  );
  const newest = messages.at(-1);
  const listRef = useRef<HTMLDivElement>(null);

  // Seen: once the newest message of the other side is on screen.
  const theirs = newest && authorOf(newest, viewer).own === false ? newest.id : undefined;
  useEffect(() => {
    if (!markSeen || !theirs) return;
    void apiClient()
      .markMessagesSeen({ params: { id: projectId } })
      .then(() => client.invalidateQueries({ queryKey: conversationKeys.unread }))
      .catch(() => undefined);
  }, [markSeen, theirs, projectId, client]);

  // The message a notification is about is shown (older pages are read until it is there); else the newest.
  const highlightShown = highlight ? messages.some((m) => m.id === highlight) : false;
  useEffect(() => {
    if (highlight && !highlightShown && query.hasNextPage && !query.isFetchingNextPage)
      void query.fetchNextPage();
  }, [highlight, highlightShown, query]);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const target = highlight ? list.querySelector<HTMLElement>(`[data-message-id="${highlight}"]`) : null;
    if (target) target.scrollIntoView?.({ block: 'center' });
    else if (!highlight) list.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [highlight, highlightShown, newest?.id]);

  const lastOwn = [...messages].reverse().find((m) => authorOf(m, viewer).own);

  return (
    <Stack gap="3">
      {query.isError && !query.data ? (
        <LoadFailed title={T.loadFailed} retryLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Center py="6" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{T.loading}</Text>
        </Center>
      ) : (
        <>
          {query.hasNextPage ? (
            <Button
              size="sm"
              variant="ghost"
              alignSelf="center"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              {T.earlier}
            </Button>
          ) : null}
          {messages.length === 0 ? (
            <Text color="fg.muted">{ticketId ? T.comments.empty : T.empty}</Text>
          ) : (
            <Stack
              as="ol"
              ref={listRef}
              aria-label={label}
              aria-live="polite"
              gap="2"
              listStyleType="none"
              m="0"
              p="0"
              maxH="55vh"
              overflowY="auto"
            >
              {messages.map((message) => {
                const author = authorOf(message, viewer);
                return (
                  <Box
                    as="li"
                    key={message.id}
                    data-message-id={message.id}
                    alignSelf={author.own ? 'flex-end' : 'flex-start'}
                    maxW="85%"
                    borderWidth="1px"
                    borderRadius="lg"
                    px="3"
                    py="2"
                    bg={author.own ? 'brand.subtle' : 'bg.muted'}
                    borderColor={message.id === highlight ? 'orange.solid' : 'border'}
                    outline={message.id === highlight ? '2px solid' : undefined}
                    outlineColor="orange.solid"
                  >
                    <Flex gap="2" align="baseline" wrap="wrap">
                      <Text fontSize="sm" fontWeight="semibold">
                        {author.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        <time dateTime={message.created_at}>{dateTime(message.created_at)}</time>
                      </Text>
                    </Flex>
                    {message.body ? (
                      <Text
                        whiteSpace="pre-wrap"
                        wordBreak="break-word"
                        css={{ '& a': { textDecoration: 'underline' } }}
                      >
                        <Linkify options={LINK_OPTIONS}>{message.body}</Linkify>
                      </Text>
                    ) : null}
                    {message.attachments?.length ? (
                      <MessageAttachments attachments={message.attachments} />
                    ) : null}
                    {message.id === lastOwn?.id && message.seen ? (
                      <Text fontSize="xs" color="fg.muted" textAlign="end">
                        {T.seen}
                      </Text>
                    ) : null}
                  </Box>
                );
              })}
            </Stack>
          )}
        </>
      )}
      <Composer projectId={projectId} ticketId={ticketId} />
    </Stack>
  );
}
