import { z } from 'zod';
import { AdType, DispositionLabel, Portal, RealEstateType } from '../domain/enums';
import { OfferLocation, PLACE_KINDS, PlaceKind, type WatchdogPlace } from '../domain/location';
import { PRAGUE } from '../domain/prague';
import type { Offer } from '../domain/offer';
import type { OfferView } from '../domain/offer-access';
import { WatchdogCriteria, type WatchdogCriteriaInput } from '../domain/watchdog';

/**
 * The offer endpoints of the public data API (issue 17): `/api/v1/real-estate` (current offers by
 * watchdog criteria), `/api/v1/history/list` (offers changed since a cursor, for keeping a copy in
 * sync) and `/api/v1/history/detail` (one offer's history). The normaliser answers them at
 * `/internal/public-api/…` (the same names; never under the gateway's `/api/offers` proxy), with
 * the key owner's role in `API_ROLE_HEADER` from the gateway, which checked the key.
 */
export const API_ROLE_HEADER = 'x-rr-api-role';

const commaList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item).max(20));
const amount = z.coerce.number().min(0).max(1e10);

/**
 * `<foundAt ms>~<offer id>`: where a search page ended (newest found first). The id may be empty:
 * `<ms>~` means every offer found at that instant was read, the next page starts before it.
 */
export const SEARCH_CURSOR = /^\d{1,15}~[\w:.-]{0,100}$/;
/** `<journal sequence>~<offer id>`: the last change a sync has read. */
export const CHANGES_CURSOR = /^\d{1,15}~[\w:.-]{1,100}$/;

/**
 * What one search may ask for: as many places as a watchdog holds, and the watchdog form's largest
 * radius (a 50 km circle resolves to ~1,000 municipalities, the `$in` the offer store reads).
 */
export const SEARCH_LIMITS = { places: 20, radiusKm: 50 } as const;

const PLACE_TOKEN = /^(region|district|municipality|pragueDistrict):([A-Za-z0-9-]{1,20})(?::(\d{1,3}(?:\.\d{1,2})?))?$/;
/** Places that have a centre a radius is drawn around (regions and districts are areas). */
const RADIUS_KINDS: readonly PlaceKind[] = ['municipality', 'pragueDistrict'];

/** One place of a search, `kind:code` or `municipality:code:radiusKm` (as a watchdog's place). */
export type SearchPlace = { kind: PlaceKind; code: string; radiusKm: number };

/** Parses `kind:code[:radiusKm]`, naming what is wrong in words. */
export const SearchPlaceToken = z.string().transform((text, ctx): SearchPlace => {
  const m = PLACE_TOKEN.exec(text.trim());
  if (!m) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${text}" is not kind:code or municipality:code:radiusKm (kinds: ${PLACE_KINDS.join(', ')})` });
    return z.NEVER;
  }
  const place = { kind: m[1] as PlaceKind, code: m[2], radiusKm: m[3] ? Number(m[3]) : 0 };
  if (place.radiusKm > SEARCH_LIMITS.radiusKm) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `a radius is at most ${SEARCH_LIMITS.radiusKm} km` });
  else if (place.radiusKm > 0 && !RADIUS_KINDS.includes(place.kind)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `a radius is drawn around a municipality or a Prague district, not a ${place.kind}` });
  return place;
});

