import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import pino from 'pino';
import { bearerToken, createAccessTokenVerifier } from '../../http/access-token';
import type { AppEnv } from '../../http/app-env';
import type { Lifecycle } from '../../ops/ops-routes';
import { insertFixtureProject, startTestApi, type TestApi } from '../../test-support/test-api';
import { createUserDirectory, type UserDirectory } from '../users/user-directory';
import { createLiveHub, type LiveHub } from './live-hub';
import { MAX_UNSENT_BYTES, registerLiveRoutes } from './routes';

/**
 * GET /api/live served in-process (app.request), so a reader that stops reading holds the stream back at once
 * (over a socket the kernel's buffers would take megabytes first), with tokens whose expiry the test chooses.
 */
const JWT_SECRET = 'live-stream-test-secret-0123456789-abcdefghijklmn';
const logger = pino({ level: 'silent' });

let api: TestApi;
let users: UserDirectory;
let hub: LiveHub;
let app: Hono<AppEnv>;
const lifecycle: Lifecycle = { draining: false, onDrain: [] };

beforeAll(async () => {
  api = await startTestApi();
  users = createUserDirectory(api.db);
  await users.start();
  hub = createLiveHub({ db: api.db, logger });
  await hub.start();
  app = liveApp();
});

/** The live routes on their own app; `heartbeatMs` shortens the heartbeat (and so the stall rule). */
function liveApp(options?: { heartbeatMs: number }) {
  const verifyAccessToken = createAccessTokenVerifier({ jwtSecret: JWT_SECRET });
  const live = new Hono<AppEnv>();
  live.use('*', async (c, next) => {
    c.set('log', logger);
    const token = bearerToken(c.req.header('authorization'));
    c.set('caller', token ? await users.resolveCaller(await verifyAccessToken(token)) : undefined);
    await next();
  });
  registerLiveRoutes(live, { db: api.db, users, verifyAccessToken, ops: { lifecycle } }, hub, options);
  return live;
}
afterAll(async () => {
  await hub.stop();
  await users.stop();
  await api.close();
});

async function until(accept: () => boolean, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!accept() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return accept();
}

/** A user with a token that expires `expiresInSeconds` from now; ADMIN role when asked. */
async function signIn(name: string, options: { role?: 'ADMIN'; expiresInSeconds?: number } = {}) {
  const id = randomUUID();
  const email = `${name}@example.test`;
  if (options.role)
    await api.db.transaction((tx) => users.setRole(tx, { id, email, fullName: name }, 'ADMIN'));
  const token = await new SignJWT({ role: 'authenticated', sub: id, email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('authenticated')
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 3600))
    .sign(new TextEncoder().encode(JWT_SECRET));
  return { id, email, token };
}

/** Opens the stream and reads it until `ready`; `keepReading()` then reads on, as a live browser tab does. */
async function openStream(token: string, on = app) {
  const response = await on.request('/api/live', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const state = { text: '', ended: false };
  const readOnce = async () => {
    const { done, value } = await reader.read();
    if (done) state.ended = true;
    else state.text += decoder.decode(value, { stream: true });
  };
  while (!state.text.includes('event: ready') && !state.ended) await readOnce();
  return {
    state,
    projectEvents: () => state.text.match(/^event: project$/gm)?.length ?? 0,
    keepReading: () =>
      void (async () => {
        while (!state.ended) await readOnce();
      })(),
    /** Whether the stream ends (reads what is left of it). */
    ends: async (timeoutMs = 3000) => {
      void (async () => {
        while (!state.ended) await readOnce();
      })();
      return until(() => state.ended, timeoutMs);
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

const insertEvents = (projectId: string, count: number) =>
  api.db.query(
    `insert into project_events (project_id, actor_role, action)
     select $1, 'CLIENT', 'client_edit' from generate_series(1, $2::int)`,
    [projectId, count],
  );

describe('a live stream whose reader stops reading', () => {
  it('is dropped once it holds more than its cap, while a reading stream gets every event', async () => {
    const admin = await signIn('cap-admin', { role: 'ADMIN' });
    const projectId = await insertFixtureProject(api.db, await api.user('cap-client'));
    const reading = await openStream(admin.token);
    const stalled = await openStream(admin.token);
    reading.keepReading();
    try {
      expect(hub.subscriberCount).toBe(2);
      // Each event takes ~200 bytes on the stream: twice the cap in all, in bursts the reader takes at once.
      const batch = 100;
      const batches = Math.ceil((2 * MAX_UNSENT_BYTES) / (200 * batch));
      for (let i = 1; i <= batches; i++) {
        await insertEvents(projectId, batch);
        expect(await until(() => reading.projectEvents() === i * batch)).toBe(true);
      }
      expect(await until(() => hub.subscriberCount === 1)).toBe(true);
      expect(await stalled.ends()).toBe(true);
      expect(reading.state.ended).toBe(false);
    } finally {
      await Promise.all([reading.cancel(), stalled.cancel()]);
    }
  });

  it('is dropped when its reader takes nothing for a heartbeat, while a quiet stream that is read stays open', async () => {
    const quick = liveApp({ heartbeatMs: 200 });
    const client = await signIn('stalling');
    const stalled = await openStream(client.token, quick);
    const reading = await openStream(client.token, quick);
    reading.keepReading();
    try {
      expect(hub.subscriberCount).toBe(2);
      // No event at all: the stalled reader leaves its first keep-alive untaken, and the next heartbeat drops it.
      expect(await until(() => hub.subscriberCount === 1)).toBe(true);
      expect(await stalled.ends()).toBe(true);
      expect(await until(() => (reading.state.text.match(/^: keep-alive$/gm)?.length ?? 0) >= 5)).toBe(true);
      expect(reading.state.ended).toBe(false);
      expect(hub.subscriberCount).toBe(1);
    } finally {
      await Promise.all([reading.cancel(), stalled.cancel()]);
    }
  });
});

describe('access on a live stream', () => {
  it('ends when the access token expires', async () => {
    const client = await signIn('expiring', { expiresInSeconds: 2 });
    const lasting = await signIn('lasting');
    const [expiring, open] = [await openStream(client.token), await openStream(lasting.token)];
    open.keepReading();
    try {
      expect(await expiring.ends(4000)).toBe(true);
      expect(open.state.ended).toBe(false);
    } finally {
      await Promise.all([expiring.cancel(), open.cancel()]);
    }
  });

  it('ends when the caller’s role changes (a demoted admin stops getting every project’s events)', async () => {
    const demoted = await signIn('demoted', { role: 'ADMIN' });
    const other = await signIn('other-admin', { role: 'ADMIN' });
    const [stream, unaffected] = [await openStream(demoted.token), await openStream(other.token)];
    unaffected.keepReading();
    try {
      await api.db.query(`update user_roles set role = 'CLIENT' where user_id = $1`, [demoted.id]);
      expect(await stream.ends()).toBe(true);
      expect(unaffected.state.ended).toBe(false);
      // Reconnecting, the same token is checked again: a client now, who does not see others' projects.
      const again = await openStream(demoted.token);
      const projectId = await insertFixtureProject(api.db, await api.user('someone-else'));
      again.keepReading();
      await insertEvents(projectId, 1);
      expect(await until(() => unaffected.projectEvents() === 1)).toBe(true);
      expect(again.projectEvents()).toBe(0);
      await again.cancel();
    } finally {
      await Promise.all([stream.cancel(), unaffected.cancel()]);
    }
  });
});
