import { DeliverySchedule } from './delivery';
import { deliveryDueAt, deliveryKeyOf, digestTimesInQuietHours, instantOf, nextDigestAt, quietHoursEndAfter } from './delivery-schedule';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const prague = (over: Partial<DeliverySchedule> = {}): DeliverySchedule => DeliverySchedule.parse({ timeZone: 'Europe/Prague', ...over });

describe('digest times', () => {
  it('takes the next of 8:00 and 18:00 in Prague, winter (UTC+1) and summer (UTC+2)', () => {
    expect(iso(nextDigestAt(at('2026-01-15T05:00:00Z'), prague()))).toBe('2026-01-15T07:00:00.000Z');
    expect(iso(nextDigestAt(at('2026-01-15T07:00:00Z'), prague()))).toBe('2026-01-15T17:00:00.000Z');
    expect(iso(nextDigestAt(at('2026-07-15T15:59:59Z'), prague()))).toBe('2026-07-15T16:00:00.000Z');
    expect(iso(nextDigestAt(at('2026-07-15T16:59:59Z'), prague()))).toBe('2026-07-16T06:00:00.000Z');
  });

  it('rolls to the next day after the last time, across a month end', () => {
    expect(iso(nextDigestAt(at('2026-01-31T20:00:00Z'), prague()))).toBe('2026-02-01T07:00:00.000Z');
  });

  it('keeps 8:00 local on the day clocks go forward (29 March 2026) and on the day they go back (25 October 2026)', () => {
    // Before the change the night is UTC+1, after it UTC+2: 8:00 is 06:00Z that very morning.
    expect(iso(nextDigestAt(at('2026-03-28T20:00:00Z'), prague()))).toBe('2026-03-29T06:00:00.000Z');
    expect(iso(nextDigestAt(at('2026-03-29T06:00:00Z'), prague()))).toBe('2026-03-29T16:00:00.000Z');
    // Back to UTC+1 at 03:00 CEST: 8:00 is 07:00Z, 18:00 is 17:00Z.
    expect(iso(nextDigestAt(at('2026-10-24T20:00:00Z'), prague()))).toBe('2026-10-25T07:00:00.000Z');
    expect(iso(nextDigestAt(at('2026-10-25T07:00:00Z'), prague()))).toBe('2026-10-25T17:00:00.000Z');
  });

  it('sends a digest set in the spring gap once, after the gap, and one set in the autumn fold once, at its first occurrence', () => {
    const gap = prague({ digestTimes: ['02:30'] });
    expect(iso(nextDigestAt(at('2026-03-28T12:00:00Z'), gap))).toBe('2026-03-29T01:30:00.000Z'); // 03:30 CEST
    const fold = prague({ digestTimes: ['02:30'] });
    const first = nextDigestAt(at('2026-10-24T12:00:00Z'), fold);
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z'); // 02:30 CEST, the first of the two
    // After it, the next is the following night, not the second 02:30 an hour later.
    expect(iso(nextDigestAt(first, fold))).toBe('2026-10-26T01:30:00.000Z');
  });

  it('follows the time zone of the person, not the server', () => {
    const ny = prague({ timeZone: 'America/New_York', digestTimes: ['08:00'] });
    expect(iso(nextDigestAt(at('2026-03-08T05:00:00Z'), ny))).toBe('2026-03-08T12:00:00.000Z'); // US change day: EDT, UTC-4
    expect(iso(nextDigestAt(at('2026-01-10T00:00:00Z'), ny))).toBe('2026-01-10T13:00:00.000Z'); // EST, UTC-5
  });

  it('reads unsorted and repeated times as a set', () => {
    const s = prague({ digestTimes: ['18:00', '08:00', '18:00'] });
    expect(iso(nextDigestAt(at('2026-01-15T05:00:00Z'), s))).toBe('2026-01-15T07:00:00.000Z');
  });
});

