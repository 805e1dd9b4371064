import { BaseConfig } from '@rr/kit';
import { z } from 'zod';

export const NormaliserConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8202),
  /** Internal read API for the gateway (`/offers…`). */
  OFFERS_API_PORT: z.coerce.number().int().min(0).max(65535).default(8102),
  /**
   * Where a new consumer group starts: at the topics' start (default), so listings a crawler
   * published before the normaliser's first start are not lost; normalising is idempotent.
   */
  NORMALISER_FROM_BEGINNING: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** A failed publish of journaled events is tried again this often. */
  NORMALISER_OUTBOX_RETRY_MS: z.coerce.number().int().positive().default(5_000),
});
export type NormaliserConfig = z.infer<typeof NormaliserConfig>;
