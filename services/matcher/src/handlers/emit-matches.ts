import type { Bus } from '@rr/kit';
import { entitlementsOf, isPaying, type Offer } from '@rr/proto';
import type { MatchReason, WatchdogRegistry } from '../domain/watchdog-registry';

/** One `match.found` per recipient, keyed by the e-mail in lower case so one person's alerts keep order. */
export async function emitMatches(
  bus: Bus, registry: WatchdogRegistry, offer: Offer, reason: MatchReason, fetchedAt: string, correlationId: string,
): Promise<number> {
  const matchedAt = new Date().toISOString();
  const items = registry.match(offer, reason).map((w) => ({
    key: w.email.toLowerCase(),
    data: {
      recipient: { email: w.email, locale: w.locale, userId: w.userId },
      watchdogId: w.id, offer, reason, matchedAt, fetchedAt,
      // Free tiers carry a banner, and only with the owner's consent to commercial communications.
      withAds: entitlementsOf(w.ownerRole).adsInEmails && w.adsConsent === true,
      maxOffers: entitlementsOf(w.ownerRole).maxOffersPerEmail,
      radarPrice: isPaying(w.ownerRole),
    },
  }));
  await bus.publishMany('match.found', items, { correlationId });
  return items.length;
}
