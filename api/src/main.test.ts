import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { seedPgliteDir } from './test-support/database-template';

const ROOT = path.join(__dirname, '../..');
const JWT_SECRET = 'main-test-jwt-secret-0123456789-abcdefghijklmnop';
// What the test checks "within the delay" (a few local requests) must fit in it, even on a busy machine.
const SHUTDOWN_DELAY_MS = 1000;

interface Reply {
  status: number;
  body: string;
  connection: string | undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The status and whole body of a response; rejects if the connection breaks before the body ends. */
function readReply(res: http.IncomingMessage): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
    res.on('error', reject);
  });
}

/** A GET on its own connection (agent: false), so no pooled socket outlives it. */
function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers }, (res) =>
        readReply(res).then(resolve, reject),
      )
      .on('error', reject);
  });
}

/** Whether a new TCP connection to the port is refused (the server no longer listens). */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(true) : reject(error),
    );
  });
}

async function poll<T>(attempt: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function signToken(): Promise<string> {
  return new SignJWT({ role: 'authenticated', sub: randomUUID(), email: 'drain@example.test' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** GET /api/live, resolved once the stream has said `ready`; `ended` tells how it finished. */
function openLiveStream(port: number, token: string) {
  return new Promise<{ ended: Promise<'end' | 'reset'>; isOpen: () => boolean }>((resolve, reject) => {
    let open = true;
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/live',
        agent: false,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`/api/live answered ${res.statusCode}`));
        const ended = new Promise<'end' | 'reset'>((settle) => {
          res.once('end', () => settle('end'));
          res.once('error', () => settle('reset'));
          res.once('close', () => settle('reset'));
        }).finally(() => (open = false));
        let received = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received += chunk;
          if (received.includes('event: ready')) resolve({ ended, isOpen: () => open });
        });
      },
    );
    req.on('error', reject);
  });
}

/**
 * A POST whose headers and first half of the body are sent now; `finish()` sends the rest and resolves with
 * the response. Until then the request is under way on the server. Its connection is kept alive, as a proxy's
 * pool keeps it.
 */
async function startSlowPost(port: number, urlPath: string, body: string) {
  const agent = new http.Agent({ keepAlive: true });
  let req!: http.ClientRequest;
  const response = new Promise<Reply>((resolve, reject) => {
    req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => readReply(res).then(resolve, reject),
    );
    req.on('error', reject);
  });
  // Handled when finish() is awaited; until then a broken connection must not count as an unhandled rejection.
  response.catch(() => undefined);
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve) => req.write(body.slice(0, half), () => resolve()));
  return {
    finish: () => {
      req.end(body.slice(half));
      return response;
    },
  };
}

/** The pino lines of the process' output, in the order written. */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

interface ApiProcess {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** Everything the process has written so far, stdout and stderr. */
  output: () => string;
  /** 'close' rather than 'exit': by then everything the process wrote has been read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The API as production runs it (its own process, its own embedded database in `dataDir`), on a free port. */
async function spawnApi(dataDir: string): Promise<ApiProcess> {
  const port = await freePort();
  // Nothing listens there: the first-admin step and Stripe/SMTP never reach a stand-in someone else runs.
  const nowhere = `127.0.0.1:${await freePort()}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      API_PORT: String(port),
      BIND_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SUPABASE_URL: `http://${nowhere}`,
      SUPABASE_JWT_SECRET: JWT_SECRET,
      SUPABASE_JWKS_URL: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_API_URL: `http://${nowhere}`,
      SMTP_URL: `smtp://${nowhere}`,
      METRICS_TOKEN: '',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: '3000',
      // 'draining' and 'stopped' are info lines.
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  child.stderr.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, output: () => output, exited };
}

/** Waits until the process logs `pattern`; fails at once if it exits first. */
function waitForOutput(api: ApiProcess, pattern: RegExp, what: string, timeoutMs = 55_000) {
  return Promise.race([
    poll(async () => (pattern.test(api.output()) ? true : undefined), what, timeoutMs),
    api.exited.then(() => {
      throw new Error(`the API exited before ${what}:\n${api.output()}`);
    }),
  ]);
}

async function stopApi(api: ApiProcess | undefined) {
  if (api && api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGKILL');
    await api.exited;
  }
}

