import { LIVE_EVENT_IDS_REMEMBERED, RecentIds, type LiveProjectEvent } from '@agency/domain';
import { ACCOUNT_ROUTES } from '@agency/domain/routes/account';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface LiveEventsOptions {
  baseUrl: string;
  getAccessToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** The API refused the token (401): renews the session, or signs out, before the next attempt. */
  onUnauthorized?: (token: string) => Promise<unknown>;
  onEvent: (event: LiveProjectEvent) => void;
  /** Called on each change of the connection (a dashboard may say "Reconnecting..."). */
  onStatus?: (status: LiveStatus) => void;
  /**
   * Whatever is shown should be read again: after a reconnection, once the stream is back, and when the server
   * says it missed events it cannot replay.
   */
  onResync?: () => void;
  fetch?: typeof fetch;
  /** Backoff between attempts: first delay and cap, in ms (jittered). */
  retry?: { firstMs: number; maxMs: number };
}

const DEFAULT_RETRY = { firstMs: 1000, maxMs: 30_000 };

/**
 * Follows GET /api/live: Server-Sent Events read with fetch, so the user's token travels in the Authorization
 * header (EventSource cannot send one). Reconnects with jittered exponential backoff and sends Last-Event-ID, so
 * the server replays what happened while it was away. Returns the function that stops it.
 */
export function subscribeLiveEvents(options: LiveEventsOptions): () => void {
  const retry = options.retry ?? DEFAULT_RETRY;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const url = `${options.baseUrl.replace(/\/+$/, '')}${ACCOUNT_ROUTES.liveEvents.path}`;
  // Ids arrive out of order (an event's id is taken before it commits): Last-Event-ID is the highest one, and the
  // server's replay starts a little below it, so the ids already passed on are kept to skip them.
  let lastEventId = 0;
  const passedOn = new RecentIds(LIVE_EVENT_IDS_REMEMBERED);
  let stopped = false;
  let controller: AbortController | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const status = (value: LiveStatus) => options.onStatus?.(value);

  async function connect(): Promise<void> {
    if (stopped) return;
    controller = new AbortController();
    const reconnecting = attempt > 0;
    status(reconnecting ? 'reconnecting' : 'connecting');
    try {
      const token = await options.getAccessToken();
      if (!token) throw new Error('signed out');
      const response = await doFetch(url, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}),
        },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401) await options.onUnauthorized?.(token);
      if (!response.ok || !response.body) throw new Error(`live events answered ${response.status}`);
      await read(response.body, () => {
        attempt = 0;
        status('live');
        if (reconnecting) options.onResync?.();
      });
    } catch {
      // A lost connection, a server restart, a drain: try again below.
    }
    if (stopped) return;
    attempt += 1;
    const delay = Math.min(retry.maxMs, retry.firstMs * 2 ** (attempt - 1));
    status('reconnecting');
    timer = setTimeout(() => void connect(), delay / 2 + Math.random() * (delay / 2));
  }

  async function read(body: ReadableStream<Uint8Array>, onReady: () => void): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        const fields = parseBlock(block);
        if (fields.event === 'ready') onReady();
        if (fields.event === 'resync') options.onResync?.();
        if (fields.event === 'project' && fields.data) {
          if (fields.id) {
            const id = Number(fields.id);
            if (!passedOn.add(id)) continue;
            lastEventId = Math.max(lastEventId, id);
          }
          options.onEvent(JSON.parse(fields.data) as LiveProjectEvent);
        }
      }
    }
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    status('stopped');
  };
}

/** One SSE block's fields (comments and unknown fields dropped; multi-line data joined). */
function parseBlock(block: string): { event?: string; data?: string; id?: string } {
  const fields: { event?: string; data?: string; id?: string } = {};
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') fields.data = fields.data === undefined ? value : `${fields.data}\n${value}`;
    else if (name === 'event' || name === 'id') fields[name] = value;
  }
  return fields;
}
