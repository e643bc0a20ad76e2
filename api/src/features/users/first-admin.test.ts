import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { pino } from 'pino';
import { AuthStore } from '@agency/local-cloud/src/auth/auth-store';
import { createAuthService } from '@agency/local-cloud/src/auth/auth-service';
import { createTokenSigner } from '@agency/local-cloud/src/auth/auth-tokens';
import type { Database } from '../../db/database';
import { runMigrations } from '../../db/migrations';
import { openTestDatabase } from '../../test-support/test-api';
import { ensureFirstAdmin } from './first-admin';
import { createUserDirectory, type UserDirectory } from './user-directory';

/** ADMIN_EMAIL's account against the offline auth service, as the API does when it starts. */
const SECRET = 'first-admin-test-secret-0123456789-0123456789';
const logger = pino({ level: 'silent' });

let db: Database;
let dropDatabase: () => Promise<void>;
let users: UserDirectory;
let server: ServerType;
let authUrl = '';
const dir = mkdtempSync(path.join(tmpdir(), 'first-admin-'));

beforeAll(async () => {
  ({ db, dropDatabase } = await openTestDatabase());
  await runMigrations(db, path.join(__dirname, '../../../migrations'));
  users = createUserDirectory(db);
  const app = createAuthService({
    store: new AuthStore(path.join(dir, 'users.json')),
    signer: createTokenSigner(SECRET, () => `${authUrl}/auth/v1`),
    publicUrl: () => authUrl,
    siteUrl: 'http://localhost:3000',
    allowedOrigins: [],
    sendMail: async () => undefined,
    logger,
    bcryptRounds: 4,
  });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      authUrl = `http://127.0.0.1:${info.port}`;
      resolve(s);
    });
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

const start = (email: string) =>
  ensureFirstAdmin(db, users, logger, {
    supabaseUrl: authUrl,
    jwtSecret: SECRET,
    email,
    password: 'first-admin-password',
    attempts: 1,
  });
const roleOf = async (id: string) =>
  (await db.query<{ role: string }>('select role from user_roles where user_id = $1', [id]))[0]?.role;

describe('the first admin', () => {
  it('is made an admin once: demoted later, it stays demoted when the API starts again', async () => {
    const { id } = await start('owner@example.test');
    expect(await roleOf(id)).toBe('ADMIN');
    expect(await start('owner@example.test')).toEqual({ id });

    await db.query(`update user_roles set role = 'CLIENT' where user_id = $1`, [id]);
    expect(await start('owner@example.test')).toEqual({ id });
    expect(await roleOf(id)).toBe('CLIENT');

    // Another ADMIN_EMAIL is another first admin.
    const next = await start('next-owner@example.test');
    expect(await roleOf(next.id)).toBe('ADMIN');
  });
});
