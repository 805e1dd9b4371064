import {
  DEFAULT_DIGEST_TIMES, DELIVERY_MODES, LocalTime, MAX_DIGEST_TIMES, PRAGUE_TIME_ZONE, digestTimesInQuietHours, isTimeZone,
  type DeliveryMode, type DeliverySchedule,
} from '@rr/proto';
import { AppError } from '@rr/kit';
import { FieldErrors } from '../http/api-error';
import type { Translate } from '../i18n/messages';
import { fill } from './delivery-messages';

const isTime = (v: unknown): v is string => typeof v === 'string' && LocalTime.safeParse(v.trim()).success;

/**
 * A person's delivery schedule from a form: time zone, 1–6 distinct digest times (sorted), and
 * quiet hours or none; a digest time inside the quiet hours is refused (the two would contradict).
 * Field names as the form's: `timeZone`, `digestTimes`, `quietHours.start`, `quietHours.end`.
 */
export function validateSchedule(body: Record<string, unknown>, tr: Translate): DeliverySchedule {
  const errors = new FieldErrors();
  const zone = typeof body.timeZone === 'string' && body.timeZone.trim() ? body.timeZone.trim() : PRAGUE_TIME_ZONE;
  if (!isTimeZone(zone) || zone.length > 64) errors.add('timeZone', tr('deliveryTimeZone'));

  const raw = body.digestTimes === undefined ? DEFAULT_DIGEST_TIMES : body.digestTimes;
  let digestTimes: string[] = [];
  if (!Array.isArray(raw) || raw.length > 50) errors.add('digestTimes', tr('deliveryTimes'));
  else if (!raw.every(isTime)) errors.add('digestTimes', tr('deliveryTime'));
  else {
    digestTimes = [...new Set(raw.map((t) => t.trim()))].sort();
    if (digestTimes.length < 1 || digestTimes.length > MAX_DIGEST_TIMES) errors.add('digestTimes', tr('deliveryTimes'));
  }

  let quietHours: DeliverySchedule['quietHours'] = null;
  const quiet = body.quietHours;
  if (quiet !== null && quiet !== undefined) {
    const q = (typeof quiet === 'object' ? quiet : {}) as Record<string, unknown>;
    if (!isTime(q.start)) errors.add('quietHours.start', tr('deliveryTime'));
    if (!isTime(q.end)) errors.add('quietHours.end', tr('deliveryTime'));
    if (isTime(q.start) && isTime(q.end)) {
      if (q.start.trim() === q.end.trim()) errors.add('quietHours.end', tr('deliveryQuietSame'));
      else quietHours = { start: q.start.trim(), end: q.end.trim() };
    }
  }
  if (!errors.has('digestTimes') && quietHours) {
    const clash = digestTimesInQuietHours({ digestTimes, quietHours });
    if (clash.length > 0) errors.add('digestTimes', fill(tr('deliveryDigestInQuiet'), { times: clash.join(', ') }));
  }
  errors.throwIfAny();
  return { timeZone: zone, digestTimes, quietHours };
}

export function validateMode(value: unknown, tr: Translate): DeliveryMode {
  if (typeof value === 'string' && (DELIVERY_MODES as readonly string[]).includes(value)) return value as DeliveryMode;
  throw new AppError('VALIDATION_FAILED', tr('deliveryMode'), { fields: { deliveryMode: tr('deliveryMode') } });
}
