import type { ConversationMessage, EmailSettings } from '../conversation';
import type { RouteEntry } from '../route';

/** A project's conversation and ticket comments, and the e-mails about them (issue 34). */
export const CONVERSATION_ROUTES = {
  /** A project's thread (or with `ticketId` a ticket's comments), newest first, paged by cursor (issue 34). */
  listMessages: {
    method: 'GET',
    path: '/api/projects/:id/messages',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    query: 'messageListQuerySchema',
    response: {} as { messages: ConversationMessage[]; nextCursor: string | null },
  },
  postMessage: {
    method: 'POST',
    path: '/api/projects/:id/messages',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    body: 'postMessageSchema',
    response: {} as { message: ConversationMessage },
  },
  /** The caller has seen the project's thread up to its newest message. */
  markMessagesSeen: {
    method: 'POST',
    path: '/api/projects/:id/messages/seen',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
    response: {} as { unread: number },
  },
  /** Unread messages of every project the caller sees, in one answer for every card (and the page's title). */
  unreadMessages: {
    method: 'GET',
    path: '/api/conversations/unread',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    response: {} as { unread: Record<string, number>; total: number },
  },
  getEmailSettings: {
    method: 'GET',
    path: '/api/email-settings',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    response: {} as { settings: EmailSettings },
  },
  updateEmailSettings: {
    method: 'PATCH',
    path: '/api/email-settings',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    body: 'emailSettingsSchema',
    response: {} as { settings: EmailSettings },
  },
} as const satisfies Record<string, RouteEntry>;
