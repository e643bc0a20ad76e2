import type { Logger } from 'pino';
import {
  LIVE_EVENT_IDS_REMEMBERED,
  RecentIds,
  type ActivityEntry,
  type LiveProjectEvent,
} from '@agency/domain';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../http/app-env';

/** The NOTIFY payload of migration 107's trigger: one row of project_events with its project's client. */
interface EventNotice {
  id: number;
  projectId: string;
  clientId: string | null;
  action: string;
  from: string | null;
  to: string | null;
  at: string;
  actorRole: string;
}

export interface LiveListener {
  send: (event: LiveProjectEvent) => void;
  /** Events may have been missed and cannot be replayed: whatever is shown should be read again. */
  resync: () => void;
}

interface Subscriber extends LiveListener {
  caller: Caller;
}

/** A replay's events, and whether they are all there are (false: it stopped at its limit). */
export interface Replay<Event> {
  events: Event[];
  complete: boolean;
}

const REPLAY_LIMIT = 500;
/**
 * How far below the last id seen a replay starts again. A transaction that took its id before that event's
 * commits after it, so an event just below the last id seen may never have been sent.
 */
const REPLAY_OVERLAP_IDS = 100;

const canSee = (caller: Caller, notice: Pick<EventNotice, 'clientId'>) =>
  caller.role === 'ADMIN' || notice.clientId === caller.id;
/** Whether the change made the receiver a notification: the other side (or the payment system) acted. */
const notifies = (caller: Caller, actorRole: string) =>
  caller.role === 'ADMIN' ? actorRole !== 'ADMIN' : actorRole !== 'CLIENT';

function toLive(caller: Caller, notice: EventNotice): LiveProjectEvent {
  return {
    id: notice.id,
    projectId: notice.projectId,
    action: notice.action,
    actorRole: notice.actorRole,
    from: notice.from,
    to: notice.to,
    at: new Date(notice.at).toISOString(),
    notifies: notifies(caller, notice.actorRole),
  };
}

/**
 * Pushes project changes to the open dashboards of this process. Every API process LISTENs on the database's
 * 'project_events' channel (PostgreSQL LISTEN/NOTIFY; in-process on the embedded database), so a change made
 * through any replica reaches every dashboard, each seeing only what its reads would show it.
 */
export function createLiveHub({ db, logger }: { db: Database; logger: Logger }) {
  const subscribers = new Set<Subscriber>();
  const dispatched = new RecentIds(LIVE_EVENT_IDS_REMEMBERED);
  /** The highest id seen: where a catch-up starts (less the overlap). */
  let lastId = 0;
  let stopListening: (() => Promise<void>) | undefined;

  function toEach(deliver: (subscriber: Subscriber) => void): void {
    for (const subscriber of subscribers) {
      try {
        deliver(subscriber);
      } catch (error) {
        logger.warn({ err: error }, 'live subscriber failed; dropped');
        subscribers.delete(subscriber);
      }
    }
  }

  function dispatch(notice: EventNotice): void {
    if (!dispatched.add(notice.id)) return;
    lastId = Math.max(lastId, notice.id);
    toEach((subscriber) => {
      if (canSee(subscriber.caller, notice)) subscriber.send(toLive(subscriber.caller, notice));
    });
  }

  /**
   * Events from the log itself (a reconnecting dashboard, or a listener that lost its connection): those after
   * `lastSeenId`, and those of the overlap below it, which the caller may not have had (it skips those it had).
   */
  async function eventsSince(
    q: Queryable,
    lastSeenId: number,
    caller?: Caller,
  ): Promise<Replay<EventNotice>> {
    const own = caller && caller.role !== 'ADMIN';
    const from = Math.max(0, lastSeenId - REPLAY_OVERLAP_IDS);
    const rows = await q.query<EventNotice>(
      `select e.id::int as id, e.project_id as "projectId", p.client_id as "clientId", e.action, e.from_status as "from",
              e.to_status as "to", e.at, e.actor_role as "actorRole"
         from project_events e join projects p on p.id = e.project_id
        where e.id > $1${own ? ' and p.client_id = $3' : ''}
        order by e.id limit $2`,
      own ? [from, REPLAY_LIMIT + 1, caller.id] : [from, REPLAY_LIMIT + 1],
    );
    return { events: rows.slice(0, REPLAY_LIMIT), complete: rows.length <= REPLAY_LIMIT };
  }

  function resyncAll(): void {
    toEach((subscriber) => subscriber.resync());
  }

  return {
    async start(): Promise<void> {
      const [row] = await db.query<{ max: number | null }>('select max(id)::int as max from project_events');
      lastId = row?.max ?? 0;
      stopListening = await db.listen(
        'project_events',
        (payload) => dispatch(JSON.parse(payload) as EventNotice),
        () => {
          // The listening connection was lost: replay what the log holds since the last event seen; what
          // cannot be replayed, the dashboards read again.
          void eventsSince(db, lastId).then(
            ({ events, complete }) => {
              events.forEach(dispatch);
              if (!complete) resyncAll();
            },
            (error: unknown) => {
              logger.error({ err: error }, 'live catch-up failed');
              resyncAll();
            },
          );
        },
      );
    },
    /** Sends `caller` every change it may see from now on; returns the function that stops it. */
    subscribe(caller: Caller, listener: LiveListener): () => void {
      const subscriber = { caller, ...listener };
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    /**
     * What `caller` may have missed since event `lastSeenId` (at most 500 changes; `complete` is false when
     * there were more). It starts a little below `lastSeenId`, so some events may be ones the caller had.
     */
    async missed(caller: Caller, lastSeenId: number): Promise<Replay<LiveProjectEvent>> {
      const { events, complete } = await eventsSince(db, lastSeenId, caller);
      return { events: events.map((notice) => toLive(caller, notice)), complete };
    },
    get subscriberCount(): number {
      return subscribers.size;
    },
    async stop(): Promise<void> {
      subscribers.clear();
      await stopListening?.();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
export type { ActivityEntry };
