import type { Connection } from 'mongoose';
import { PORTALS, type Offer } from '@rr/proto';
import { EXAMPLES } from '@rr/proto/examples';
import { getGazetteer } from '@rr/gazetteer';
import type { ListingRecord } from '../../../services/normaliser/src/domain/listing-record';
import { OfferStore } from '../../../services/normaliser/src/repositories/offer-store';
import { Market, seeded } from '../matcher-market';

const DAY = 86_400_000;
export const offerId = (n: number) => `of_scale${n.toString(16).padStart(8, '0')}`;

const DESCRIPTION =
  'Nabízíme k prodeji světlý byt v klidné části města, v blízkosti občanské vybavenosti, škol a zastávek MHD. '
  + 'Byt prošel před třemi lety rekonstrukcí: nová kuchyňská linka s vestavnými spotřebiči, koupelna se sprchovým koutem, '
  + 'plastová okna a podlahy. K bytu náleží sklepní kóje a možnost parkování před domem. Dům je po revitalizaci, '
  + 'má nový výtah a zateplenou fasádu. Nízké náklady na bydlení, dobře fungující SVJ. Prohlídky po domluvě, '
  + 'rádi vám zodpovíme všechny dotazy a zajistíme financování.';

/** One chunk of the seeded market: the offers, their listing records and when each was withdrawn (null: still listed). */
export type OfferChunk = { offers: Offer[]; listings: ListingRecord[]; withdrawnAt: (string | null)[] };

/**
 * The seeded market, generated in chunks in publication order (deterministic for the counts and
 * `now`, so a stored seeding can be generated again to file it elsewhere): `counts.offers` over the
 * two years before `now`, the newest `counts.active` still listed, the rest withdrawn 3–120 days
 * after publication, each with one to three portal sources (and their listing records) and a price history.
 */
export function* scaleOffers(counts: { offers: number; active: number }, now: number, chunk = 2_000): Generator<OfferChunk> {
  const r = seeded(20261126);
  const market = new Market(getGazetteer(), r);
  const template = EXAMPLES['match.found'].offer;
  for (let first = 0; first < counts.offers; first += chunk) {
    const out: OfferChunk = { offers: [], listings: [], withdrawnAt: [] };
    for (let n = first; n < Math.min(first + chunk, counts.offers); n++) {
      const m = market.offer(n);
      const active = n >= counts.offers - counts.active;
      const foundAt = new Date(now - ((counts.offers - n) / counts.offers) * 730 * DAY);
      const withdrawnAt = active ? null : new Date(foundAt.getTime() + r.int(3, 120) * DAY).toISOString();
      const portals = [...new Set(Array.from({ length: r.weighted([[1, 0.6], [2, 0.3], [3, 0.1]] as const) }, () => r.pick(PORTALS)))];
      const sources = portals.map((portal, i) => ({
        portal, listingId: `${n}${i}`, url: `https://${portal}.example/detail/${n}${i}`, price: m.price, firstSeenAt: foundAt.toISOString(), active,
      }));
      const history = Array.from({ length: r.int(1, 4) }, (_, i) => ({ price: m.price == null ? null : Math.round(m.price * (1 + 0.03 * i)), at: new Date(foundAt.getTime() + i * 9 * DAY).toISOString() }))
        .reverse();
      const offer: Offer = {
        ...template, ...m, id: offerId(n), title: `${template.title} (${n})`, url: sources[0].url, description: DESCRIPTION,
        createdAt: foundAt.toISOString(), foundAt: foundAt.toISOString(), origin: portals[0], sources, active,
        priceHistory: history.filter((h): h is { price: number; at: string } => h.price != null),
      };
      out.offers.push(offer);
      out.withdrawnAt.push(withdrawnAt);
      for (const s of sources) {
        out.listings.push({
          key: `${s.portal}:${s.listingId}`, portal: s.portal, listingId: s.listingId, offerId: offer.id, fingerprint: `f${n}`, active,
          firstSeenAt: s.firstSeenAt, lastSeenAt: withdrawnAt ?? new Date(now).toISOString(), withdrawnAt, flags: [], url: s.url, price: m.price,
          locality: offer.location.name,
        });
      }
    }
    yield out;
  }
}

/** When a stored seeding was generated: its first offer is published exactly two years before. */
export const seedingNowOf = (firstFoundAt: string) => Date.parse(firstFoundAt) + 730 * DAY;

/**
 * Offers as the normaliser stores them, written through its own store (the journal's projection),
 * `scaleOffers(counts, now)` chunk by chunk; `alsoTo` gets each chunk once stored (the analytics
 * read model is filed from the same chunks).
 */
export async function seedOffers(
  db: Connection, counts: { offers: number; active: number }, now: number, progress: (line: string) => void, alsoTo?: (chunk: OfferChunk) => Promise<void>,
): Promise<void> {
  const store = new OfferStore(db);
  await store.init();
  let stored = 0;
  let chunks = 0;
  // Two chunks in flight while the next is generated: one chunk's writes are a chain of round trips
  // (listings, the offers present, offers, lookup keys), so alone it left the database idle while
  // the bench worked and the other way round. Chunks hold new, distinct offers, so they do not meet.
  const inFlight: Promise<unknown>[] = [];
  for (const chunk of scaleOffers(counts, now)) {
    if (inFlight.length >= 2) await inFlight.shift();
    const applying = Promise.all([store.apply({ offers: chunk.offers, listings: chunk.listings }), alsoTo?.(chunk)]).then(() => {
      stored += chunk.offers.length;
      if (chunks++ % 25 === 0 || stored >= counts.offers) progress(`offers: ${stored.toLocaleString('en')} stored`);
    });
    applying.catch(() => {}); // awaited in its turn
    inFlight.push(applying);
  }
  for (const applying of inFlight) await applying;
}
