import { z } from 'zod';

/**
 * Places come from the gazetteer: regions (NUTS 3 code, e.g. CZ064), districts (LAU 1 code,
 * e.g. CZ0642), municipalities (RÚIAN code, e.g. 582786) and Prague's 22 administrative districts
 * (code PRAHA-1 … PRAHA-22).
 */
export const PLACE_KINDS = ['region', 'district', 'municipality', 'pragueDistrict'] as const;
export const PlaceKind = z.enum(PLACE_KINDS);
export type PlaceKind = z.infer<typeof PlaceKind>;

export const GeoPoint = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
export type GeoPoint = z.infer<typeof GeoPoint>;

/** Where an offer is, as resolved by the normaliser. */
export const OfferLocation = z.object({
  name: z.string(),
  municipalityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  pragueDistrictCode: z.string().nullable().optional(),
  point: GeoPoint.nullable(),
  /** How the place was found; `unresolved` offers are kept and flagged, never dropped. */
  resolvedBy: z.enum(['gps', 'text', 'unresolved']),
});
export type OfferLocation = z.infer<typeof OfferLocation>;

/** A place chosen in a watchdog, with an optional surrounding-area radius. */
export const WatchdogPlace = z.object({
  kind: PlaceKind,
  code: z.string().min(1),
  name: z.string().min(1),
  /** Centre of the place, so the matcher can apply the radius without the gazetteer. */
  point: GeoPoint.nullable().optional(),
  radiusKm: z.number().min(0).max(100).default(0),
});
export type WatchdogPlace = z.infer<typeof WatchdogPlace>;
