import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createStore } from 'zustand';
import type { ConversationMessage, LiveProjectEvent } from '@agency/domain';
import { apiClient } from '@agency/auth/api';

/**
 * A project's conversation and its tickets' comments in the dashboard's cache (issue 34): one infinite query per
 * thread (pages newest first, by cursor), one query of unread counts for every project (the cards and the page's
 * title read it: one request, not one per card). The live channel marks them stale.
 */
export const conversationKeys = {
  all: ['messages'] as const,
  project: (projectId: string) => ['messages', projectId] as const,
  thread: (projectId: string, ticketId?: string) => ['messages', projectId, ticketId ?? 'thread'] as const,
  unread: ['unread-messages'] as const,
};

export interface ThreadPage {
  messages: ConversationMessage[];
  nextCursor: string | null;
}

export const threadQuery = (projectId: string, ticketId?: string) => ({
  queryKey: conversationKeys.thread(projectId, ticketId) as QueryKey,
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }): Promise<ThreadPage> =>
    apiClient().listMessages(
      {
        params: { id: projectId },
        query: { ...(ticketId && { ticketId }), ...(pageParam && { cursor: pageParam }) },
      },
      { signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last: ThreadPage) => last.nextCursor,
  staleTime: 0,
});

export const unreadQuery = () => ({
  queryKey: conversationKeys.unread as QueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiClient().unreadMessages(undefined, { signal }),
});

const CONVERSATION_ACTIONS = new Set(['message_posted', 'messages_seen', 'comment_posted']);

/**
 * A live event about a conversation: its threads and the unread counts are read again (those on screen at once).
 * Returns whether the event was one (nothing else about the project changed).
 */
export function applyConversationEvent(client: QueryClient, event: LiveProjectEvent): boolean {
  if (!CONVERSATION_ACTIONS.has(event.action)) return false;
  void client.invalidateQueries({ queryKey: conversationKeys.project(event.projectId) });
  if (event.action !== 'comment_posted') void client.invalidateQueries({ queryKey: conversationKeys.unread });
  return true;
}

/** The conversation open on screen (from a card, a notification or an e-mail's link), and the message to show. */
export interface ConversationTarget {
  projectId: string;
  messageId?: string;
}
export const conversationTarget = createStore<{ target: ConversationTarget | null }>(() => ({
  target: null,
}));
export const openConversation = (target: ConversationTarget | null) =>
  conversationTarget.setState({ target });

/** `?project=<id>&message=<id>` (a notification e-mail's link): the conversation to open. */
export function targetFromSearch(search: string): ConversationTarget | null {
  const params = new URLSearchParams(search);
  const projectId = params.get('project');
  const uuid = /^[0-9a-f-]{36}$/i;
  if (!projectId || !uuid.test(projectId)) return null;
  const messageId = params.get('message');
  return { projectId, ...(messageId && uuid.test(messageId) && { messageId }) };
}
