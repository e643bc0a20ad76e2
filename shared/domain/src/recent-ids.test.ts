import { RecentIds } from './recent-ids';

test('remembers the newest ids only, each once, in whatever order they come', () => {
  const ids = new RecentIds(2);
  expect([ids.add(11), ids.add(10), ids.add(11)]).toEqual([true, true, false]);
  expect(ids.add(12)).toBe(true);
  // 11 was added first: it is the one forgotten.
  expect([ids.add(11), ids.add(12)]).toEqual([true, false]);
});
