import type { Connection } from 'mongoose';
import type { Gazetteer } from '@rr/gazetteer';
import type { Offer } from '@rr/proto';
import { factFromOffer, monthOf } from '@rr/analytics/src/domain/offer-fact';
import { BucketFiler } from '../analytics-buckets';
import type { CallSpec } from './calls';

const DAY = 86_400_000;

/**
 * Files the seeded offers (read back from the normaliser's database in `_id` pages) into the
 * analytics read model's buckets of the report windows (24 months), as the service files offer
 * events. The seed keeps no withdrawal date on the offer: a withdrawn one counts as withdrawn a
 * week after its last price (days on market are figures here, not checked).
 */
export async function seedAnalytics(offersDb: Connection, analyticsDb: Connection, progress: (line: string) => void): Promise<{ offers: number; buckets: number }> {
  const filer = new BucketFiler(monthOf(Date.now() - 25 * 31 * DAY));
  const offers = offersDb.db!.collection<{ _id: string; body: string }>('offers');
  let after = '';
  let read = 0;
  for (;;) {
    const page = await offers.find({ _id: { $gt: after } }, { projection: { body: 1 } }).sort({ _id: 1 }).limit(5_000).toArray();
    if (page.length === 0) break;
    for (const d of page) {
      const o = JSON.parse(d.body) as Offer;
      const last = o.priceHistory.length ? Date.parse(o.priceHistory[o.priceHistory.length - 1].at) : Date.parse(o.foundAt);
      filer.add(factFromOffer(o, o.active ? null : last + 7 * DAY));
    }
    read += page.length;
    after = page[page.length - 1]._id;
    if (read % 100_000 < 5_000) progress(`analytics: ${read.toLocaleString('en')} offers read`);
  }
  return { offers: filer.filed, buckets: await filer.store(analyticsDb) };
}

/**
 * Price reports through the gateway (issue 17: p99 ≤ 50 ms for any place over 3 months): places
 * of every kind drawn by population like the market (Praha's districts among them), and every
 * fifth a point with a 2 km radius that widens as needed.
 */
export function reportCalls(gazetteer: Gazetteer, requests: number): CallSpec[] {
  const municipalities = [...gazetteer.list('municipality')].sort((a, b) => b.population - a.population).slice(0, 2_000);
  const places = [...municipalities, ...gazetteer.list('district'), ...gazetteer.list('region'), ...gazetteer.list('pragueDistrict')];
  const query = (i: number) => {
    const p = places[(i * 7919) % places.length];
    return i % 5 === 4 ? `lat=${p.point.lat.toFixed(4)}&lon=${p.point.lon.toFixed(4)}&radiusKm=2` : `placeKind=${p.kind}&placeCode=${encodeURIComponent(p.code)}`;
  };
  return [{ name: 'GET /api/analytics/report', requests, make: (i) => ({ method: 'GET', path: `/api/analytics/report?${query(i)}` }) }];
}
