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

/**
 * Offers as the normaliser stores them, written through its own store (the journal's projection):
 * `counts.offers` over two years, the newest `counts.active` still listed, the rest withdrawn,
 * each with one to three portal sources (and their listing records) and a price history.
 */
export async function seedOffers(db: Connection, counts: { offers: number; active: number }, progress: (line: string) => void): Promise<void> {
  const store = new OfferStore(db);
  await store.init();
  const r = seeded(20261126);
  const market = new Market(getGazetteer(), r);
  const template = EXAMPLES['match.found'].offer;
  const now = Date.now();
  const chunk = 2_000;
  for (let first = 0; first < counts.offers; first += chunk) {
    const offers: Offer[] = [];
    const listings: ListingRecord[] = [];
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
      offers.push(offer);
      for (const s of sources) {
        listings.push({
          key: `${s.portal}:${s.listingId}`, portal: s.portal, listingId: s.listingId, offerId: offer.id, fingerprint: `f${n}`, active,
          firstSeenAt: s.firstSeenAt, lastSeenAt: withdrawnAt ?? new Date(now).toISOString(), withdrawnAt, flags: [], url: s.url, price: m.price,
          locality: offer.location.name,
        });
      }
    }
    await store.apply({ offers, listings });
    if ((first / chunk) % 25 === 0 || first + chunk >= counts.offers) progress(`offers: ${Math.min(first + chunk, counts.offers).toLocaleString('en')} stored`);
  }
}
