import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

const MIGRATION_LOCK = 7_201_011;

/**
 * Applies `migrations/*.sql` in name order, each once, recording them in schema_migrations. API processes that
 * start together take turns (an advisory lock), so each migration runs once.
 */
export function runMigrations(db: Database, dir: string): Promise<string[]> {
  return db.withExclusiveLock(MIGRATION_LOCK, () => applyMigrations(db, dir));
}

async function applyMigrations(db: Database, dir: string): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
  );
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const newlyApplied: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    // Each migration and its record commit together.
    try {
      await db.exec(
        `begin;\n${sql}\n;insert into schema_migrations (name) values ('${file.replace(/'/g, "''")}');\ncommit;`,
      );
    } catch (error) {
      await db.exec('rollback').catch(() => undefined);
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    newlyApplied.push(file);
  }
  return newlyApplied;
}
