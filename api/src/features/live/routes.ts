import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  API_MESSAGES,
  LIVE_EVENT_IDS_REMEMBERED,
  RecentIds,
  type AppNotification,
  type LiveProjectEvent,
} from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv, Caller } from '../../http/app-env';
import { bearerToken } from '../../http/access-token';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { EVENT_COLUMNS, toActivityEntry, type EventRow } from '../../project-store/project-repository';
import type { LiveHub } from './live-hub';

/** Proxies close idle connections after a minute or so; a comment every 25 s keeps a quiet stream open. */
const HEARTBEAT_MS = 25_000;
/**
 * What one stream may hold that its reader has not taken yet. Beyond it (a frozen tab, a stalled link) the stream
 * is dropped with what it holds; the client reconnects and catches up. About a thousand events, so a burst that a
 * reading client takes at once fits.
 */
export const MAX_UNSENT_BYTES = 256 * 1024;
const NOTIFICATION_PAGE = 20;
/**
 * A notification is listed while its project is still the caller's to see (`isAdmin`: the parameter saying the
 * caller is an admin now): an admin demoted to client keeps the rows of every project's events, which must not
 * show any more.
 */
const stillVisible = (isAdmin: string) => `(p.client_id = n.user_id or ${isAdmin}::boolean)`;

interface OpenStream {
  userId: string;
  close: () => void;
}

type LiveRouteDeps = Pick<FeatureDeps, 'db' | 'users' | 'verifyAccessToken' | 'ops'>;

/**
 * GET /api/live: the caller's Server-Sent Events, authenticated with the user's own token (the portals read
 * the stream with fetch, so the token travels in the Authorization header, never in the URL). A reconnecting
 * client sends Last-Event-ID and first gets what it missed. Notifications: the bell's list and its unread count.
 *
 * Access is checked when the stream opens, so the stream ends when it may have changed: when the token expires
 * and when the user's role or profile changes. The client reconnects with a fresh token and is checked again.
 */
