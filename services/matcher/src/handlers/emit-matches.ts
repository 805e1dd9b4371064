import type { Bus } from '@rr/kit';
import { entitlementsOf, type Delivery, type Locale, type Offer, type Watchdog } from '@rr/proto';
import type { MatchReason, WatchdogRegistry } from '../domain/watchdog-registry';
import { speaksBefore } from '../domain/watchdog-registry';

/** One person a watchdog alerts: its owner, or a confirmed invitee of a shared one. */
export type AlertRecipient = { watchdog: Watchdog; email: string; locale: Locale; userId: string | null; delivery: Delivery | undefined; member: boolean };

/**
 * The owner and the invitees of each matching watchdog, one per address (a person who owns one
 * watchdog and is invited to another gets one alert): their own watchdog before an invitation,
 * then the registry's order of preference. Digests and quiet hours need the owner's tier
 * (`scheduledDelivery`), checked here like price drops, so a downgrade takes effect at once.
 */
export function recipientsOf(watchdogs: Watchdog[]): AlertRecipient[] {
  const byEmail = new Map<string, AlertRecipient>();
  const offer = (r: AlertRecipient) => {
    const kept = byEmail.get(r.email);
    if (!kept || (kept.member && !r.member) || (kept.member === r.member && speaksBefore(r.watchdog, kept.watchdog))) byEmail.set(r.email, r);
  };
  for (const w of watchdogs) {
    const scheduled = entitlementsOf(w.ownerRole).scheduledDelivery;
    offer({ watchdog: w, email: w.email.toLowerCase(), locale: w.locale, userId: w.userId, delivery: scheduled ? w.delivery : undefined, member: false });
    // A downgrade to a tier that shares with fewer people takes effect at once: the first invitees keep the alerts.
    for (const m of (w.members ?? []).slice(0, entitlementsOf(w.ownerRole).sharedRecipients)) {
      offer({ watchdog: w, email: m.email.toLowerCase(), locale: m.locale, userId: m.userId, delivery: scheduled ? m.delivery : undefined, member: true });
    }
  }
  return [...byEmail.values()];
}

/** One `match.found` per recipient, keyed by the e-mail in lower case so one person's alerts keep order. */
export async function emitMatches(
  bus: Bus, registry: WatchdogRegistry, offer: Offer, reason: MatchReason, fetchedAt: string, correlationId: string,
): Promise<number> {
  const matchedAt = new Date().toISOString();
  const items = recipientsOf(registry.match(offer, reason)).map((r) => ({
    key: r.email,
    data: {
      recipient: { email: r.email, locale: r.locale, userId: r.userId },
      watchdogId: r.watchdog.id, offer, reason, matchedAt, fetchedAt,
      // Free tiers carry a banner, and only with the owner's consent to commercial communications;
      // an invitee has given no such consent, so their alerts carry none.
      withAds: !r.member && entitlementsOf(r.watchdog.ownerRole).adsInEmails && r.watchdog.adsConsent === true,
      maxOffers: entitlementsOf(r.watchdog.ownerRole).maxOffersPerEmail,
      ...(r.delivery ? { delivery: r.delivery } : {}),
      ...(r.member ? { member: true } : {}),
    },
  }));
  await bus.publishMany('match.found', items, { correlationId });
  return items.length;
}
