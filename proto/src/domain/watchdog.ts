import { z } from 'zod';
import { AdType, DispositionLabel, HouseType, LandType, Locale, RealEstateType, RecordStatus, TerraceType } from './enums';
import { SellerCriterion } from './criteria-seller';
import { WordsCriterion } from './criteria-words';
import { MapArea } from './criteria-area';
import { WatchdogPlace } from './location';
import { Delivery, WatchdogMember } from './delivery';

/** A closed or open-ended range; a missing end is open. */
export const Range = z
  .object({ from: z.number().min(0).nullable().optional(), to: z.number().min(0).nullable().optional() })
  .refine((r) => r.from == null || r.to == null || r.from <= r.to, { message: 'from must not exceed to' });
export type Range = z.infer<typeof Range>;

/** Why criteria without a place and without an area are refused (the schema's and the OpenAPI's words). */
export const WHERE_REQUIRED = 'Give at least one place in `places`, or an area drawn on a map in `mapArea`';

/**
 * What a watchdog (hlídací pes) watches for. Empty lists mean "any"; the matcher gives every
 * field the same meaning as the containment check of the account service.
 */
export const WatchdogCriteriaFields = z.object({
  adTypes: z.array(AdType).min(1),
  realEstateTypes: z.array(RealEstateType).min(1),
  dispositions: z.array(DispositionLabel).default([]),
  area: Range.default({}),
  price: Range.default({}),
  pricePerM2: Range.default({}),
  landArea: Range.default({}),
  landTypes: z.array(LandType).default([]),
  houseTypes: z.array(HouseType).default([]),
  beds: Range.default({}),
  elevatorOnly: z.boolean().default(false),
  terraceTypes: z.array(TerraceType).default([]),
  /**
   * Up to 20 places; an offer matches when it lies in any of them (or within its radius). May be
   * empty when `mapArea` is given: the account service then stores the one place that holds the
   * area (the matcher's index files the watchdog under it), whatever the request sent.
   */
  places: z.array(WatchdogPlace).max(20).default([])
    .describe('Up to 20 places. Required (at least one) unless `mapArea` is given; with `mapArea` the service ignores what is sent and answers the one place that holds the area.'),
  /** Offers that publish no price match too (they cannot be checked against a price range). */
  includeWithoutPrice: z.boolean().default(true),
  /** Also alert when an already-seen matching offer gets cheaper (a paid entitlement). */
  priceDrops: z.boolean().default(false),
  /** Also alert when a matching offer comes back on the market after a withdrawal (a paid entitlement). */
  backOnMarket: z.boolean().default(false),
  /** A notice when an offer this watchdog alerted to is withdrawn (a paid entitlement; opt-in, docs/decisions.md). */
  noLongerActive: z.boolean().default(false),
  /** Words wanted or refused in the title and description (criteria-words.ts); checked after the matcher's index. */
  words: WordsCriterion.default({ any: [], none: [] }),
  /** Polygons drawn on a map (criteria-area.ts): the offer's GPS point lies in one; checked after the matcher's index. */
  mapArea: MapArea.nullable().default(null),
  /** Private sellers only, agencies only, or any (criteria-seller.ts). */
  seller: SellerCriterion.default('any'),
});

/** The criteria with the rule that spans fields: a watchdog watches somewhere, places or an area (or both). */
export const WatchdogCriteria = WatchdogCriteriaFields.superRefine((c, ctx) => {
  if (c.places.length === 0 && c.mapArea == null) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['places'], message: WHERE_REQUIRED });
}).describe(`What a watchdog watches for. ${WHERE_REQUIRED}.`);
export type WatchdogCriteria = z.infer<typeof WatchdogCriteria>;
export type WatchdogCriteriaInput = z.input<typeof WatchdogCriteria>;

/** The full state of one watchdog, as carried on the compacted watchdog topic. */
export const Watchdog = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  email: z.string().email(),
  locale: Locale,
  /** Role of the owner when the state was published (entitlements such as price-drop alerts). */
  ownerRole: z.number().int(),
  /**
   * The owner agreed to commercial communications (the `marketing` e-mail preference): the lawful
   * basis for a banner in the alert (§7 of zákon 480/2004 Sb.). Anonymous watchdogs: false.
   */
  adsConsent: z.boolean().default(false),
  name: z.string().nullable().default(null),
  criteria: WatchdogCriteria,
  status: RecordStatus,
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  /** Null for watchdogs that never expire (paying users). */
  expiresAt: z.string().datetime().nullable(),
  lastEmailAt: z.string().datetime().nullable(),
  sentCount: z.number().int().min(0),
  /** How the owner gets this watchdog's alerts (delivery.ts); absent = at once. */
  delivery: Delivery.optional(),
  /** Confirmed invitees of a shared watchdog: each gets its alerts too. Absent = not shared. */
  members: z.array(WatchdogMember).optional(),
});
export type Watchdog = z.infer<typeof Watchdog>;