export function registerLiveRoutes(
  app: Hono<AppEnv>,
  deps: LiveRouteDeps,
  hub: LiveHub,
  { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): void {
  const { db } = deps;
  const open = new Set<OpenStream>();
  // Draining: end every stream, so browsers reconnect to a replica that is staying.
  deps.ops.lifecycle.onDrain.push(() => {
    for (const stream of open) stream.close();
  });
  deps.users.onCallerChange((userId) => {
    for (const stream of open) if (userId === undefined || stream.userId === userId) stream.close();
  });

  defineRoute(app, 'liveEvents', async ({ c, caller }) => {
    const since = Number(c.req.header('last-event-id') ?? 0);
    if (!Number.isSafeInteger(since) || since < 0)
      throw new HttpError(400, API_MESSAGES.invalidValue, { 'Last-Event-ID': API_MESSAGES.invalidValue });
    // The caller was resolved from this token (cached: no second signature check); only its expiry is wanted.
    const { expiresAtMs } = await deps
      .verifyAccessToken(bearerToken(c.req.header('authorization')) ?? '')
      .catch(() => {
        throw new HttpError(401, API_MESSAGES.invalidToken);
      });
    c.header('cache-control', 'no-cache, no-transform');
    // nginx would otherwise buffer the stream (README, compose).
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      let closed = false;
      let wake: (() => void) | undefined;
      const close = () => {
        closed = true;
        wake?.();
      };
      // Drops what is queued (a graceful close would wait for the reader to take it).
      const drop = () => {
        stream.abort();
        close();
      };
      const opened: OpenStream = { userId: caller.id, close };
      open.add(opened);
      let unsentBytes = 0;
      /** When the reader last took a write, or when writes started waiting after none did. */
      let progressAt = Date.now();
      /** Queues a write without waiting for the reader; one that would hold too much drops the stream. */
      const send = (frame: string) => {
        if (closed) return;
        const bytes = Buffer.byteLength(frame);
        if (unsentBytes + bytes > MAX_UNSENT_BYTES) {
          drop();
          return;
        }
        if (unsentBytes === 0) progressAt = Date.now();
        unsentBytes += bytes;
        void stream.write(frame).then(() => {
          unsentBytes -= bytes;
          progressAt = Date.now();
        });
      };
      // Each event once, in whatever id order the commits came (the client had `since` itself).
      const sent = new RecentIds(LIVE_EVENT_IDS_REMEMBERED);
      if (since > 0) sent.add(since);
      const write = (event: LiveProjectEvent) => {
        if (sent.add(event.id)) send(sseFrame('project', JSON.stringify(event), event.id));
      };
      const resync = () => send(sseFrame('resync', '{}'));
      // Subscribe first, then replay: nothing falls between the two (write() skips what was already sent).
      const backlog: LiveProjectEvent[] = [];
      let replaying = true;
      const unsubscribe = hub.subscribe(caller, {
        send: (event) => (replaying ? backlog.push(event) : write(event)),
        resync,
      });
      stream.onAbort(close);
      try {
        await stream.write(sseFrame('ready', JSON.stringify({ since })));
        if (since > 0) {
          const { events, complete } = await hub.missed(caller, since);
          events.forEach(write);
          if (!complete) resync();
        }
        replaying = false;
        backlog.forEach(write);
        while (!closed) {
          const untilExpiry = expiresAtMs === null ? heartbeatMs : expiresAtMs - Date.now();
          if (untilExpiry <= 0) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, Math.min(heartbeatMs, untilExpiry)).unref();
          });
          if (closed) break;
          // A reader that took nothing for a whole heartbeat while writes waited has stalled: dropped.
          if (unsentBytes > 0 && Date.now() - progressAt >= heartbeatMs) drop();
          else send(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
        open.delete(opened);
      }
    });
  });

  const unreadCount = async (caller: Caller) => {
    const [count] = await db.query<{ unread: number }>(
      `select count(*)::int as unread from notifications n join projects p on p.id = n.project_id
        where n.user_id = $1 and n.read_at is null and ${stillVisible('$2')}`,
      [caller.id, caller.role === 'ADMIN'],
    );
    return count?.unread ?? 0;
  };

  defineRoute(app, 'listNotifications', async ({ caller, readQuery }) => {
    const query = await readQuery();
    const unreadOnly = query.unread === '1';
    const limit = query.limit ? Number(query.limit) : NOTIFICATION_PAGE;
    const { cursor } = query;
    const params: unknown[] = [caller.id, limit + 1, caller.role === 'ADMIN'];
    const rows = await db.query<
      EventRow & {
        notification_id: string;
        project_id: string;
        project_title: string;
        read_at: Date | string | null;
      }
    >(
      `select n.id::text as notification_id, n.project_id, p.title as project_title, n.read_at, ${EVENT_COLUMNS}
         from notifications n
         join project_events e on e.id = n.event_id
         join projects p on p.id = n.project_id
         left join profiles a on a.id = e.actor_id
        where n.user_id = $1 and ${stillVisible('$3')}${unreadOnly ? ' and n.read_at is null' : ''}${cursor ? ` and n.id < $${params.push(cursor)}` : ''}
        order by n.id desc limit $2`,
      params,
    );
    const shown = rows.slice(0, limit);
    const notifications: AppNotification[] = shown.map((row) => ({
      ...toActivityEntry(row),
      notificationId: row.notification_id,
      projectId: row.project_id,
      projectTitle: row.project_title,
      readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    }));
    return {
      notifications,
      unreadCount: await unreadCount(caller),
      nextCursor: rows.length > limit ? shown.at(-1)!.notification_id : null,
    };
  });

  defineRoute(app, 'markNotificationsRead', async ({ caller, readBody }) => {
    const body = await readBody();
    if (body.all) {
      await db.query('update notifications set read_at = now() where user_id = $1 and read_at is null', [
        caller.id,
      ]);
    } else if (body.ids?.length) {
      await db.query(
        'update notifications set read_at = now() where user_id = $1 and read_at is null and id = any($2::bigint[])',
        [caller.id, body.ids],
      );
    }
    return { unreadCount: await unreadCount(caller) };
  });
}

/** One Server-Sent Event (the data is JSON: one line). */
function sseFrame(event: string, data: string, id?: number): string {
  return `event: ${event}\ndata: ${data}\n${id === undefined ? '' : `id: ${id}\n`}\n`;
}
