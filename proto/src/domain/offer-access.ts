import type { Offer } from './offer';
import { entitlementsOf } from './roles';

export type OfferAccess = 'full' | 'teaser';

/** An offer as a caller may see it; `access: 'teaser'` marks a non-public offer shown in part. */
export type OfferView = Offer & { access?: OfferAccess };

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

export function offerFor(offer: Offer, role: number | null): OfferView {
  return offerAccessOf(offer, role) === 'full' ? offer : teaserOf(offer);
}
