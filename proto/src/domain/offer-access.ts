import type { Offer } from './offer';
import { entitlementsOf } from './roles';

export type OfferAccess = 'full' | 'teaser';

/**
 * What a tier without the price history learns of it: how often the price changed since the offer
 * was first seen and its first price (the e-mail landing's pitch), not the dates and steps.
 */
export type PriceHistorySummary = { changes: number; firstPrice: number | null };

/**
 * An offer as a caller may see it; `access: 'teaser'` marks a non-public offer shown in part;
 * `priceHistoryLocked` marks a history kept back (`priceHistory` then holds the current price only).
 */
export type OfferView = Offer & { access?: OfferAccess; priceHistoryLocked?: PriceHistorySummary };

/**
 * What a caller sees of an offer: public offers in full to everyone; non-public ones (listings a
 * portal shows only to its members, or off-market) in full from the tier whose entitlements say
 * `nonPublicOffers: 'full'` (Standard), as a teaser to everyone else. `role` null = no session.
 */
export function offerAccessOf(offer: Pick<Offer, 'nonPublic'>, role: number | null): OfferAccess {
  if (!offer.nonPublic) return 'full';
  return entitlementsOf(role ?? 0).nonPublicOffers;
}

/**
 * The teaser of a non-public offer: what kind of property and roughly where (municipality, no
 * point), one photo; no price, portal links, contact, description or history — those are what
 * the paid tiers buy.
 */
export function teaserOf(offer: Offer): OfferView {
  return {
    ...offer,
    url: '',
    images: offer.imageUrl ? [offer.imageUrl] : [],
    description: '',
    location: { ...offer.location, point: null },
    price: null,
    priceText: '',
    priceNote: null,
    pricePerM2: null,
    sources: [],
    floor: null,
    contactPerson: null,
    priceHistory: [],
    access: 'teaser',
  };
}

/**
 * The price history is a paid entitlement (`priceHistory`, Standard up): below it the history is
 * the current price alone, with the number of changes and the first price beside it.
 */
export function withoutPriceHistory(offer: OfferView): OfferView {
  const points = offer.priceHistory;
  if (points.length <= 1) return offer;
  const prices = points.map((p) => p.price).filter((p): p is number => p !== null);
  return { ...offer, priceHistory: points.slice(-1), priceHistoryLocked: { changes: points.length - 1, firstPrice: prices[0] ?? null } };
}

/** What a caller of this role sees of an offer: non-public offers and the price history by the entitlement table. */
export function offerFor(offer: Offer, role: number | null): OfferView {
  const view = offerAccessOf(offer, role) === 'full' ? offer : teaserOf(offer);
  return entitlementsOf(role ?? 0).priceHistory ? view : withoutPriceHistory(view);
}
