import { BaseConfig } from '@rr/kit';
import { z } from 'zod';

export const NormaliserConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8202),
  /** Internal read API for the gateway (`/offers…`). */
  OFFERS_API_PORT: z.coerce.number().int().min(0).max(65535).default(8102),
  /** Read the listing topics from their start when the consumer group is new (replays, benchmarks). */
  NORMALISER_FROM_BEGINNING: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type NormaliserConfig = z.infer<typeof NormaliserConfig>;
