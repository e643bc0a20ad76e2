import { dateTime, shortDate } from './date-time';

// Local times (no zone), so the expected text holds in any time zone.
test('a day reads "Nov 23, 2026"', () => {
  expect(shortDate('2026-11-23T20:05:00')).toBe('Nov 23, 2026');
  expect(shortDate('2026-01-02T00:00:00')).toBe('Jan 2, 2026');
});

test('a moment reads to the minute, "Nov 23, 2026, 8:05 PM"', () => {
  expect(dateTime('2026-11-23T20:05:00')).toBe('Nov 23, 2026, 8:05 PM');
  expect(dateTime('2026-11-23T09:00:59')).toBe('Nov 23, 2026, 9:00 AM');
});

test('an unreadable date is shown as given', () => {
  expect(shortDate('someday')).toBe('someday');
  expect(dateTime('')).toBe('');
});