export const RealEstateQuery = z.object({
  places: z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(SearchPlaceToken).min(1, 'name at least one place').max(SEARCH_LIMITS.places, `at most ${SEARCH_LIMITS.places} places`)).optional()
    .describe(`comma separated places, an offer in any of them is listed: kind:code (region:CZ064, district:CZ0642, municipality:582786, pragueDistrict:PRAHA-8; codes as autocomplete gives them), a municipality or Prague district with a radius as municipality:582786:10 (km, at most ${SEARCH_LIMITS.radiusKm}); at most ${SEARCH_LIMITS.places} places`),
  placeKind: PlaceKind.optional().describe('one place instead of places: region, district, municipality or pragueDistrict'),
  placeCode: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9-]+$/, 'not a place code').optional().describe('with placeKind'),
  adType: AdType.default('Sale').describe('Sale or Rent'),
  realEstateType: RealEstateType.default('Apartment').describe('the property type'),
  dispositions: commaList(DispositionLabel).default([]).describe('comma separated, e.g. 2+kk,3+1; empty: any'),
  priceFrom: amount.optional().describe('CZK (monthly rent for Rent)'),
  priceTo: amount.optional().describe('CZK, at most'),
  areaFrom: amount.optional().describe('m²'),
  areaTo: amount.optional().describe('m², at most'),
  includeWithoutPrice: z.enum(['true', 'false']).default('true').describe('offers that publish no price are listed too'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('offers per page, 1–100'),
  cursor: z.string().regex(SEARCH_CURSOR, 'not a cursor of this endpoint (give the previous page\'s next)').optional().describe('the previous page\'s next; without it the first page'),
}).strict()
  .refine((q) => q.priceFrom === undefined || q.priceTo === undefined || q.priceFrom <= q.priceTo, { message: 'priceFrom must not exceed priceTo', path: ['priceTo'] })
  .refine((q) => q.areaFrom === undefined || q.areaTo === undefined || q.areaFrom <= q.areaTo, { message: 'areaFrom must not exceed areaTo', path: ['areaTo'] })
  .refine((q) => (q.placeKind === undefined) === (q.placeCode === undefined), { message: 'placeKind and placeCode go together', path: ['placeCode'] })
  .refine((q) => (q.places === undefined) !== (q.placeKind === undefined), { message: 'give places (or one place as placeKind and placeCode), not both', path: ['places'] });
export type RealEstateQuery = z.output<typeof RealEstateQuery>;

/** The places a search asked for, whichever way it named them. */
export function searchPlacesOf(q: Pick<RealEstateQuery, 'places' | 'placeKind' | 'placeCode'>): SearchPlace[] {
  return q.places ?? [{ kind: q.placeKind!, code: q.placeCode!, radiusKm: 0 }];
}

/**
 * The query as watchdog criteria, so a search lists exactly what a watchdog would alert: what the
 * search does not ask about is the watchdog schema's own default (a criterion added to the schema
 * with a default needs nothing here). `places` are the resolved ones (name and centre from the
 * gazetteer: the radius is measured from the centre).
 */
export function criteriaOfSearch(q: RealEstateQuery, places: WatchdogPlace[]): WatchdogCriteria {
  const range = (from?: number, to?: number) => ({ from: from ?? null, to: to ?? null });
  const asked = {
    adTypes: [q.adType], realEstateTypes: [q.realEstateType], places, dispositions: q.dispositions,
    area: range(q.areaFrom, q.areaTo), price: range(q.priceFrom, q.priceTo), includeWithoutPrice: q.includeWithoutPrice === 'true',
  } satisfies Partial<WatchdogCriteriaInput>;
  return WatchdogCriteria.parse(asked);
}

/**
 * The indexed place a search walks: the offer store has an index per region, district and
 * municipality; a Prague district is walked in Prague's municipality index and checked per row.
 */
export function indexedPlaceOf(kind: PlaceKind, code: string): { field: 'regionCode' | 'districtCode' | 'municipalityCode'; code: string } {
  switch (kind) {
    case 'region': return { field: 'regionCode', code };
    case 'district': return { field: 'districtCode', code };
    case 'municipality': return { field: 'municipalityCode', code };
    case 'pragueDistrict': return { field: 'municipalityCode', code: PRAGUE.municipalityCode };
  }
}

export const HistoryListQuery = z.object({
  cursor: z.string().regex(CHANGES_CURSOR, 'not a cursor of this endpoint (give the previous answer\'s next)').optional()
    .describe('the previous answer\'s next; without it the list starts at the first offer'),
  limit: z.coerce.number().int().min(1).max(500).default(100).describe('changed offers per answer, 1–500'),
}).strict();
export type HistoryListQuery = z.output<typeof HistoryListQuery>;

