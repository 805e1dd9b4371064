import type { Connection } from 'mongoose';
import type { Gazetteer } from '@rr/gazetteer';
import type { Offer } from '@rr/proto';
import { factFromOffer, type OfferFact } from '@rr/analytics/src/domain/offer-fact';
import { BucketFiler } from '../analytics-buckets';
import { pacedAt, type CallSpec } from './calls';
import { scaleOffers, type OfferChunk } from './seed-offers';

/**
 * The fact the analytics service holds for a seeded offer once it has read its events
 * (published, updated to its price, withdrawn at `withdrawnAt`): the offer as it stands, published
 * at its creation, withdrawn when the seed withdrew it.
 */
export const seededFact = (offer: Offer, withdrawnAt: string | null): OfferFact => factFromOffer(offer, withdrawnAt === null ? null : Date.parse(withdrawnAt));

/**
 * The analytics read model of the seeded offers, filed from the generated chunks as they come
 * (publication order), each month's buckets written in bulk once the next month begins: the
 * offers are never read back from the database, and memory holds one month of buckets and the
 * per-place counts.
 */
export class AnalyticsSeed {
  private readonly filer = new BucketFiler('');
  /** The finished months' bucket writes, one after another (a rejection is kept for the next add or finish). */
  private writing: Promise<void> = Promise.resolve();
  /** The month of the last chunk's first offer. */
  private month = '';

  constructor(private readonly db: Connection) {}

  /**
   * Files a chunk (chunks in publication order). When a chunk begins a new month, the months
   * before it are written while the caller goes on with the next chunks (the offers' own writes go
   * to another database); the answer then waits for the previous month's write, so at most one
   * month of buckets waits behind the one being written.
   */
  add(chunk: OfferChunk): Promise<void> {
    chunk.offers.forEach((o, i) => this.filer.add(seededFact(o, chunk.withdrawnAt[i])));
    const month = chunk.offers[0]?.createdAt.slice(0, 7) ?? '';
    if (month <= this.month) return Promise.resolve();
    this.month = month;
    const before = this.writing;
    const writing = before.then(() => this.filer.flushBefore(this.db, month));
    writing.catch(() => {});
    this.writing = writing;
    return before;
  }

  /** Writes what is left; answers the offers filed and bucket documents written. */
  async finish(): Promise<{ offers: number; buckets: number }> {
    await this.writing;
    const buckets = await this.filer.store(this.db);
    return { offers: this.filer.filed, buckets };
  }
}

/** Files a stored seeding (generated again from its counts and `now`) into the analytics read model. */
export async function seedAnalytics(counts: { offers: number; active: number }, now: number, analyticsDb: Connection, progress: (line: string) => void): Promise<{ offers: number; buckets: number }> {
  const seed = new AnalyticsSeed(analyticsDb);
  let filed = 0;
  for (const chunk of scaleOffers(counts, now, 10_000)) {
    await seed.add(chunk);
    filed += chunk.offers.length;
    if (filed % 100_000 === 0) progress(`analytics: ${filed.toLocaleString('en')} offers filed`);
  }
  return seed.finish();
}

/**
 * Price reports through the gateway (issue 17: p99 ≤ 50 ms for any place over 3 months): places
 * of every kind drawn by population like the market (Praha's districts among them), and every
 * fifth a point with a 2 km radius that widens as needed.
 */
export function reportCalls(gazetteer: Gazetteer, requests: number, ratesPerSecond: number[]): CallSpec[] {
  const municipalities = [...gazetteer.list('municipality')].sort((a, b) => b.population - a.population).slice(0, 2_000);
  const places = [...municipalities, ...gazetteer.list('district'), ...gazetteer.list('region'), ...gazetteer.list('pragueDistrict')];
  const query = (i: number) => {
    const p = places[(i * 7919) % places.length];
    return i % 5 === 4 ? `lat=${p.point.lat.toFixed(4)}&lon=${p.point.lon.toFixed(4)}&radiusKm=2` : `placeKind=${p.kind}&placeCode=${encodeURIComponent(p.code)}`;
  };
  const spec: CallSpec = { name: 'GET /api/analytics/report', requests, make: (i) => ({ method: 'GET', path: `/api/analytics/report?${query(i)}` }) };
  // The same reports at stated loads (issue 17's latency target is a report's, not the machine's capacity).
  return [spec, ...ratesPerSecond.map((rate, k) => pacedAt(spec, rate, requests, (k + 1) * requests))];
}
