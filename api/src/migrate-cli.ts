import { fileURLToPath } from 'node:url';
import { readApiConfig } from './config';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrations';
import { installJobQueue } from './jobs/job-queue';
import { pino } from 'pino';

// `npm run db:migrate`: applies what the API would apply at start, and nothing else: the migrations, then the job
// queue's schema and queues. A release step before replicas roll (they would take turns on the same lock
// anyway), and how the journeys make, once, the migrated embedded database each product they start begins from
// (e2e/src/support/database-template.ts).
const config = readApiConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const applied = await runMigrations(db, fileURLToPath(new URL('../migrations', import.meta.url)));
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'the database is up to date');
  await installJobQueue({ db, logger: pino({ level: 'warn' }) });
} finally {
  await db.close();
}
