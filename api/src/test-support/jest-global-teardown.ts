/** jest globalTeardown: removes the database the globalSetup made. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { removeTestDatabaseTemplate?: () => Promise<void> }).removeTestDatabaseTemplate?.();
}
