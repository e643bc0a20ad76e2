import type { Database } from '../../db/database';
import { createUserDirectory } from './user-directory';

type Row = { role: string; full_name: string | null };

/** A PostgreSQL-like database whose role reads are answered by the test, and whose NOTIFYs the test sends. */
function fakeDatabase() {
  const reads: Array<(rows: Row[]) => void> = [];
  let notify: (payload: string) => void = () => {};
  const db = {
    kind: 'postgres',
    query: jest.fn(() => new Promise<Row[]>((resolve) => reads.push(resolve))),
    transaction: jest.fn((work: (tx: { query: () => Promise<unknown[]> }) => Promise<unknown>) =>
      work({ query: async () => [] }),
    ),
    readThrough: <T>(_key: string, load: () => Promise<T>) => load(),
    listen: jest.fn(async (_channel: string, handler: (payload: string) => void) => {
      notify = handler;
      return async () => {};
    }),
  } as unknown as Database & { query: jest.Mock };
  return { db, answerRead: (rows: Row[]) => reads.shift()!(rows), notify: (id: string) => notify(id) };
}

const claims = { sub: 'user-1', email: 'ada@example.test', fullName: 'Ada' };

test('a role read while the change that replaced it was announced is not kept', async () => {
  const { db, answerRead, notify } = fakeDatabase();
  const directory = createUserDirectory(db);
  await directory.start();

  const first = directory.resolveCaller(claims);
  await new Promise((resolve) => setImmediate(resolve));
  notify('user-1'); // The role change commits while the read is under way…
  answerRead([{ role: 'ADMIN', full_name: 'Ada' }]); // …which still saw the old role.
  expect((await first).role).toBe('ADMIN');

  const second = directory.resolveCaller(claims);
  await new Promise((resolve) => setImmediate(resolve));
  expect(db.query).toHaveBeenCalledTimes(2);
  answerRead([{ role: 'CLIENT', full_name: 'Ada' }]);
  expect((await second).role).toBe('CLIENT');

  // With no change meanwhile, the answer is kept: the next request needs no query.
  expect((await directory.resolveCaller(claims)).role).toBe('CLIENT');
  expect(db.query).toHaveBeenCalledTimes(2);
});
