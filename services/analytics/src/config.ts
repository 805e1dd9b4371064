import { BaseConfig } from '@rr/kit';
import { z } from 'zod';

export const AnalyticsConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8208),
  /** Reports (and, through the gateway, the public API's report). */
  ANALYTICS_API_PORT: z.coerce.number().int().min(0).max(65535).default(8108),
});
export type AnalyticsConfig = z.infer<typeof AnalyticsConfig>;
