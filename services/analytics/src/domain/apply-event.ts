import type { OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import { factFromOffer, type OfferFact } from './offer-fact';
import { gridKeysOf } from './grid';

export type OfferEvent =
  | { type: 'offer.published'; payload: OfferPublishedV1 }
  | { type: 'offer.updated'; payload: OfferUpdatedV1 }
  | { type: 'offer.withdrawn'; payload: OfferWithdrawnV1 };

/**
 * The fact after an event, from the fact before it (null when unseen). Idempotent and tolerant of
 * order: the three offer topics are read side by side, so a withdrawal can be read before the
 * publication it ends (always so when the model is rebuilt from the topics).
 * - updated: the current price and details; the publication date stays the first one, so a price
 *   cut does not look like a fresh offer.
 * - a withdrawal stands unless a later-fetched publication or update brings the offer back; then
 *   the same spell continues — a relisting is not a sale (wave2 §3.2).
 * - a withdrawal of an offer not seen yet is kept aside (`pendingWithdrawnAt`) by the handler and
 *   applied when the offer arrives; this function then returns null.
 */
export function applyOfferEvent(before: OfferFact | null, event: OfferEvent, pendingWithdrawnAt: number | null = null): OfferFact | null {
  switch (event.type) {
    case 'offer.published':
    case 'offer.updated': {
      const fetchedAt = Date.parse(event.payload.fetchedAt);
      const known = before?.withdrawnAt ?? pendingWithdrawnAt;
      const withdrawnAt = known !== null && known > fetchedAt ? known : null;
      const next = factFromOffer(event.payload.offer, withdrawnAt, fetchedAt);
      if (!before) return next;
      // An event fetched before the one applied last (read late from another topic) changes nothing.
      if (fetchedAt < before.seenAt) return before;
      return { ...next, publishedAt: before.publishedAt, publishedMonth: before.publishedMonth };
    }
    case 'offer.withdrawn': {
      if (!before) return null;
      if (before.withdrawnAt !== null) return before;
      return { ...before, withdrawnAt: Date.parse(event.payload.withdrawnAt) };
    }
  }
}

/**
 * Every place a fact is reported under, as one top-level key per level (`m:554782`,
 * `d:CZ0100`, `r:CZ010`, `p:PRAHA-2`): the read model stores one row per key so a report for any
 * kind of place is one indexed equality + range read (no arrays, no dotted paths).
 */
export function placeKeysOf(fact: Pick<OfferFact, 'regionCode' | 'districtCode' | 'municipalityCode' | 'pragueDistrictCode'>): string[] {
  const keys: string[] = [];
  if (fact.municipalityCode) keys.push(`m:${fact.municipalityCode}`);
  if (fact.districtCode) keys.push(`d:${fact.districtCode}`);
  if (fact.regionCode) keys.push(`r:${fact.regionCode}`);
  if (fact.pragueDistrictCode) keys.push(`p:${fact.pragueDistrictCode}`);
  return keys;
}

/**
 * Every bucket key a fact counts under: its places, and its grid cell at each level when it has a
 * point (radius reports read those). Offer rows stay per place only.
 */
export function bucketKeysOf(fact: Pick<OfferFact, 'regionCode' | 'districtCode' | 'municipalityCode' | 'pragueDistrictCode' | 'lat' | 'lon'>): string[] {
  const keys = placeKeysOf(fact);
  if (fact.lat !== null && fact.lon !== null) keys.push(...gridKeysOf({ lat: fact.lat, lon: fact.lon }));
  return keys;
}
