import type { Bus } from '@rr/kit';
import { entitlementsOf, type Offer } from '@rr/proto';
import type { Hit } from '../domain/watchdog-registry';

/** One `match.found` per hit (one per recipient), keyed by the e-mail in lower case so one person's alerts keep order. */
export async function emitMatches(
  bus: Bus, hits: Hit[], offer: Offer, occasion: { fetchedAt: string; correlationId: string; withdrawnAt?: string },
): Promise<number> {
  const matchedAt = new Date().toISOString();
  const { fetchedAt, withdrawnAt } = occasion;
  const items = hits.map(({ watchdog: w, reason }) => ({
    key: w.email.toLowerCase(),
    data: {
      recipient: { email: w.email, locale: w.locale, userId: w.userId },
      watchdogId: w.id, offer, reason, matchedAt, fetchedAt,
      // The comeback or withdrawal an alert is about (the notifier's ledger key); a new offer or a drop has none.
      ...(withdrawnAt && (reason === 'backOnMarket' || reason === 'noLongerActive') ? { withdrawnAt } : {}),
      // Free tiers carry a banner, and only with the owner's consent to commercial communications.
      withAds: entitlementsOf(w.ownerRole).adsInEmails && w.adsConsent === true,
      maxOffers: entitlementsOf(w.ownerRole).maxOffersPerEmail,
    },
  }));
  await bus.publishMany('match.found', items, { correlationId: occasion.correlationId });
  return items.length;
}
