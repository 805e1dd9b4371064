import { BaseConfig } from '@rr/kit';
import { z } from 'zod';

export const AnalyticsConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8208),
});
export type AnalyticsConfig = z.infer<typeof AnalyticsConfig>;
