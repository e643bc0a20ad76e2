import { ReadableStream } from 'node:stream/web';
import { TextEncoder } from 'node:util';
import { subscribeLiveEvents, type LiveStatus } from './live-events';

/** A fetch that answers each call with the next scripted stream (chunks), then fails. */
function scriptedFetch(streams: string[][]) {
  const calls: RequestInit[] = [];
  const fetchFn = jest.fn(async (_url: unknown, init?: RequestInit) => {
    calls.push(init ?? {});
    const chunks = streams.shift();
    if (!chunks) throw new TypeError('network down');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return { ok: true, status: 200, body } as unknown as Response;
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, calls };
}

const event = (id: number, action: string) =>
  `id: ${id}\nevent: project\ndata: ${JSON.stringify({ id, action, projectId: 'p1' })}\n\n`;

describe('subscribeLiveEvents', () => {
  it('reads events split across chunks, then reconnects with Last-Event-ID and resyncs', async () => {
    const first = [
      `event: ready\ndata: {}\n\n: keep-alive\n\n${event(7, 'admin_accept').slice(0, 20)}`,
      `${event(7, 'admin_accept').slice(20)}${event(9, 'admin_edit')}`,
    ];
    const second = ['event: ready\ndata: {}\n\n', event(10, 'ticket_moved')];
    const { fetchFn, calls } = scriptedFetch([first, second]);
    const actions: string[] = [];
    const statuses: LiveStatus[] = [];
    const onResync = jest.fn();
    const stop = subscribeLiveEvents({
      baseUrl: 'http://api.test/',
      getAccessToken: () => 'token-1',
      onEvent: (e) => actions.push(e.action),
      onStatus: (s) => statuses.push(s),
      onResync,
      fetch: fetchFn,
      retry: { firstMs: 1, maxMs: 4 },
    });
    for (let i = 0; i < 100 && actions.length < 3; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    stop();
    expect(actions).toEqual(['admin_accept', 'admin_edit', 'ticket_moved']);
    expect((calls[0]!.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect((calls[0]!.headers as Record<string, string>)['last-event-id']).toBeUndefined();
    expect((calls[1]!.headers as Record<string, string>)['last-event-id']).toBe('9');
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(expect.arrayContaining(['connecting', 'live', 'reconnecting', 'stopped']));
  });

  it('passes on an event that comes after a higher id, skips one replayed again, and resyncs when told', async () => {
    const first = ['event: ready\ndata: {}\n\n', event(11, 'admin_edit'), event(10, 'admin_accept')];
    // The replay after reconnecting starts below Last-Event-ID: 10 and 11 again, then 9 that committed late.
    const second = [
      'event: ready\ndata: {}\n\n',
      event(10, 'admin_accept'),
      event(11, 'admin_edit'),
      event(9, 'ticket_moved'),
      'event: resync\ndata: {}\n\n',
    ];
    const { fetchFn, calls } = scriptedFetch([first, second]);
    const ids: number[] = [];
    const onResync = jest.fn();
    const stop = subscribeLiveEvents({
      baseUrl: 'http://api.test',
      getAccessToken: () => 't',
      onEvent: (e) => ids.push(e.id),
      onResync,
      fetch: fetchFn,
      retry: { firstMs: 1, maxMs: 4 },
    });
    for (let i = 0; i < 100 && onResync.mock.calls.length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    stop();
    expect(ids).toEqual([11, 10, 9]);
    expect((calls[1]!.headers as Record<string, string>)['last-event-id']).toBe('11');
    // Once for coming back, once for the server's resync.
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('backs off while the server is unreachable and stops when asked', async () => {
    const { fetchFn } = scriptedFetch([]);
    const stop = subscribeLiveEvents({
      baseUrl: 'http://api.test',
      getAccessToken: () => 't',
      onEvent: () => undefined,
      fetch: fetchFn,
      retry: { firstMs: 20, maxMs: 40 },
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    stop();
    const attempts = (fetchFn as unknown as jest.Mock).mock.calls.length;
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThan(10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((fetchFn as unknown as jest.Mock).mock.calls.length).toBe(attempts);
  });

  it('a refused token is handed over for renewal before the next attempt, which sends the renewed one', async () => {
    let token = 'expired';
    const sent: string[] = [];
    const fetchFn = jest.fn(async (_url: unknown, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string>).authorization!;
      sent.push(auth);
      if (auth !== 'Bearer renewed') return { ok: false, status: 401, body: null } as unknown as Response;
      return new Promise<Response>(() => {});
    });
    const onUnauthorized = jest.fn(async () => {
      token = 'renewed';
    });
    const stop = subscribeLiveEvents({
      baseUrl: 'http://api.test',
      getAccessToken: () => token,
      onUnauthorized,
      onEvent: () => undefined,
      fetch: fetchFn as unknown as typeof fetch,
      retry: { firstMs: 10, maxMs: 10 },
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    stop();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('expired');
    expect(sent).toEqual(['Bearer expired', 'Bearer renewed']);
  });
});
