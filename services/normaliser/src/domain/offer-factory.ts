import { createHash } from 'node:crypto';
import { dispositionOf, sellerOfListings, type Offer, type OfferLocation, type OfferSource, type RawListing } from '@rr/proto';
import { generateTitle } from './title';

/** The listing's identity across the system, also its Kafka key: `sreality:2718281828`. */
export const listingKeyOf = (l: Pick<RawListing, 'portal' | 'listingId'>) => `${l.portal}:${l.listingId}`;

/**
 * Offer ids derive from the listing that first showed the property, so a redelivered or replayed
 * event makes the same offer, never a second one.
 */
export const offerIdOf = (listingKey: string) => `of_${createHash('sha256').update(listingKey).digest('hex').slice(0, 20)}`;

/** What changes when the portal changes anything we store; equal fingerprints mean "seen, unchanged". */
export function fingerprintOf(l: RawListing): string {
  return createHash('sha1').update(JSON.stringify(l)).digest('base64url');
}

/** CZK per m² of floor area (land: of the plot), rounded; null without a price or a size. */
export function pricePerM2Of(f: Pick<Offer, 'price' | 'area' | 'landArea' | 'realEstateType'>): number | null {
  const size = f.realEstateType === 'Land' ? f.landArea ?? f.area : f.area;
  if (f.price == null || !size) return null;
  return Math.round(f.price / size);
}

export function sourceOf(l: RawListing, at: string): OfferSource {
  return { portal: l.portal, listingId: l.listingId, url: l.url, price: l.price, firstSeenAt: at, active: true, privateSeller: l.privateSeller };
}

/** The offer's seller from what its listings say (`sellerOfListings`); true when it changed. */
export function updateSeller(offer: Offer): boolean {
  const seller = sellerOfListings(offer.sources.map((s) => s.privateSeller));
  if (seller === (offer.privateSeller ?? null)) return false;
  offer.privateSeller = seller;
  return true;
}

/** The facts of a listing in offer form (everything except identity, sources and history). */
export function detailsOf(l: RawListing, location: OfferLocation) {
  const base = {
    title: generateTitle(l),
    url: l.url,
    imageUrl: l.images[0] ?? null,
    images: l.images,
    description: l.description,
    location,
    price: l.price,
    priceText: l.priceText,
    priceNote: l.priceNote,
    adType: l.adType,
    realEstateType: l.realEstateType,
    disposition: l.dispositionLabel ? dispositionOf(l.dispositionLabel) : null,
    dispositionLabel: l.dispositionLabel,
    houseType: l.houseType,
    area: l.area,
    landArea: l.landArea,
    landType: l.landType,
    floor: l.floor,
    ownership: l.ownership,
    construction: l.construction,
    beds: l.beds,
    elevator: l.elevator,
    terraceTypes: l.terraceTypes,
    contactPerson: l.contactPerson,
  };
  return { ...base, pricePerM2: pricePerM2Of(base) };
}

/** A new offer from the first listing of a property. */
export function newOffer(l: RawListing, location: OfferLocation, fetchedAt: string, now: string): Offer {
  return {
    id: offerIdOf(listingKeyOf(l)),
    ...detailsOf(l, location),
    createdAt: now,
    origin: l.portal,
    sources: [sourceOf(l, fetchedAt)],
    foundAt: fetchedAt,
    nonPublic: false,
    privateSeller: l.privateSeller,
    insertedAt: l.publishedAt ? new Date(l.publishedAt).toISOString() : null,
    active: true,
    priceHistory: [{ price: l.price, at: fetchedAt }],
  };
}
