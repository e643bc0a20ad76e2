/**
 * An API process for the crash tests (money/money-crash.test.ts), started with fork() and an IPC
 * channel: the real API of the tests (startTestApi) on a database that outlives it and on the parent's Stripe
 * stand-in. Told a crash point, it kills itself with SIGKILL when a money operation reaches it: no handler, no
 * flush, no rollback runs, exactly as `kill -9` from outside, but at a step chosen to the line.
 *
 * Crash points: `<journal step>:answered` (Stripe did the call; the answer dies with the process),
 * `<journal step>:journalled` (the answer is written down, nothing after it ran) and `commit` (inside the
 * transaction that writes the state change, before it commits). A step matches by prefix (`cancel-`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Message = { id: number; cmd: 'crashAt' | 'query' | 'user' | 'call' | 'leasesRunOut'; args: never[] };

// The test support reads files beside itself through __dirname (it is compiled to CommonJS under jest); this
// process runs it compiled to one ES module elsewhere (money-crash.test.ts), or from source under tsx.
Object.assign(globalThis, {
  __dirname: process.env.CRASH_SUPPORT_DIR ?? path.dirname(fileURLToPath(import.meta.url)),
});
const { startTestApi } = await import('./test-api');
// The Storage stand-in's directory goes under the parent's, which removes it: a killed process cannot.
if (process.env.CRASH_TMPDIR) process.env.TMPDIR = process.env.CRASH_TMPDIR;

let crashPoint: string | null = null;
const crashIf = (step: string, phase?: 'answered' | 'journalled') => {
  if (!crashPoint) return;
  const [wanted, wantedPhase] = crashPoint.split(':');
  if (step.startsWith(wanted!) && wantedPhase === phase) process.kill(process.pid, 'SIGKILL');
};

const api = await startTestApi({
  stripe: { url: process.env.CRASH_STRIPE_URL! },
  database: JSON.parse(process.env.CRASH_DATABASE!) as { pgliteDir?: string; databaseUrl?: string },
  moneyFaults: { beforeCommit: () => crashIf('commit') },
});
api.hooks.beforeJournalAnswer = ({ name }) => crashIf(name, 'answered');
api.hooks.afterStripeCall = ({ name }) => crashIf(name, 'journalled');

const commands: Record<Message['cmd'], (...args: never[]) => unknown> = {
  crashAt: (point: string | null) => {
    crashPoint = point;
  },
  query: (sql: string, params?: unknown[]) => api.db.query(sql, params),
  leasesRunOut: (projectId: string) => api.leasesRunOut(projectId),
  user: (name: string, role?: 'ADMIN') => api.user(name, role),
  call: (method: string, route: string, options?: Parameters<typeof api.call>[2]) =>
    api.call(method, route, options).then(({ status, body }) => ({ status, body })),
};

process.on('message', (message: Message) => {
  Promise.resolve()
    .then(() => commands[message.cmd](...message.args))
    .then(
      (result) => process.send!({ id: message.id, result }),
      (error: unknown) => process.send!({ id: message.id, error: String((error as Error)?.stack ?? error) }),
    );
});
process.send!({ ready: api.url });
