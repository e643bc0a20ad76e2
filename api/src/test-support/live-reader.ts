import type { LiveProjectEvent } from '@agency/domain';
import type { TestApi, TestUser } from './test-api';

/**
 * Reads GET /api/live as the portals do (fetch with the user's token), collecting `project` events; resolves
 * once the stream says `ready`. `lastEventId` resumes after that event, as a reconnecting portal does.
 */
export async function openLive(target: Pick<TestApi, 'url'>, user: TestUser, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${target.url}/api/live`, {
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(lastEventId !== undefined && { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const events: LiveProjectEvent[] = [];
  let ready = false;
  let ended = false;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type === 'ready') ready = true;
          if (type === 'project' && data) events.push(JSON.parse(data) as LiveProjectEvent);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  const until = async <T>(read: () => T, accept: (value: T) => boolean, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    while (!accept(read()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return read();
  };
  await until(() => ready, Boolean);
  return {
    response,
    events,
    /** Resolves with the events once one matches (or after the timeout, for "nothing arrived" checks). */
    waitFor: (match: (event: LiveProjectEvent) => boolean, timeoutMs?: number) =>
      until(
        () => events.filter(match),
        (found) => found.length > 0,
        timeoutMs,
      ),
    ended: () => until(() => ended, Boolean),
    close: () => controller.abort(),
  };
}
