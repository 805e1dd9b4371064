import { BaseConfig } from '@rr/kit';
import { z } from 'zod';

export const AnalyticsConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8208),
  /** Reports (and, through the gateway, the public API's report). */
  ANALYTICS_API_PORT: z.coerce.number().int().min(0).max(65535).default(8108),
  /** The account service's session secret: the caller's tier decides the report's depth (`analytics-depth.ts` in proto). */
  /**
   * Reports keep the counts documents they read decoded in memory, bounded by the characters of
   * their stored JSON (decoded they take about 6× as many bytes); the default window's counts of
   * the whole country take ~11 M.
   */
  REPORT_COUNTS_CHARS: z.coerce.number().int().min(0).default(15_000_000),
  /**
   * And the buckets they read, packed (`packed-cells.ts`), in megabytes: the default window's
   * buckets of the whole country take ~100.
   */
  REPORT_BUCKETS_MB: z.coerce.number().int().min(0).default(160),
  /**
   * Months of counts and buckets read into the reports' copies at start, once they follow the
   * changed counts (3: the default window; 0: none, copies fill as reports read).
   */
  REPORT_WARM_MONTHS: z.coerce.number().int().min(0).max(24).default(3),
  /**
   * Seconds between following and warming (120): when the whole system starts, the matcher's
   * replay and the other starts have the machine first (alerts before report copies).
   */
  REPORT_WARM_DELAY_SECONDS: z.coerce.number().min(0).max(3_600).default(120),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters'),
});
export type AnalyticsConfig = z.infer<typeof AnalyticsConfig>;