export const HistoryDetailQuery = z.object({
  id: z.string().trim().min(1).max(100).regex(/^[\w:.-]+$/, 'not an offer id').describe('the offer\'s id, as real-estate and history/list give it'),
}).strict();

/** Who advertises an offer and where it is listed (types/contact). */
export const Contact = z.object({
  person: z.string().nullable().describe('the contact person the listing names, when it names one'),
  listings: z.array(z.object({ portal: Portal, url: z.string() })).describe('the portal listings, where the advertiser is reached'),
});
export type Contact = z.infer<typeof Contact>;

/** An offer in a search answer (types/real-estate); `history/list` gives the full offer (types/extended). */
export const RealEstate = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string().describe('the first portal listing'),
  imageUrl: z.string().nullable(),
  adType: AdType,
  realEstateType: RealEstateType,
  dispositionLabel: DispositionLabel.nullable(),
  price: z.number().nullable().describe('CZK (monthly rent for Rent); null when not published'),
  pricePerM2: z.number().nullable(),
  area: z.number().nullable().describe('m²'),
  landArea: z.number().nullable().describe('m²'),
  location: OfferLocation,
  foundAt: z.string().datetime(),
  active: z.boolean(),
  nonPublic: z.boolean().describe('listed only to a portal\'s members or off-market; answered as a teaser (no price, links or contact)'),
  contact: Contact,
});
export type RealEstate = z.infer<typeof RealEstate>;

/** One offer's history: every portal that published it, its price changes and dates. */
export const OfferHistory = z.object({
  id: z.string(),
  foundAt: z.string().datetime().describe('first seen on any portal'),
  active: z.boolean().describe('false once every portal withdrew it'),
  price: z.number().nullable().describe('current asking price, CZK'),
  sources: z.array(z.object({
    portal: Portal, listingId: z.string(), url: z.string(), price: z.number().nullable(), firstSeenAt: z.string().datetime(), active: z.boolean(),
  })),
  priceChanges: z.array(z.object({ at: z.string().datetime(), price: z.number().nullable(), change: z.number().nullable().describe('difference from the previous price, CZK') })),
});
export type OfferHistory = z.infer<typeof OfferHistory>;

/** A page of changed offers; `next` is always given (poll with it later when `more` is false). */
export type OfferChangesAnswer<T> = { data: { items: T[]; next: string; more: boolean } };

/** An offer as a search lists it (a teaser's blanks stay blank: no price, links or contact). */
export function realEstateOf(o: OfferView): RealEstate {
  return {
    id: o.id, title: o.title, url: o.url, imageUrl: o.imageUrl, adType: o.adType, realEstateType: o.realEstateType, dispositionLabel: o.dispositionLabel,
    price: o.price, pricePerM2: o.pricePerM2, area: o.area, landArea: o.landArea, location: o.location, foundAt: o.foundAt, active: o.active,
    nonPublic: o.nonPublic, contact: { person: o.contactPerson, listings: o.sources.map((s) => ({ portal: s.portal, url: s.url })) },
  };
}

/**
 * One offer's history for the public API: its sources (every portal listing, when it was first
 * seen, whether it is still listed) and its price changes with the difference from the price
 * before (null where either price is unknown), oldest first.
 */
export function offerHistoryOf(offer: Offer | OfferView): OfferHistory {
  const points = [...offer.priceHistory].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    id: offer.id,
    foundAt: offer.foundAt,
    active: offer.active,
    price: offer.price,
    sources: offer.sources.map((s) => ({ portal: s.portal, listingId: s.listingId, url: s.url, price: s.price, firstSeenAt: s.firstSeenAt, active: s.active })),
    priceChanges: points.map((p, i) => {
      const before = i > 0 ? points[i - 1].price : null;
      return { at: p.at, price: p.price, change: before != null && p.price != null ? p.price - before : null };
    }),
  };
}
