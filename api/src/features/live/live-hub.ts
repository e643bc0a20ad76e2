import type { Logger } from 'pino';
import type { ActivityEntry, LiveProjectEvent } from '@agency/domain';
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

interface Subscriber {
  caller: Caller;
  send: (event: LiveProjectEvent) => void;
}

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
  let lastId = 0;
  let stopListening: (() => Promise<void>) | undefined;

  function dispatch(notice: EventNotice): void {
    lastId = Math.max(lastId, notice.id);
    for (const subscriber of subscribers) {
      if (!canSee(subscriber.caller, notice)) continue;
      try {
        subscriber.send(toLive(subscriber.caller, notice));
      } catch (error) {
        logger.warn({ err: error }, 'live subscriber failed; dropped');
        subscribers.delete(subscriber);
      }
    }
  }

  /** Events after `afterId` from the log itself (a reconnecting dashboard, or a listener that lost its connection). */
  async function eventsAfter(
    q: Queryable,
    afterId: number,
    caller?: Caller,
    limit = 500,
  ): Promise<EventNotice[]> {
    const own = caller && caller.role !== 'ADMIN';
    return q.query<EventNotice>(
      `select e.id::int as id, e.project_id as "projectId", p.client_id as "clientId", e.action, e.from_status as "from",
              e.to_status as "to", e.at, e.actor_role as "actorRole"
         from project_events e join projects p on p.id = e.project_id
        where e.id > $1${own ? ' and p.client_id = $3' : ''}
        order by e.id limit $2`,
      own ? [afterId, limit, caller.id] : [afterId, limit],
    );
  }

  return {
    async start(): Promise<void> {
      const [row] = await db.query<{ max: number | null }>('select max(id)::int as max from project_events');
      lastId = row?.max ?? 0;
      stopListening = await db.listen(
        'project_events',
        (payload) => dispatch(JSON.parse(payload) as EventNotice),
        () => {
          // The listening connection was lost: replay what the log holds since the last event seen.
          void eventsAfter(db, lastId).then(
            (missed) => missed.forEach(dispatch),
            (error: unknown) => logger.error({ err: error }, 'live catch-up failed'),
          );
        },
      );
    },
    /** Sends `caller` every change it may see from now on; returns the function that stops it. */
    subscribe(caller: Caller, send: (event: LiveProjectEvent) => void): () => void {
      const subscriber = { caller, send };
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    /** What `caller` missed after event `afterId` (at most the last 500 changes). */
    async missed(caller: Caller, afterId: number): Promise<LiveProjectEvent[]> {
      return (await eventsAfter(db, afterId, caller)).map((notice) => toLive(caller, notice));
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
