import net from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { listenWithReconnect, type ListenTiming } from './postgres-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(accept: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!accept() && Date.now() < deadline) await sleep(20);
}

/**
 * A TCP proxy in front of the test's PostgreSQL. `down()` is a restart as the listener sees it: every connection
 * is cut and new ones fail until `up()`. `freeze()` is a failover without a FIN: the open connections stay open
 * but nothing passes any more, while new connections work.
 */
async function startProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  let refusing = false;
  const proxy = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('close', close).on('error', close);
    server.on('close', close).on('error', close);
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((proxy.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    get openConnections() {
      return pairs.size;
    },
    down() {
      refusing = true;
      for (const { client, server } of pairs) {
        client.destroy();
        server.destroy();
      }
    },
    up() {
      refusing = false;
    },
    freeze() {
      for (const { client, server } of pairs) {
        client.unpipe(server);
        server.unpipe(client);
      }
    },
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

const databaseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = databaseUrl ? it : it.skip;

describe('LISTEN on PostgreSQL, across a lost connection', () => {
  let notifier: pg.Client;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeEach(async () => {
    if (!databaseUrl) return;
    notifier = new pg.Client({ connectionString: databaseUrl });
    await notifier.connect();
    proxy = await startProxy(databaseUrl);
  });
  afterEach(async () => {
    if (!databaseUrl) return;
    await notifier.end();
    proxy.down();
    await proxy.close();
  });
  const notify = (channel: string, payload: string) =>
    notifier.query('select pg_notify($1, $2)', [channel, payload]);

  /** Listens on a fresh channel through the proxy: what it received, and how many gaps it was told of. */
  async function listenThroughProxy(timing?: ListenTiming) {
    const channel = `listen_test_${randomUUID().slice(0, 8)}`;
    const received: string[] = [];
    const gaps = { count: 0 };
    const stop = await listenWithReconnect(
      proxy.url,
      channel,
      (payload) => received.push(payload),
      () => gaps.count++,
      timing,
    );
    return { channel, received, gaps, stop };
  }

  onPostgres(
    'after the database was away a while, exactly one connection listens again, and stop() closes it',
    async () => {
      const { channel, received, gaps, stop } = await listenThroughProxy();
      expect(proxy.openConnections).toBe(1);

      // Several connect attempts fail while it is away (backoff 250, 500, 1000, 2000 ms).
      proxy.down();
      await sleep(3000);
      proxy.up();
      await until(() => gaps.count > 0, 5000);
      // Time for any second reconnect chain to connect as well.
      await sleep(3000);
      await notify(channel, 'after-restart');
      await until(() => received.length > 0, 2000);
      await sleep(300);
      expect(received).toEqual(['after-restart']);
      expect(gaps.count).toBe(1);
      expect(proxy.openConnections).toBe(1);

      await stop();
      await until(() => proxy.openConnections === 0, 2000);
      expect(proxy.openConnections).toBe(0);
      // Nothing reconnects once stopped.
      await sleep(1000);
      await notify(channel, 'after-stop');
      await sleep(300);
      expect(proxy.openConnections).toBe(0);
      expect(received).toEqual(['after-restart']);
    },
  );

  onPostgres('a connection left half-open is found by the liveness query and replaced', async () => {
    const { channel, received, gaps, stop } = await listenThroughProxy({
      livenessIntervalMs: 200,
      timeoutMs: 500,
    });
    try {
      proxy.freeze();
      await until(() => gaps.count > 0, 5000);
      expect(gaps.count).toBe(1);
      await notify(channel, 'after-failover');
      await until(() => received.length > 0, 2000);
      expect(received).toEqual(['after-failover']);
    } finally {
      await stop();
    }
  });
});
