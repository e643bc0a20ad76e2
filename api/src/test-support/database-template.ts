import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { openDatabase, type Database } from '../db/database';
import { runMigrations } from '../db/migrations';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteDatabase } from '../db/pglite-database';
import { installJobQueue } from '../jobs/job-queue';

/**
 * A test database made once per jest run and copied per test (jest's globalSetup builds it): every table of
 * `migrations/` and the job queue's schema, and nothing else. A copy is a database of its own, as a fresh one
 * was: an embedded PGlite loaded from the made one's files (`dumpDataDir`/`loadDataDir`, about a second less
 * than initdb and the migrations) or one an earlier test file of the same jest worker put back as the made one
 * is (pglite-pool.cjs: the API suite 82-84 s instead of 103-107 s, 141 CPU-s instead of 178-184), or on
 * PostgreSQL (TEST_DATABASE_URL) a database created from the made one as its TEMPLATE. Without the globalSetup
 * (another runner), each test database is made from scratch.
 */
const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');
/** The file holding the made embedded database (set by the globalSetup, read by the test workers). */
const IMAGE_ENV = 'AGENCY_API_TEST_PGLITE_IMAGE';
/** The name of the made PostgreSQL database. */
const TEMPLATE_ENV = 'AGENCY_API_TEST_PG_TEMPLATE';
/** The pg-boss schema of a test api on its own database. */
export const TEST_JOBS_SCHEMA = 'pgboss';
/** A test api's job queue: workers look for jobs as often as pg-boss allows, and a failed job is retried soon. */
export const TEST_JOB_QUEUE = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 } as const;

async function migrate(db: Database): Promise<void> {
  await runMigrations(db, MIGRATIONS);
  await installJobQueue({
    db,
    logger: pino({ level: 'silent' }),
    schema: TEST_JOBS_SCHEMA,
    retryDelaySeconds: TEST_JOB_QUEUE.retryDelaySeconds,
  });
}

/** Builds the database to copy (jest globalSetup); returns what removes it (globalTeardown). */
export async function buildTestDatabaseTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${randomUUID().replace(/-/g, '')}`;
    const server = await openDatabase({ databaseUrl: serverUrl });
    try {
      await server.exec(`create database ${name}`);
      const db = await openDatabase({ databaseUrl: databaseNamed(serverUrl, name) });
      try {
        await migrate(db);
      } finally {
        // A template may have no connection left when it is copied.
        await db.close();
      }
    } finally {
      await server.close();
    }
    process.env[TEMPLATE_ENV] = name;
    return async () => {
      delete process.env[TEMPLATE_ENV];
      const admin = await openDatabase({ databaseUrl: serverUrl });
      try {
        const left = await admin.query<{ datname: string }>(
          `select datname from pg_database where datname like $1`,
          [`${name}_copy_%`],
        );
        for (const { datname } of left) await admin.exec(`drop database if exists ${datname} with (force)`);
        await admin.exec(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.close();
      }
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-api-test-db-'));
  const file = path.join(dir, 'migrated.tar');
  const db = await openPglite();
  await migrate(db);
  // The cluster's two template databases are two thirds of its files, and every copy unpacks every file; the
  // tests use only the database they connect to.
  await db.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  for (const template of ['template0', 'template1']) await db.exec(`drop database ${template}`);
  const image = await db.dumpDataDir();
  await db.close();
  writeFileSync(file, new Uint8Array(await image.arrayBuffer()));
  process.env[IMAGE_ENV] = file;
  return async () => {
    delete process.env[IMAGE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

export function databaseNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The embedded databases of this jest worker, kept from one test file to the next (pglite-pool.cjs, handed over
 * by jest-environment.cjs); outside jest (the crash tests' API process), this process's own.
 */
type PglitePool = {
  take(imageFile: string, realmDate: DateConstructor): Promise<PGlite>;
  giveBack(imageFile: string, pg: PGlite): Promise<void>;
  writeTo(imageFile: string, dir: string): Promise<void>;
};
const pglitePool =
  (globalThis as { agencyPglitePool?: PglitePool }).agencyPglitePool ??
  (createRequire(path.join(__dirname, 'database-template.ts'))('./pglite-pool.cjs') as PglitePool);

function madeImage(): string | null {
  const file = process.env[IMAGE_ENV];
  return file && existsSync(file) ? file : null;
}

/**
 * A migrated database of the test's own: a copy of the made one when there is one, else a fresh database
 * (migrated by whoever opens it, as before). `databaseUrl` is null on the embedded database.
 */
export async function openDatabaseCopy(): Promise<{
  db: Database;
  databaseUrl: string | null;
  dropDatabase: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const image = madeImage();
    if (!image) return { db: await openDatabase({}), databaseUrl: null, dropDatabase: async () => undefined };
    const pg = await pglitePool.take(image, Date);
    const db = pgliteDatabase(pg, () => pglitePool.giveBack(image, pg));
    return { db, databaseUrl: null, dropDatabase: async () => undefined };
  }
  const template = process.env[TEMPLATE_ENV];
  // Named after the template, so the globalTeardown finds every copy a test could not drop.
  const name = `${template ?? 'test'}_copy_${randomUUID().replace(/-/g, '')}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  await admin.exec(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const databaseUrl = databaseNamed(serverUrl, name);
  const db = await openDatabase({ databaseUrl });
  return {
    db,
    databaseUrl,
    dropDatabase: async () => {
      // Not forced: a connection the test still holds (a second api, an observer) ends with the test, not
      // under it. A database still in use is dropped by the globalTeardown.
      await admin.exec(`drop database if exists ${name}`).catch(() => undefined);
      await admin.close();
    },
  };
}

/**
 * Writes a copy of the made embedded database into `dir`, for an API process started on it (its DATA_DIR/db):
 * it starts on a migrated database instead of creating and migrating one. False without a made one.
 */
export async function seedPgliteDir(dir: string): Promise<boolean> {
  const image = madeImage();
  if (!image) return false;
  await pglitePool.writeTo(image, dir);
  return true;
}