describe('wall-clock instants', () => {
  it('maps a wall time to UTC with the offset in force, including both sides of a change', () => {
    expect(iso(instantOf({ year: 2026, month: 3, day: 29 }, 60, 'Europe/Prague'))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(instantOf({ year: 2026, month: 3, day: 29 }, 3 * 60, 'Europe/Prague'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(instantOf({ year: 2026, month: 10, day: 25 }, 3 * 60, 'Europe/Prague'))).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('quiet hours', () => {
  const night = prague({ quietHours: { start: '22:00', end: '07:00' } });

  it('holds an instant alert from 22:00 to 7:00 local and lets it through outside', () => {
    expect(iso(quietHoursEndAfter(at('2026-01-15T22:30:00Z'), night)!)).toBe('2026-01-16T06:00:00.000Z');
    expect(iso(quietHoursEndAfter(at('2026-01-16T02:00:00Z'), night)!)).toBe('2026-01-16T06:00:00.000Z');
    expect(quietHoursEndAfter(at('2026-01-16T06:00:00Z'), night)).toBeNull(); // 7:00 is the end, not quiet
    expect(iso(quietHoursEndAfter(at('2026-01-15T21:00:00Z'), night)!)).toBe('2026-01-16T06:00:00.000Z'); // 22:00 starts them
    expect(quietHoursEndAfter(at('2026-01-15T20:59:59Z'), night)).toBeNull();
  });

  it('ends at 7:00 local on the nights clocks change (one hour shorter in spring, longer in autumn)', () => {
    expect(iso(quietHoursEndAfter(at('2026-03-28T22:00:00Z'), night)!)).toBe('2026-03-29T05:00:00.000Z'); // 7:00 CEST
    expect(iso(quietHoursEndAfter(at('2026-10-24T21:00:00Z'), night)!)).toBe('2026-10-25T06:00:00.000Z'); // 7:00 CET
    // In the repeated hour (the second 02:30, already CET) it still ends at 7:00 CET.
    expect(iso(quietHoursEndAfter(at('2026-10-25T01:30:00Z'), night)!)).toBe('2026-10-25T06:00:00.000Z');
  });

  it('supports quiet hours within a day (13:00–15:00)', () => {
    const siesta = prague({ quietHours: { start: '13:00', end: '15:00' } });
    expect(iso(quietHoursEndAfter(at('2026-01-15T12:30:00Z'), siesta)!)).toBe('2026-01-15T14:00:00.000Z');
    expect(quietHoursEndAfter(at('2026-01-15T14:00:00Z'), siesta)).toBeNull();
  });

  it('has none by default', () => {
    expect(quietHoursEndAfter(at('2026-01-15T23:00:00Z'), prague())).toBeNull();
  });

  it('names digest times that fall in the quiet hours', () => {
    expect(digestTimesInQuietHours(prague({ digestTimes: ['06:30', '08:00', '23:00'], quietHours: { start: '22:00', end: '07:00' } }))).toEqual(['06:30', '23:00']);
    expect(digestTimesInQuietHours(prague())).toEqual([]);
  });
});

describe('when an alert is due', () => {
  const now = at('2026-01-15T23:00:00Z'); // midnight in Prague
  const schedule = prague({ quietHours: { start: '22:00', end: '07:00' } });

  it('sends at once without a delivery (older events) or in instant mode outside quiet hours', () => {
    expect(deliveryDueAt(now, undefined)).toEqual({ at: now, heldFor: null });
    expect(deliveryDueAt(at('2026-01-15T10:00:00Z'), { mode: 'instant', schedule })).toEqual({ at: at('2026-01-15T10:00:00Z'), heldFor: null });
  });

  it('holds an instant alert for the morning in quiet hours, and a digest alert for the next digest', () => {
    expect(deliveryDueAt(now, { mode: 'instant', schedule })).toEqual({ at: at('2026-01-16T06:00:00Z'), heldFor: 'quiet' });
    expect(deliveryDueAt(now, { mode: 'digest', schedule })).toEqual({ at: at('2026-01-16T07:00:00Z'), heldFor: 'digest' });
  });
});

describe('the key of a delivery (what re-plans held alerts)', () => {
  const digest = (over: Partial<DeliverySchedule> = {}) => ({ mode: 'digest' as const, schedule: prague(over) });
  const instant = (over: Partial<DeliverySchedule> = {}) => ({ mode: 'instant' as const, schedule: prague(over) });

  it('is one for every way of saying "at once"', () => {
    expect(deliveryKeyOf(undefined)).toBe('instant');
    expect(deliveryKeyOf(null)).toBe('instant');
    expect(deliveryKeyOf(instant())).toBe('instant');
    expect(deliveryKeyOf(instant({ digestTimes: ['06:00'] }))).toBe('instant');
  });

  it('reads digest times as a set, and ignores quiet hours in a digest', () => {
    expect(deliveryKeyOf(digest({ digestTimes: ['18:00', '08:00', '08:00'] }))).toBe(deliveryKeyOf(digest({ digestTimes: ['08:00', '18:00'] })));
    expect(deliveryKeyOf(digest({ quietHours: { start: '22:00', end: '07:00' } }))).toBe(deliveryKeyOf(digest()));
  });

  it('changes with the mode, the times, the zone and the quiet hours of instant alerts', () => {
    const keys = [
      digest(), digest({ digestTimes: ['08:00'] }), digest({ timeZone: 'America/New_York' }),
      instant({ quietHours: { start: '22:00', end: '07:00' } }), instant({ quietHours: { start: '22:00', end: '06:00' } }), instant(),
    ].map(deliveryKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the schedule contract', () => {
  it('defaults to Prague, 8:00 and 18:00, no quiet hours', () => {
    expect(DeliverySchedule.parse({})).toEqual({ timeZone: 'Europe/Prague', digestTimes: ['08:00', '18:00'], quietHours: null });
  });

  it('refuses unknown zones, bad times, too many times and empty quiet hours', () => {
    expect(DeliverySchedule.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(DeliverySchedule.safeParse({ digestTimes: ['24:00'] }).success).toBe(false);
    expect(DeliverySchedule.safeParse({ digestTimes: ['8:00'] }).success).toBe(false);
    expect(DeliverySchedule.safeParse({ digestTimes: [] }).success).toBe(false);
    expect(DeliverySchedule.safeParse({ digestTimes: ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00'] }).success).toBe(false);
    expect(DeliverySchedule.safeParse({ quietHours: { start: '22:00', end: '22:00' } }).success).toBe(false);
  });
});
