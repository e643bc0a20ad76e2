import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { LOCAL_DEFAULTS, RATE_LIMITS, type ProjectState, NEW_PROJECT_STATE } from '@agency/domain';
import { createApp } from '../app';
import type { AppConfig } from '../app-deps';
import { openDatabase, type Database } from '../db/database';
import { runMigrations } from '../db/migrations';
import { createUserDirectory } from '../features/users/user-directory';
import { createAccessTokenVerifier } from '../http/access-token';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { RecordingPayments } from './recording-payments';

const JWT_SECRET = 'test-secret-for-api-tests-0123456789-abcdefghijklmnop';
const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A mailer that keeps what it was asked to send; `failing` makes every send throw. */
export class RecordingMailer implements Mailer {
  sent: OutgoingMail[] = [];
  failing = false;
  async send(mail: OutgoingMail): Promise<void> {
    if (this.failing) throw new Error('SMTP is down');
    this.sent.push(mail);
  }
}

export interface TestApi {
  url: string;
  db: Database;
  payments: RecordingPayments;
  mailer: RecordingMailer;
  clientA: TestUser;
  clientB: TestUser;
  admin: TestUser;
  signToken(claims: Record<string, unknown>, secret?: string): Promise<string>;
  // Tests read response bodies ad hoc; a loose type keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(method: string, route: string, options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * A real api over HTTP on a free port with a fresh database: in-memory PGlite, or a fresh schema in the
 * PostgreSQL server named by TEST_DATABASE_URL. Payments and mail are recording fakes.
 */
export async function startTestApi(overrides: Partial<AppConfig> = {}): Promise<TestApi> {
  const { db, dropDatabase } = await openTestDatabase();
  await runMigrations(db, MIGRATIONS);
  const payments = new RecordingPayments();
  const mailer = new RecordingMailer();
  const users = createUserDirectory(db);
  const config: AppConfig = {
    publicSiteUrl: LOCAL_DEFAULTS.publicSiteUrl,
    contactInbox: LOCAL_DEFAULTS.contactInbox,
    allowedOrigins: [...LOCAL_DEFAULTS.allowedOrigins],
    trustProxy: false,
    rateLimits: {
      contactForm: { ...RATE_LIMITS.contactForm, limit: 1000 },
      consultationRequest: { ...RATE_LIMITS.consultationRequest, limit: 1000 },
    },
    maxBodyBytes: 64 * 1024,
    ...overrides,
  };
  const app = createApp({
    db,
    payments,
    mailer,
    verifyAccessToken: createAccessTokenVerifier({ jwtSecret: JWT_SECRET }),
    users,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    config,
  });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: s, port: info.port }),
    );
  });
  const url = `http://127.0.0.1:${port}`;

  const signToken = (claims: Record<string, unknown>, secret = JWT_SECRET) =>
    new SignJWT({ role: 'authenticated', ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));

  const user = async (name: string): Promise<TestUser> => {
    const id = randomUUID();
    const email = `${name}@example.test`;
    return { id, email, token: await signToken({ sub: id, email, user_metadata: { full_name: name } }) };
  };
  const clientA = await user('client-a');
  const clientB = await user('client-b');
  const admin = await user('admin');
  await db.transaction((tx) => users.setRole(tx, { id: admin.id, email: admin.email, fullName: 'admin' }, 'ADMIN'));

  const call: TestApi['call'] = async (method, route, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${url}${route}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  return {
    url,
    db,
    payments,
    mailer,
    clientA,
    clientB,
    admin,
    signToken,
    call,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await db.close();
      await dropDatabase();
    },
  };
}

async function openTestDatabase(): Promise<{ db: Database; dropDatabase: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { db: await openDatabase({}), dropDatabase: async () => undefined };
  const schema = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  await admin.exec(`create schema ${schema}`);
  const scoped = new URL(serverUrl);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ databaseUrl: scoped.toString() });
  return {
    db,
    dropDatabase: async () => {
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

export type FixtureState = 'pending' | 'awaitingClient' | 'active' | 'pendingFinalPayment' | 'completed';

const FIXTURE_STATES: Record<FixtureState, Omit<ProjectState, 'tier'>> = {
  pending: NEW_PROJECT_STATE,
  awaitingClient: { ...NEW_PROJECT_STATE, admin_approval_status: 'accepted' },
  active: {
    ...NEW_PROJECT_STATE,
    status: 'active',
    admin_approval_status: 'accepted',
    client_approval_status: 'accepted',
    overall_status: 'accepted',
    is_active: true,
  },
  pendingFinalPayment: {
    ...NEW_PROJECT_STATE,
    status: 'pending_final_payment',
    admin_approval_status: 'accepted',
    client_approval_status: 'accepted',
    overall_status: 'accepted',
    is_active: true,
  },
  completed: {
    ...NEW_PROJECT_STATE,
    status: 'completed',
    admin_approval_status: 'accepted',
    client_approval_status: 'accepted',
    overall_status: 'accepted',
  },
};

/** Inserts a project straight into the database in the given state, owned by `owner` (profile created). */
export async function insertFixtureProject(
  db: Database,
  owner: TestUser,
  options: { tier?: number; state?: FixtureState; paymentIntentId?: string } = {},
): Promise<string> {
  const tier = options.tier ?? 3;
  const s = FIXTURE_STATES[options.state ?? 'pending'];
  await db.query(`insert into profiles (id, email) values ($1, $2) on conflict (id) do nothing`, [owner.id, owner.email]);
  const fixedPrice = tier === 1 || tier === 2;
  const [row] = await db.query<{ id: string }>(
    `insert into projects (title, description, tier, client_id, client_name, client_email, cost, downpayment,
       stripe_payment_intent_id, status, admin_approval_status, client_approval_status, overall_status, is_active)
     values ($1, 'A fixture project', $2, $3, 'Client Name', $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      `Fixture tier ${tier}`,
      tier,
      owner.id,
      owner.email,
      fixedPrice ? (tier === 1 ? 500 : 1400) : 15000,
      fixedPrice ? (tier === 1 ? 250 : 700) : null,
      options.paymentIntentId ?? (fixedPrice ? `pi_${randomUUID()}` : null),
      s.status,
      s.admin_approval_status,
      s.client_approval_status,
      s.overall_status,
      s.is_active,
    ],
  );
  return row!.id;
}

export async function insertFixtureTicket(db: Database, projectId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into tickets (title, project_id, board_type) values ('Fixture ticket', $1, 'main') returning id`,
    [projectId],
  );
  return row!.id;
}
