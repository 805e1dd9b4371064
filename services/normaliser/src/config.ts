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
  /**
   * Verifies the account service's session tokens, so non-public offers reach the tiers entitled
   * to them in full; unset, every caller of the offers API gets their teaser.
   */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  NORMALISER_OUTBOX_RETRY_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * How long an offer must have stayed withdrawn for its return to be "back on the market"
   * (`offer.relisted`): a day (docs/decisions.md, "Alert kinds"); the local system uses a minute.
   */
  COMEBACK_MIN_SECONDS: z.coerce.number().positive().default(86_400),
});
export type NormaliserConfig = z.infer<typeof NormaliserConfig>;
