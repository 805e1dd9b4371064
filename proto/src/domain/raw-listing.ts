import { z } from 'zod';
import { AdType, Building, DispositionLabel, HouseType, LandType, Ownership, Portal, RealEstateType, TerraceType } from './enums';

/**
 * What an adapter makes of one portal listing: the portal's facts in our vocabulary, before the
 * normaliser resolves the place and merges cross-posts. Unknown values stay null rather than guessed.
 */
export const RawListing = z.object({
  portal: Portal,
  listingId: z.string().min(1),
  url: z.string().url(),
  title: z.string(),
  description: z.string().default(''),
  adType: AdType,
  realEstateType: RealEstateType,
  dispositionLabel: DispositionLabel.nullable(),
  houseType: HouseType.nullable().default(null),
  landType: LandType.nullable().default(null),
  /** Usable floor area in m². */
  area: z.number().positive().nullable(),
  landArea: z.number().positive().nullable(),
  /** Total price in CZK; null when the portal says "on request" (0, 1, "Cena na vyžádání"). */
  price: z.number().positive().nullable(),
  /** The price as the portal printed it, e.g. "5 490 000 Kč" or "Cena na vyžádání". */
  priceText: z.string(),
  priceNote: z.string().nullable().default(null),
  /** Locality text as printed ("Hnězdenská, Praha 8 - Troja"). */
  locality: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  floor: z.number().int().nullable().default(null),
  ownership: Ownership.nullable().default(null),
  construction: Building.nullable().default(null),
  beds: z.number().int().nullable().default(null),
  elevator: z.boolean().nullable().default(null),
  terraceTypes: z.array(TerraceType).default([]),
  images: z.array(z.string()).default([]),
  contactPerson: z.string().nullable().default(null),
  /** Private seller rather than an agency, where the portal tells. */
  privateSeller: z.boolean().nullable().default(null),
  /** When the portal says it was published, if it does (UlovDomov, iDNES, Realingo). */
  publishedAt: z.string().datetime({ offset: true }).nullable().default(null),
});
export type RawListing = z.infer<typeof RawListing>;
export type RawListingInput = z.input<typeof RawListing>;
