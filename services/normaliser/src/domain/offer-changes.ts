import type { Offer, OfferLocation, OfferSource, RawListing } from '@rr/proto';
import { OFFER_CHANGES } from '@rr/proto';
import { generateTitle } from './title';
import { detailsOf, pricePerM2Of, sourceOf, updateSeller } from './offer-factory';

export type OfferChange = (typeof OFFER_CHANGES)[number];

/**
 * Cross-posts print prices a few thousand apart; a source moving within this share of the
 * offer's price is noise, not a price change worth a history point (or a price-drop alert).
 */
const PRICE_NOISE = 0.005;

const sameSource = (s: OfferSource, l: Pick<RawListing, 'portal' | 'listingId'>) => s.portal === l.portal && s.listingId === l.listingId;

/**
 * The source whose price is the offer's: the first one still listed (the first also owns the
 * details). Cross-posts print their own prices (commission, rounding): following every source made
 * one drop on two portals look like a drop and a rise, or two drops alerted twice.
 */
const primaryOf = (offer: Offer): OfferSource | undefined => offer.sources.find((s) => s.active);

/** The offer's price moves with its primary source's real moves; history keeps every move. */
function applySourcePrice(offer: Offer, newPrice: number | null, at: string): boolean {
  const current = offer.price;
  if (newPrice === current) return false;
  if (newPrice !== null && current !== null && Math.abs(newPrice - current) / current <= PRICE_NOISE) return false;
  offer.price = newPrice;
  offer.pricePerM2 = pricePerM2Of(offer);
  offer.priceHistory.push({ price: newPrice, at });
  return true;
}

/** A new portal listing of a known property joins it as another source. */
export function attachSource(offer: Offer, l: RawListing, location: OfferLocation, fetchedAt: string): OfferChange[] {
  const changes: OfferChange[] = ['sources'];
  offer.sources.push(sourceOf(l, fetchedAt));
  if (!offer.active) {
    offer.active = true;
    offer.url = l.url;
    changes.push('reactivated');
    // Back on another portal: that listing is now the primary one, its price the offer's.
    if (applySourcePrice(offer, l.price, fetchedAt)) {
      offer.priceText = l.priceText;
      offer.priceNote = l.priceNote;
      changes.push('price');
    }
  }
  const filled = fillGaps(offer, l, location);
  if (updateSeller(offer) || filled) changes.push('details');
  return changes;
}

/**
 * A known listing changed on its portal. The first source owns the offer's details; the primary
 * source's price move (`primaryOf`) moves the offer's price.
 */
export function applyListingChange(offer: Offer, l: RawListing, location: OfferLocation, fetchedAt: string): OfferChange[] {
  const changes = new Set<OfferChange>();
  const source = offer.sources.find((s) => sameSource(s, l));
  if (!source) return [];
  const previousSourcePrice = source.price;
  source.price = l.price;
  source.url = l.url;
  source.privateSeller = l.privateSeller;
  if (!source.active) {
    source.active = true;
    changes.add('sources');
  }
  if (!offer.active) {
    offer.active = true;
    changes.add('reactivated');
  }
  if (previousSourcePrice !== l.price && primaryOf(offer) === source && applySourcePrice(offer, l.price, fetchedAt)) {
    offer.priceText = l.priceText;
    offer.priceNote = l.priceNote;
    changes.add('price');
  }
  if (sameSource(offer.sources[0], l) && replaceDetails(offer, l, location)) changes.add('details');
  if (updateSeller(offer)) changes.add('details');
  return [...changes];
}

/** A portal no longer shows the listing; the offer stays active while another portal does. */
export function withdrawSource(offer: Offer, l: Pick<RawListing, 'portal' | 'listingId'>): 'none' | 'source' | 'offer' {
  const source = offer.sources.find((s) => sameSource(s, l));
  if (!source || !source.active) return 'none';
  source.active = false;
  const stillActive = offer.sources.find((s) => s.active);
  if (!stillActive) {
    offer.active = false;
    return 'offer';
  }
  if (offer.url === source.url) offer.url = stillActive.url;
  return 'source';
}

const DETAIL_FIELDS = [
  'title', 'imageUrl', 'images', 'description', 'location', 'adType', 'realEstateType', 'disposition', 'dispositionLabel',
  'houseType', 'area', 'landArea', 'landType', 'floor', 'ownership', 'construction', 'beds', 'elevator', 'terraceTypes', 'contactPerson',
] as const;

function replaceDetails(offer: Offer, l: RawListing, location: OfferLocation): boolean {
  const next = detailsOf(l, location);
  let changed = false;
  for (const field of DETAIL_FIELDS) {
    if (JSON.stringify(offer[field]) !== JSON.stringify(next[field])) {
      (offer as Record<string, unknown>)[field] = next[field];
      changed = true;
    }
  }
  if (changed) {
    offer.pricePerM2 = pricePerM2Of(offer);
    offer.title = generateTitle(offer);
  }
  return changed;
}

/** What the first portal left out, a later one may tell: a GPS point, a floor, photos. */
function fillGaps(offer: Offer, l: RawListing, location: OfferLocation): boolean {
  const next = detailsOf(l, location);
  let changed = false;
  const better = (current: OfferLocation, candidate: OfferLocation) =>
    (current.resolvedBy === 'unresolved' && candidate.resolvedBy !== 'unresolved') || (current.resolvedBy === 'text' && candidate.resolvedBy === 'gps');
  if (better(offer.location, location)) {
    offer.location = location;
    changed = true;
  }
  for (const field of ['floor', 'ownership', 'construction', 'beds', 'elevator', 'contactPerson', 'area', 'landArea', 'houseType', 'landType'] as const) {
    if (offer[field] === null && next[field] !== null) {
      (offer as Record<string, unknown>)[field] = next[field];
      changed = true;
    }
  }
  if (offer.images.length === 0 && next.images.length > 0) {
    offer.images = next.images;
    offer.imageUrl = next.imageUrl;
    changed = true;
  }
  if (changed) {
    offer.pricePerM2 = pricePerM2Of(offer);
    offer.title = generateTitle(offer);
  }
  return changed;
}
