import { z } from 'zod';
import { Watchdog } from '../domain/watchdog';

/**
 * The full state of a watchdog after any change, on a compacted topic keyed by watchdog id:
 * replaying the topic rebuilds every watchdog. `watchdog: null` means it was deleted.
 */
export const WatchdogChangedV1 = z.object({
  watchdogId: z.string(),
  watchdog: Watchdog.nullable(),
});
export type WatchdogChangedV1 = z.infer<typeof WatchdogChangedV1>;
