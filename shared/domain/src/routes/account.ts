import type { AppNotification } from '../activity';
import type { Role } from '../project-status';
import type { Profile } from '../records';
import type { RouteEntry } from '../route';

/** The signed-in user: who they are, their notifications and their live project changes. */
export const ACCOUNT_ROUTES = {
  /** Server-Sent Events: `project` (a LiveProjectEvent the caller may see; ids are event ids, so Last-Event-ID catches up). */
  liveEvents: {
    method: 'GET',
    path: '/api/live',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    stream: true,
    response: {} as never,
  },
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    query: 'notificationsQuerySchema',
    response: {} as { notifications: AppNotification[]; unreadCount: number; nextCursor: string | null },
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/read',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    body: 'notificationsReadSchema',
    response: {} as { unreadCount: number },
  },
  me: {
    method: 'GET',
    path: '/api/me',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    response: {} as { profile: Profile; role: Role },
  },
  currentUserRole: {
    method: 'GET',
    path: '/api/get-current-user-role',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    response: {} as { role: Role },
  },
} as const satisfies Record<string, RouteEntry>;
