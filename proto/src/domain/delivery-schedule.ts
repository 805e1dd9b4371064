import type { Delivery, DeliverySchedule, LocalTime, QuietHours } from './delivery';

/**
 * The exact semantics of delivery times, over the time zone database of `Intl` (no library: the
 * two rules below are the whole of it, and they are tested on the days clocks change).
 *
 * - A wall-clock time that does not exist that day (the spring gap, 02:00–03:00 in Prague) is
 *   taken as the same time after the gap, as `Temporal`'s 'compatible' choice does (02:30 → 03:30).
 * - A time that happens twice (the autumn fold) is taken at its first occurrence, so a digest
 *   goes once, not twice.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in a time zone at an instant. */
export function wallClockOf(instant: number, timeZone: string): { year: number; month: number; day: number; minutes: number } {
  const parts: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, minutes: (parts.hour % 24) * 60 + parts.minute };
}

/** The zone's offset from UTC at an instant, in ms (Prague: +1 h in winter, +2 h in summer). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(new Date(whole))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second) - whole;
}

export const minutesOf = (time: LocalTime): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The instant a wall-clock time of a calendar day has in a time zone (gap: after it; fold: the first). */
export function instantOf(date: { year: number; month: number; day: number }, minutes: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  // The offsets on either side of any change near this time; each gives a candidate instant.
  const before = offsetAt(wall - 12 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 12 * HOUR_MS, timeZone);
  const valid = [...new Set([before, after])].map((o) => wall - o).filter((t) => offsetAt(t, timeZone) === wall - t);
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: the wall time read with the offset before the change lands as far past the gap.
  return wall - before;
}

/** Calendar day `days` after the given one. */
function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first of the schedule's digest times strictly after `now`. */
export function nextDigestAt(now: number, schedule: Pick<DeliverySchedule, 'timeZone' | 'digestTimes'>): number {
  const today = wallClockOf(now, schedule.timeZone);
  const times = [...new Set(schedule.digestTimes.map(minutesOf))].sort((a, b) => a - b);
  for (let d = 0; d <= 2; d++) {
    const day = addDays(today, d);
    for (const minutes of times) {
      const at = instantOf(day, minutes, schedule.timeZone);
      if (at > now) return at;
    }
  }
  // Unreachable with at least one time (a day later always has one); a safe fallback.
  return now + DAY_MS;
}

/** Whether a wall-clock minute of the day lies in the quiet hours (start inclusive, end exclusive). */
export function inQuietHours(minutes: number, quiet: QuietHours): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** When the quiet hours `now` lies in end; null when `now` is not in them (or there are none). */
export function quietHoursEndAfter(now: number, schedule: Pick<DeliverySchedule, 'timeZone' | 'quietHours'>): number | null {
  const quiet = schedule.quietHours;
  if (!quiet) return null;
  const clock = wallClockOf(now, schedule.timeZone);
  if (!inQuietHours(clock.minutes, quiet)) return null;
  const end = minutesOf(quiet.end);
  for (let d = 0; d <= 2; d++) {
    const at = instantOf(addDays(clock, d), end, schedule.timeZone);
    if (at > now) return at;
  }
  return now + DAY_MS;
}

/** Why an alert waits: for the person's digest, or for the end of their quiet hours. */
export type HeldFor = 'digest' | 'quiet';

/**
 * When an alert matched at `now` is due under a recipient's delivery: a digest at its next time;
 * an instant alert at once, or at the end of the quiet hours it arrived in.
 */
export function deliveryDueAt(now: number, delivery: Delivery | null | undefined): { at: number; heldFor: HeldFor | null } {
  if (!delivery) return { at: now, heldFor: null };
  if (delivery.mode === 'digest') return { at: nextDigestAt(now, delivery.schedule), heldFor: 'digest' };
  const quietEnd = quietHoursEndAfter(now, delivery.schedule);
  return quietEnd === null ? { at: now, heldFor: null } : { at: quietEnd, heldFor: 'quiet' };
}

/** Digest times that fall in the quiet hours (refused: quiet hours silence instant alerts, a digest is chosen). */
export function digestTimesInQuietHours(schedule: Pick<DeliverySchedule, 'digestTimes' | 'quietHours'>): LocalTime[] {
  const quiet = schedule.quietHours;
  return quiet ? schedule.digestTimes.filter((t) => inQuietHours(minutesOf(t), quiet)) : [];
}

/**
 * What a delivery means for when alerts go, as one comparable string: a digest by its zone and
 * times (quiet hours do not touch a digest), instant alerts by their zone and quiet hours, and
 * plain "at once" for no delivery at all. Two deliveries with one key hold every alert alike, so
 * a republished watchdog whose recipient's key did not change re-plans nothing.
 */
export function deliveryKeyOf(delivery: Delivery | null | undefined): string {
  if (!delivery) return 'instant';
  const { timeZone, digestTimes, quietHours } = delivery.schedule;
  if (delivery.mode === 'digest') return `digest ${timeZone} ${[...new Set(digestTimes.map(minutesOf))].sort((a, b) => a - b).join(',')}`;
  return quietHours ? `quiet ${timeZone} ${minutesOf(quietHours.start)}-${minutesOf(quietHours.end)}` : 'instant';
}
