import type { Bus } from '@rr/kit';
import { entitlementsOf, isPaying, mapAreaSize, type Delivery, type Locale, type MapArea, type MapAreaSize, type Offer, type Watchdog } from '@rr/proto';
import type { AlertingWatchdog, Hit, MatchReason } from '../domain/watchdog-registry';
import { speaksBefore } from '../domain/watchdog-registry';

/** One person a watchdog alerts: its owner, or a confirmed invitee of a shared one. */
export type AlertRecipient = { watchdog: AlertingWatchdog; reason: MatchReason; email: string; locale: Locale; userId: string | null; delivery: Delivery | undefined; member: boolean };

/**
 * The owner and the invitees of each hit's watchdog, one per address (a person who owns one
 * watchdog and is invited to another gets one alert): an asked-for alert kind over a new-offer
 * alert, their own watchdog before an invitation, then the registry's order of preference.
 * Digests and quiet hours need the owner's tier (`scheduledDelivery`), checked here like price
 * drops, so a downgrade takes effect at once.
 */
export function recipientsOf(hits: Hit[]): AlertRecipient[] {
  const byEmail = new Map<string, AlertRecipient>();
  const offer = (r: AlertRecipient) => {
    const kept = byEmail.get(r.email);
    const before = !kept
      || ((kept.reason === 'new') !== (r.reason === 'new') ? kept.reason === 'new'
        : kept.member !== r.member ? kept.member
          : speaksBefore(r.watchdog, kept.watchdog));
    if (before) byEmail.set(r.email, r);
  };
  for (const { watchdog: w, reason } of hits) {
    const scheduled = entitlementsOf(w.ownerRole).scheduledDelivery;
    offer({ watchdog: w, reason, email: w.email.toLowerCase(), locale: w.locale, userId: w.userId, delivery: scheduled ? w.delivery : undefined, member: false });
    // A downgrade to a tier that shares with fewer people takes effect at once: the first invitees keep the alerts.
    for (const m of (w.members ?? []).slice(0, entitlementsOf(w.ownerRole).sharedRecipients)) {
      offer({ watchdog: w, reason, email: m.email.toLowerCase(), locale: m.locale, userId: m.userId, delivery: scheduled ? m.delivery : undefined, member: true });
    }
  }
  return [...byEmail.values()];
}

/** Areas' sizes, computed once per area object the registry holds (a replaced watchdog's go with it). */
const sizes = new WeakMap<MapArea, MapAreaSize>();
/** The watchdog's area as its alert e-mail tells it (polygons, km² to 3 decimals), or nothing. */
export function areaOfWatchdog(w: Pick<Watchdog, 'criteria'>): { mapArea: MapAreaSize } | Record<string, never> {
  const area = w.criteria.mapArea;
  if (!area || area.coordinates.length === 0) return {};
  let size = sizes.get(area);
  if (!size) {
    const { polygons, km2 } = mapAreaSize(area);
    size = { polygons, km2: Math.round(km2 * 1000) / 1000 };
    sizes.set(area, size);
  }
  return { mapArea: size };
}

/** One `match.found` per recipient, keyed by the e-mail in lower case so one person's alerts keep order. */
export async function emitMatches(
  bus: Bus, hits: Hit[], offer: Offer, occasion: { fetchedAt: string; correlationId: string; withdrawnAt?: string },
): Promise<number> {
  const matchedAt = new Date().toISOString();
  const { fetchedAt, withdrawnAt } = occasion;
  const items = recipientsOf(hits).map((r) => ({
    key: r.email,
    data: {
      recipient: { email: r.email, locale: r.locale, userId: r.userId },
      watchdogId: r.watchdog.id, offer, reason: r.reason, matchedAt, fetchedAt,
      // The comeback or withdrawal an alert is about (the notifier's ledger key); a new offer or a drop has none.
      ...(withdrawnAt && (r.reason === 'backOnMarket' || r.reason === 'noLongerActive') ? { withdrawnAt } : {}),
      // Free tiers carry a banner, and only with the owner's consent to commercial communications;
      // an invitee has given no such consent, so their alerts carry none.
      withAds: !r.member && entitlementsOf(r.watchdog.ownerRole).adsInEmails && r.watchdog.adsConsent === true,
      maxOffers: entitlementsOf(r.watchdog.ownerRole).maxOffersPerEmail,
      // RadarPrice beside each offer when the watchdog's owner pays (an invitee sees what the owner's plan shows).
      radarPrice: isPaying(r.watchdog.ownerRole),
      ...(r.delivery ? { delivery: r.delivery } : {}),
      // The version of that delivery: the notifier re-plans held alerts only for later changes.
      watchdogUpdatedAt: r.watchdog.updatedAt,
      ...(r.member ? { member: true } : {}),
      // The area drawn on the map, which the e-mail names beside the watchdog's links.
      ...areaOfWatchdog(r.watchdog),
    },
  }));
  await bus.publishMany('match.found', items, { correlationId: occasion.correlationId });
  return items.length;
}
