import { buildTestDatabaseTemplate } from './database-template';

/** jest globalSetup: the database every test copies is migrated once per run (see database-template.ts). */
export default async function globalSetup(): Promise<void> {
  const started = performance.now();
  const remove = await buildTestDatabaseTemplate();
  (globalThis as { removeTestDatabaseTemplate?: () => Promise<void> }).removeTestDatabaseTemplate = remove;
  if (process.env.TEST_LOG_LEVEL)
    console.log(`test database migrated once in ${Math.round(performance.now() - started)} ms`);
}
