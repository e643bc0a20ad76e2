import { describePreferredSlot, isTimeZone, pastPartOf, wallClock } from './preferred-slot';

describe('preferred slot', () => {
  const now = new Date('2026-12-31T23:30:00Z');

  it('reads the wall clock of a time zone', () => {
    expect(wallClock('UTC', now)).toEqual({ date: '2026-12-31', time: '23:30' });
    expect(wallClock('Pacific/Kiritimati', now)).toEqual({ date: '2027-01-01', time: '13:30' });
    expect(wallClock('America/Los_Angeles', now)).toEqual({ date: '2026-12-31', time: '15:30' });
  });

  it('names the past part of a slot', () => {
    expect(pastPartOf({ date: '2026-12-31', timeZone: 'Pacific/Kiritimati' }, now)).toBe('date');
    expect(pastPartOf({ date: '2026-12-31', time: '15:00', timeZone: 'America/Los_Angeles' }, now)).toBe(
      'time',
    );
    expect(pastPartOf({ date: '2026-12-31', time: '16:00', timeZone: 'America/Los_Angeles' }, now)).toBe(
      undefined,
    );
    expect(pastPartOf({ date: '2027-01-01', time: '09:00', timeZone: 'Europe/Berlin' }, now)).toBe(undefined);
    expect(pastPartOf({ time: '00:00', timeZone: 'UTC' }, now)).toBe(undefined);
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Europe/Nowhere')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(100))).toBe(false);
  });

  it('describes a slot in the sender’s own terms', () => {
    expect(describePreferredSlot({ date: '2026-12-08', time: '14:30', timeZone: 'Europe/Berlin' })).toBe(
      'Tue, Dec 8, 2026 at 14:30 (Europe/Berlin)',
    );
    expect(describePreferredSlot({ date: '2026-12-08' })).toBe('Tue, Dec 8, 2026 (time zone not given)');
    expect(describePreferredSlot({})).toBeUndefined();
  });
});
