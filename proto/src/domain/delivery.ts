import { z } from 'zod';
import { Locale } from './enums';
import { PRAGUE_TIME_ZONE } from './prague';

/**
 * When alerts reach a person (issue 19, docs/decisions.md "Delivery"): at once, or gathered into a
 * digest at the person's chosen times; instant alerts that arrive in the person's quiet hours wait
 * for their end. The mode is chosen per watchdog (per recipient of it); times, time zone and quiet
 * hours belong to the person. Semantics in `delivery-schedule.ts`.
 */

/** A wall-clock time of day, `HH:MM` (24 h). */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');
export type LocalTime = z.infer<typeof LocalTime>;

export const DELIVERY_MODES = ['instant', 'digest'] as const;
export const DeliveryMode = z.enum(DELIVERY_MODES);
export type DeliveryMode = z.infer<typeof DeliveryMode>;

/** At most this many digests a day. */
export const MAX_DIGEST_TIMES = 6;
export const DEFAULT_DIGEST_TIMES: LocalTime[] = ['08:00', '18:00'];

/** Quiet hours from `start` to `end` (over midnight when `end` is earlier), in the person's time zone. */
export const QuietHours = z.object({ start: LocalTime, end: LocalTime }).refine((q) => q.start !== q.end, { message: 'quiet hours must not start when they end' });
export type QuietHours = z.infer<typeof QuietHours>;

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

/** The person's rhythm: digest times and quiet hours in their time zone. */
export const DeliverySchedule = z.object({
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone').default(PRAGUE_TIME_ZONE),
  digestTimes: z.array(LocalTime).min(1).max(MAX_DIGEST_TIMES).default(DEFAULT_DIGEST_TIMES),
  quietHours: QuietHours.nullable().default(null),
});
export type DeliverySchedule = z.infer<typeof DeliverySchedule>;

export const DEFAULT_SCHEDULE: DeliverySchedule = { timeZone: PRAGUE_TIME_ZONE, digestTimes: DEFAULT_DIGEST_TIMES, quietHours: null };

/** How one recipient gets one watchdog's alerts. Absent anywhere = at once, no quiet hours. */
export const Delivery = z.object({ mode: DeliveryMode, schedule: DeliverySchedule });
export type Delivery = z.infer<typeof Delivery>;

/** A confirmed invitee of a shared watchdog, carried with its state so the matcher alerts them too. */
export const WatchdogMember = z.object({
  email: z.string().email(),
  locale: Locale,
  userId: z.string().nullable(),
  delivery: Delivery.optional(),
});
export type WatchdogMember = z.infer<typeof WatchdogMember>;
