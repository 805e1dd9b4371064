import { z } from 'zod';
import { AdType, Building, Disposition, DispositionLabel, HouseType, LandType, Ownership, Portal, RealEstateType, TerraceType } from './enums';
import { OfferLocation } from './location';

/** One portal listing that belongs to a property. */
export const OfferSource = z.object({
  portal: Portal,
  listingId: z.string(),
  url: z.string(),
  price: z.number().nullable(),
  firstSeenAt: z.string().datetime(),
  active: z.boolean(),
  /** What this listing says of the seller (RawListing.privateSeller); the offer's `privateSeller` combines its sources'. */
  privateSeller: z.boolean().nullable().optional(),
});
export type OfferSource = z.infer<typeof OfferSource>;

export const PricePoint = z.object({ price: z.number().nullable(), at: z.string().datetime() });
export type PricePoint = z.infer<typeof PricePoint>;

/**
 * The canonical offer: one property, however many portals publish it. The id is the property id
 * that every event about it is keyed by.
 */
export const Offer = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()).default([]),
  description: z.string().default(''),
  createdAt: z.string().datetime(),
  location: OfferLocation,
  price: z.number().nullable(),
  priceText: z.string(),
  priceNote: z.string().nullable(),
  pricePerM2: z.number().nullable(),
  adType: AdType,
  realEstateType: RealEstateType,
  disposition: Disposition.nullable(),
  dispositionLabel: DispositionLabel.nullable(),
  houseType: HouseType.nullable(),
  area: z.number().nullable(),
  landArea: z.number().nullable(),
  landType: LandType.nullable(),
  /** The portal it was first found on. */
  origin: Portal,
  sources: z.array(OfferSource).min(1),
  foundAt: z.string().datetime(),
  floor: z.number().nullable(),
  ownership: Ownership.nullable(),
  construction: Building.nullable(),
  beds: z.number().nullable(),
  elevator: z.boolean().nullable(),
  terraceTypes: z.array(TerraceType),
  contactPerson: z.string().nullable(),
  nonPublic: z.boolean(),
  /** Private seller (true) or agency (false), from its listings (`sellerOfListings`); null when no portal tells. */
  privateSeller: z.boolean().nullable().default(null),
  insertedAt: z.string().datetime().nullable(),
  active: z.boolean(),
  /**
   * When the last portal withdrew it; null (or missing, on offers stored before it existed) while
   * active. A publication after it decides whether the offer is back on the market.
   */
  withdrawnAt: z.string().datetime().nullable().optional(),
  priceHistory: z.array(PricePoint),
});
export type Offer = z.infer<typeof Offer>;
