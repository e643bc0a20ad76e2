import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../../', import.meta.url).pathname;
const MIGRATIONS = join(ROOT, 'api', 'migrations');
/**
 * What the migrated database depends on: the migrations, their data steps, the job queue's queues and the
 * versions of the embedded database and the job queue.
 */
const INPUTS = ['src/db/data-steps.ts', 'src/jobs/job-queue.ts', 'src/migrate-cli.ts', 'package.json'].map(
  (file) => join(ROOT, 'api', file),
);
const CACHE = join(ROOT, 'node_modules', '.cache', 'agency-e2e');

function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  for (const file of INPUTS) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The embedded database migrated once (`npm run db:migrate`: the migrations and the job queue's schema and
 * queues), kept by what it was made from. Creating a PGlite cluster and applying every migration takes the API
 * about 4 s of each product's start, and the job queue ~0.4 s more; a copy of this takes milliseconds. Two journeys starting at once may both make it: the first to move its copy in wins.
 */
function migratedDatabase(): string {
  const template = join(CACHE, `db-${templateKey()}`);
  if (existsSync(template)) return template;
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, 'making-'));
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/migrate-cli.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: work, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`npm run db:migrate failed:\n${run.stdout}${run.stderr}`);
    try {
      renameSync(join(work, 'db'), template);
    } catch (error) {
      if (!existsSync(template)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return template;
}

/** Gives a product's fresh data directory the migrated embedded database (DATA_DIR/db, as the API opens it). */
export function seedMigratedDatabase(dataDir: string): void {
  cpSync(migratedDatabase(), join(dataDir, 'db'), { recursive: true });
}
