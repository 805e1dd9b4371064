import { z } from 'zod';
import { AdType, RealEstateType } from '../domain/enums';
import type { Offer } from '../domain/offer';

/**
 * The normaliser's internal read API (port 8102), proxied by the gateway at `/api/offers`.
 * Answers are wrapped in `{ data }` like every API answer.
 */

/** `GET /offers?…`: recent offers, newest found first. */
export const OfferListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  adType: AdType.optional(),
  realEstateType: RealEstateType.optional(),
  municipalityCode: z.string().min(1).optional(),
  districtCode: z.string().min(1).optional(),
  regionCode: z.string().min(1).optional(),
  /** `true` (default) lists active offers only; `false` withdrawn ones; `all` both. */
  active: z.enum(['true', 'false', 'all']).default('true'),
  /** The previous page's `next`: the page after it, read from the index however deep (`offset` is then ignored). */
  after: z.string().regex(/^\d{1,15}~[\w-]{1,100}$/, 'not a page cursor').optional(),
});
export type OfferListQuery = z.input<typeof OfferListQuery>;

/** `GET /offers/:id/alternatives`: similar active offers nearby, for an inactive offer's page. */
export const OfferAlternativesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(6),
});

/** `GET /offers/:id` answers `{ data: Offer }` (sources and price history included). */
export type OfferAnswer = { data: Offer };
export type OfferAlternativesAnswer = { data: { items: Offer[] } };
