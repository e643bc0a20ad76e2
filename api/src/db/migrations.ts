import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';
import { DATA_STEPS, type DataStep } from './data-steps';

const MIGRATION_LOCK = 7_201_011;

/**
 * Applies `migrations/*.sql` in name order, each once, recording them in schema_migrations. API processes that
 * start together take turns (an advisory lock), so each migration runs once. A migration with a data step
 * (data-steps.ts) runs that code instead of SQL, in its place in the order.
 */
export function runMigrations(
  db: Database,
  dir: string,
  steps: Readonly<Record<string, DataStep>> = DATA_STEPS,
): Promise<string[]> {
  return db.withExclusiveLock(MIGRATION_LOCK, () => applyMigrations(db, dir, steps));
}

const statementsOf = (sql: string) => sql.replace(/--.*$/gm, '').trim();

async function applyMigrations(
  db: Database,
  dir: string,
  steps: Readonly<Record<string, DataStep>>,
): Promise<string[]> {
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
    const step = steps[file];
    // Each migration and its record commit together.
    try {
      if (step) {
        // SQL beside a step would be skipped silently: a data step's file holds only what it does, in comments.
        if (statementsOf(sql)) throw new Error('a migration with a data step holds only comments');
        await db.transaction(async (tx) => {
          await step(tx);
          await tx.query('insert into schema_migrations (name) values ($1)', [file]);
        });
      } else
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
