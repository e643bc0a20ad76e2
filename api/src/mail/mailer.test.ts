import type { OutgoingMail } from './mailer';
import { startTestApi } from '../test-support/test-api';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (accept: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!accept() && Date.now() < deadline) await sleep(50);
  return accept();
};

describe('mail jobs', () => {
  it('a mail whose worker is stopped mid-send is sent once, though its job is retried on another process', async () => {
    const api = await startTestApi();
    const replica = await startTestApi({ sameDatabaseAs: api });
    try {
      // The first send is an SMTP exchange that is still under way when its process stops.
      let finishFirstSend = () => undefined as void;
      const firstSendUnderWay = new Promise<void>((resolve) => (finishFirstSend = resolve));
      const processes = { api, replica };
      const sends: (keyof typeof processes)[] = [];
      for (const name of ['api', 'replica'] as const) {
        processes[name].mailer.send = async () => {
          sends.push(name);
          if (sends.length === 1) await firstSendUnderWay;
        };
      }
      const mail: OutgoingMail = { to: 'client@example.test', subject: 'Once', text: 'Hello' };
      await api.jobs.send('mail.send', mail);
      expect(await until(() => sends.length === 1, 10_000)).toBe(true);
      const sending = sends[0]!;
      const other = processes[sending === 'api' ? 'replica' : 'api'];
      // Past its timeout pg-boss fails the running job; the other process takes the retry.
      await processes[sending].jobs.stop({ timeoutMs: 1000 });
      await sleep(3000);
      finishFirstSend();
      await other.jobs.idle(['mail.send'], 20_000);
      expect(sends).toEqual([sending]);
      const jobs = await api.db.query<{ state: string; retry_count: number }>(
        `select state, retry_count from ${api.jobsSchema}.job where name = 'mail.send'`,
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: expect.any(Number) }]);
      expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
    } finally {
      await replica.close();
      await api.close();
    }
  }, 60_000);
});
