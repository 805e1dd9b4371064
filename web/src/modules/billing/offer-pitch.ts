import type { Offer } from '@rr/proto';
import { PLANS, PLAN_TIERS, type PlanTier, entitlementsOf, type Entitlements } from '@rr/proto';

export type Feature = 'priceHistory' | 'priceDrops' | 'nonPublic';

/** Whether a tier gives a feature, read from the one entitlement table. */
const gives: Record<Feature, (e: Entitlements) => boolean> = {
  priceHistory: (e) => e.priceHistory,
  priceDrops: (e) => e.priceDropAlerts,
  nonPublic: (e) => e.nonPublicOffers === 'full',
};

/** The cheapest tier that gives a feature. */
export const cheapestTierWith = (feature: Feature): PlanTier =>
  PLAN_TIERS.find((tier) => gives[feature](entitlementsOf(PLANS[tier].role)))!;

export type OfferPitch = {
  /** How often the price changed since the offer was first seen, and by how much it is below its first price. */
  priceChanges: number;
  dropSinceFirst: number | null;
  firstSeenAt: string;
  /** What this offer would show or do more, each with the cheapest tier that gives it and whether the person has it. */
  features: Array<{ feature: Feature; tier: PlanTier; owned: boolean }>;
  /** The tier the call to action offers: the cheapest that gives everything this offer shows, unless all is owned. */
  suggested: PlanTier | null;
};

/**
 * What a subscription adds for one offer (the `lp-premium-detail` e-mail landing): its price history
 * (only the number of changes is told for free), alerts when it drops, and its full detail when it
 * is non-public — each from the cheapest tier that has it, marked when the person's tier already does.
 */
export function offerPitch(offer: Pick<Offer, 'priceHistory' | 'createdAt' | 'nonPublic'>, role: number | null): OfferPitch {
  const prices = offer.priceHistory.map((p) => p.price).filter((p): p is number => p !== null);
  const first = prices[0];
  const last = prices[prices.length - 1];
  const current = entitlementsOf(role ?? 0);
  const wanted: Feature[] = ['priceHistory', 'priceDrops', ...(offer.nonPublic ? ['nonPublic' as const] : [])];
  const features = wanted.map((feature) => ({ feature, tier: cheapestTierWith(feature), owned: gives[feature](current) }));
  const missing = features.filter((f) => !f.owned);
  const suggested = missing.length === 0 ? null : missing.reduce((a, b) => (PLANS[b.tier].role > PLANS[a.tier].role ? b : a)).tier;
  return {
    priceChanges: Math.max(0, prices.length - 1),
    dropSinceFirst: first !== undefined && last !== undefined && last < first ? first - last : null,
    firstSeenAt: offer.createdAt,
    features,
    suggested,
  };
}
