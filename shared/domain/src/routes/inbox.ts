import type { InboxItem, Project } from '../records';
import type { InboxKind } from '../schemas/projects';
import type { InboxReply } from '../conversation';
import type { RouteEntry } from '../route';

/** The admin's inbox: contact messages and consultation requests, read, answered, linked, converted. */
export const INBOX_ROUTES = {
  listInbox: {
    method: 'GET',
    path: '/api/inbox',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
    query: 'inboxQuerySchema',
    response: {} as { items: InboxItem[]; nextCursor: string | null; unread: Record<InboxKind, number> },
  },
  markInboxRead: {
    method: 'POST',
    path: '/api/inbox/read',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
    body: 'inboxReadSchema',
    response: {} as { item: InboxItem },
  },
  replyInbox: {
    method: 'POST',
    path: '/api/inbox/reply',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
    body: 'inboxReplySchema',
    response: {} as { reply: InboxReply },
  },
  linkInbox: {
    method: 'POST',
    path: '/api/inbox/link',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
    body: 'inboxLinkSchema',
    response: {} as { item: InboxItem },
  },
  convertInbox: {
    method: 'POST',
    path: '/api/inbox/convert',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
    body: 'inboxConvertSchema',
    response: {} as { project: Project },
  },
} as const satisfies Record<string, RouteEntry>;
