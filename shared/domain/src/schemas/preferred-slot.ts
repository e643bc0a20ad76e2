import { SCHEDULING_MESSAGES as M } from '../messages/scheduling';

/**
 * A consultation's preferred date and time are the sender's wall clock (`<input type="date">` and `"time"`
 * values) in the sender's IANA time zone. One rule for the form and the API: the slot may not lie in the past
 * where the sender is. A request without a time zone (remote releases built before it was sent) is judged in
 * the westernmost zone, the last place where a day is still "today", so no sender is refused wrongly.
 */
export interface PreferredSlot {
  date?: string | null | undefined;
  time?: string | null | undefined;
  timeZone?: string | null | undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** UTC-12: where a calendar day ends last. */
const LATEST_ZONE = 'Etc/GMT+12';
export const MAX_TIME_ZONE_LENGTH = 64;

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isClockTime = (value: string): boolean => TIME.test(value);

/**
 * A wall-clock formatter per time zone the runtime knows, made once: making one costs far more than using it,
 * and the form checks the slot at every keystroke. Only known zones are kept, so the cache stays bounded.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat | undefined {
  let format = wallClockFormats.get(timeZone);
  if (format) return format;
  if (!timeZone || timeZone.length > MAX_TIME_ZONE_LENGTH) return undefined;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return undefined;
  }
  wallClockFormats.set(timeZone, format);
  return format;
}

/** An IANA time zone this runtime knows (what `Intl.DateTimeFormat().resolvedOptions().timeZone` gives). */
export const isTimeZone = (value: string): boolean => wallClockFormat(value) !== undefined;

/** The browser's time zone, or undefined when it cannot say. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** Today's date (YYYY-MM-DD) and time (HH:MM) on the wall clocks of a time zone. */
export function wallClock(timeZone: string, now: Date = new Date()): { date: string; time: string } {
  const format = wallClockFormat(timeZone);
  if (!format) throw new RangeError(`Invalid time zone: ${timeZone}`);
  const parts = Object.fromEntries(
    format.formatToParts(now).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Which part of the slot is in the past where the sender is, if any (formats are checked separately). */
export function pastPartOf(slot: PreferredSlot, now: Date = new Date()): 'date' | 'time' | undefined {
  if (!slot.date || !isCalendarDate(slot.date)) return undefined;
  const zone = slot.timeZone && isTimeZone(slot.timeZone) ? slot.timeZone : LATEST_ZONE;
  const today = wallClock(zone, now);
  if (slot.date < today.date) return 'date';
  if (slot.date === today.date && slot.time && isClockTime(slot.time) && slot.time < today.time)
    return 'time';
  return undefined;
}

/** The messages of a slot's fields, for yup tests on preferredDate, preferredTime and preferredTimeZone. */
export const PREFERRED_SLOT_MESSAGES = M;

/** "Tue, Dec 8, 2026 at 14:30 (Europe/Berlin)": the slot as the admin reads it, in the sender's own terms. */
export function describePreferredSlot(slot: PreferredSlot): string | undefined {
  if (!slot.date && !slot.time) return undefined;
  const day =
    slot.date && isCalendarDate(slot.date)
      ? new Date(`${slot.date}T00:00:00Z`).toLocaleDateString('en-US', {
          weekday: 'short',
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          timeZone: 'UTC',
        })
      : slot.date;
  const when = [day, slot.time].filter(Boolean).join(' at ');
  return `${when} (${slot.timeZone || M.noTimeZone})`;
}
