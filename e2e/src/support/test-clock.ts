import { expectOk } from './api';
import type { RunningProduct } from './product';

/**
 * The clock a journey drives (issue 34): time the test moves forward without waiting. The offline product's API
 * runs a scheduled job at the clock's time on request (POST /ops/test-clock/run, ops/test-clock.ts: the very
 * function its worker runs every minute, served outside production only), so "unseen for 5 minutes" takes no
 * 5 minutes. The clock starts at the real time and only moves forward; the test holds it, so every API replica
 * is told the same time.
 */
export function testClock(product: RunningProduct) {
  let aheadMs = 0;
  const now = () => new Date(Date.now() + aheadMs);
  /** Runs a scheduled job now, as if the time were the clock's; what it did (e.g. e-mails queued). */
  const run = async (job: string): Promise<number> => {
    const response = await fetch(`${product.env.API_URL}/ops/test-clock/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ job, at: now().toISOString() }),
    });
    return (await expectOk<{ result: number }>(response, `test clock: ${job}`)).result;
  };
  return {
    now,
    run,
    /** Moves the clock `minutes` forward and runs the e-mails that respect attention: how many were queued. */
    async advance(minutes: number): Promise<number> {
      aheadMs += minutes * 60_000;
      return run('conversations.unseen-alerts');
    },
  };
}