describe('the API process', () => {
  let api: ApiProcess;
  let child: ChildProcessWithoutNullStreams;
  let dataDir: string;
  let port: number;
  let exited: ApiProcess['exited'];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-main-test-'));
    // Its start-up from nothing is the next describe's; this one drains a started process.
    await seedPgliteDir(path.join(dataDir, 'db'));
    api = await spawnApi(dataDir);
    ({ child, port, exited } = api);
    await waitForOutput(api, /api listening on/, 'the API to listen');
  }, 60_000);

  afterAll(async () => {
    await stopApi(api);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is alive and ready before it is asked to stop', async () => {
    expect(await get(port, '/health')).toMatchObject({ status: 200 });
    expect(await get(port, '/ready')).toMatchObject({ status: 200 });
  });

  it('on SIGTERM stops being ready, ends streams, refuses new connections, finishes requests under way and exits 0', async () => {
    const stream = await openLiveStream(port, await signToken());
    const contact = JSON.stringify({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      projectDetails: 'A request that is still arriving while the process drains.',
    });
    const slowPost = await startSlowPost(port, '/api/contact-form', contact);

    child.kill('SIGTERM');

    // Within the shutdown delay: the proxy is told to stop sending, yet the process still answers.
    const notReady = await poll(async () => {
      const reply = await get(port, '/ready').catch((error: Error) => {
        throw new Error(`/ready should answer 503 before connections are refused (${error.message})`);
      });
      return reply.status === 503 ? reply : undefined;
    }, '/ready to answer 503');
    expect(JSON.parse(notReady.body)).toEqual({ ready: false, reason: 'draining' });
    // A kept-alive connection is closed after the answer: the proxy sends nothing more on it.
    expect(await get(port, '/health', { connection: 'keep-alive' })).toMatchObject({
      status: 200,
      connection: 'close',
    });
    expect(stream.isOpen()).toBe(true);

    // After the delay: the live stream is ended by the server (not cut), and the port stops accepting.
    expect(await stream.ended).toBe('end');
    await poll(
      async () => ((await connectionRefused(port)) ? true : undefined),
      'new connections to be refused',
    );

    // The POST begun before the signal still completes, database work included.
    const reply = await slowPost.finish();
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true });

    expect(await exited).toEqual({ code: 0, signal: null });
    const messages = logLines(api.output()).map((line) =>
      line.msg === 'request' ? `request ${line.method} ${line.path} ${line.status}` : line.msg,
    );
    const draining = messages.indexOf('draining');
    const contactAnswered = messages.indexOf('request POST /api/contact-form 200');
    const stopped = messages.indexOf('stopped');
    expect(draining).toBeGreaterThanOrEqual(0);
    expect(contactAnswered).toBeGreaterThan(draining);
    expect(stopped).toBeGreaterThan(contactAnswered);
    // The kept-alive connection of the POST was closed once idle: nothing had to be cut.
    expect(messages).not.toContain('drain cut the connections left');
    expect(messages).not.toContain('drain timed out; exiting');
  }, 30_000);
});

describe('the API process asked to stop while it starts', () => {
  let api: ApiProcess | undefined;
  let dataDir: string;

  afterAll(async () => {
    await stopApi(api);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes starting, then stops cleanly (exit 0) instead of dying mid-step, and its database opens again', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-main-test-'));
    api = await spawnApi(dataDir);
    // The embedded database's folder appears while it is being created, after the process listens for signals
    // and well before it is ready: migrations, then the job queue's own schema, come after.
    await poll(async () => (existsSync(path.join(dataDir, 'db')) ? true : undefined), 'the database folder');
    api.child.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    const messages = logLines(api.output()).map((line) => line.msg);
    const waited = messages.indexOf('stopping once start-up finishes');
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(messages.indexOf('draining')).toBeGreaterThan(waited);
    expect(messages.indexOf('stopped')).toBeGreaterThan(messages.indexOf('draining'));
    expect(api.output()).toMatch(/api listening on/);

    // What it wrote is whole: the same data directory starts again.
    api = await spawnApi(dataDir);
    await waitForOutput(api, /api listening on/, 'the API to listen again');
    expect(await get(api.port, '/ready')).toMatchObject({ status: 200 });
  }, 120_000);
});
