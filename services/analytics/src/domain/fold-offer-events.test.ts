import type { Offer } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import type { OfferEvent } from './apply-event';
import { applyBucketChange, bucketChangesOf, bucketIdOf } from './bucket-changes';
import { foldOfferEvents, type FoldedOfferEvents } from './fold-offer-events';
import type { OfferFact } from './offer-fact';
import type { BucketCells } from './price-bucket';

const DAY = 86_400_000;
const offer = (id: string, over: Partial<Offer> = {}): Offer => ({ ...exampleOffer, id, createdAt: '2026-10-01T10:00:00.000Z', price: 5_000_000, area: 60, ...over });
const at = (days: number) => new Date(Date.parse('2026-10-01T10:00:00.000Z') + days * DAY).toISOString();
const published = (o: Offer, fetchedDay = 0): OfferEvent => ({ type: 'offer.published', payload: { offer: o, fetchedAt: at(fetchedDay) } });
const updated = (o: Offer, fetchedDay: number): OfferEvent => ({ type: 'offer.updated', payload: { offer: o, previousPrice: null, changes: ['price'], fetchedAt: at(fetchedDay) } });
const withdrawn = (id: string, day: number): OfferEvent => ({ type: 'offer.withdrawn', payload: { offerId: id, withdrawnAt: at(day) } });

/** The read model in memory, filed as the handler files it: buckets from the folded changes, then facts and kept withdrawals. */
class Model {
  readonly facts = new Map<string, OfferFact>();
  readonly pending = new Map<string, number>();
  readonly buckets = new Map<string, BucketCells>();

  file(events: OfferEvent[]): FoldedOfferEvents {
    const folded = foldOfferEvents(events, this.facts, this.pending);
    for (const change of bucketChangesOf(folded.changes)) {
      const id = bucketIdOf(change.key);
      const cells = this.buckets.get(id) ?? {};
      applyBucketChange(cells, change);
      if (Object.keys(cells).length === 0) this.buckets.delete(id);
      else this.buckets.set(id, cells);
    }
    for (const { after } of folded.changes) this.facts.set(after.offerId, after);
    for (const [id, withdrawnAt] of folded.withdrawalsKept) this.pending.set(id, withdrawnAt);
    for (const id of folded.withdrawalsUsed) this.pending.delete(id);
    return folded;
  }

  oneByOne(events: OfferEvent[]): void {
    for (const e of events) this.file([e]);
  }

  snapshot() {
    return { facts: Object.fromEntries(this.facts), pending: Object.fromEntries(this.pending), buckets: Object.fromEntries(this.buckets) };
  }
}

/** Files the events as one batch and one by one into two models: both must end alike. */
function bothWays(events: OfferEvent[], before: OfferEvent[] = []) {
  const batch = new Model();
  const single = new Model();
  batch.oneByOne(before);
  single.oneByOne(before);
  const folded = batch.file(events);
  single.oneByOne(events);
  expect(batch.snapshot()).toEqual(single.snapshot());
  return { folded, model: batch };
}

describe('foldOfferEvents', () => {
  it('ends several events of one offer in a batch as applying them one by one would', () => {
    const o = offer('a');
    // A neighbour of another area band keeps the layout's cell alive while the offer changes bands.
    const neighbour = published(offer('a-next-door', { area: 45 }));
    const { folded, model } = bothWays([published(o), updated({ ...o, price: 4_800_000 }, 2), updated({ ...o, price: 4_600_000, area: 95 }, 5), withdrawn('a', 9)], [neighbour]);
    expect(folded.changes).toHaveLength(1);
    expect(folded.changes[0].before).toBeNull();
    expect(folded.changes[0].after).toMatchObject({ price: 4_600_000, area: 95, publishedMonth: '2026-10', withdrawnAt: Date.parse(at(9)) });
    // The offer counts once in each of its buckets, at its last price, as withdrawn after 9 days.
    const bucket = model.buckets.get(bucketIdOf({ placeKey: 'm:554782', adType: 'Sale', realEstateType: 'Apartment', month: '2026-10' }))!;
    expect(bucket['3+kk']).toMatchObject({ n: 2, ended: { 9: 1 } });
    expect(Object.keys(bucket['3+kk']!.ppm)).toEqual(['1', '3']);
  });

  it('applies a withdrawal read before its publication, in the same batch or an earlier one', () => {
    const o = offer('b');
    const same = bothWays([withdrawn('b', 12), published(o)]);
    expect(same.folded.changes[0].after.withdrawnAt).toBe(Date.parse(at(12)));
    expect(same.folded.withdrawalsKept.size).toBe(0);
    expect(same.folded.withdrawalsUsed).toEqual([]);

    const model = new Model();
    expect(model.file([withdrawn('b', 12)])).toMatchObject({ changes: [], withdrawalsKept: new Map([['b', Date.parse(at(12))]]) });
    const later = model.file([published(o), updated({ ...o, price: 4_900_000 }, 3)]);
    expect(later.withdrawalsUsed).toEqual(['b']);
    expect(later.changes[0].after).toMatchObject({ price: 4_900_000, withdrawnAt: Date.parse(at(12)) });
    expect(model.pending.size).toBe(0);
  });

  it('moves an offer between price bins on a price change and between buckets when it moves', () => {
    const o = offer('c');
    const model = new Model();
    model.file([published(o)]);
    const moved = { ...o, price: 4_000_000, location: { ...o.location, municipalityCode: '500011' } };
    const { changes } = model.file([updated({ ...o, price: 4_500_000 }, 1), updated(moved, 2)]);
    const byPlace = new Map(bucketChangesOf(changes).map((c) => [c.key.placeKey, c]));
    expect(byPlace.get('m:554782')).toMatchObject({ out: [{ price: 5_000_000 }], in: [] });
    expect(byPlace.get('m:500011')).toMatchObject({ out: [], in: [{ price: 4_000_000 }] });
    expect(byPlace.get('r:CZ010')).toMatchObject({ out: [{ price: 5_000_000 }], in: [{ price: 4_000_000 }] });
    expect(model.buckets.has(bucketIdOf({ placeKey: 'm:554782', adType: 'Sale', realEstateType: 'Apartment', month: '2026-10' }))).toBe(false);
    const region = model.buckets.get(bucketIdOf({ placeKey: 'r:CZ010', adType: 'Sale', realEstateType: 'Apartment', month: '2026-10' }))!;
    expect(Object.values(region['3+kk']!.price)).toEqual([1]);
    bothWays([updated({ ...o, price: 4_500_000 }, 1), updated(moved, 2)], [published(o)]);
  });

  it('sums the contributions of a batch\'s offers per bucket', () => {
    const { model } = bothWays([published(offer('d1')), published(offer('d2', { price: 6_000_000 })), published(offer('d3', { dispositionLabel: '2+kk' }))]);
    const region = model.buckets.get(bucketIdOf({ placeKey: 'r:CZ010', adType: 'Sale', realEstateType: 'Apartment', month: '2026-10' }))!;
    expect(region['3+kk']!.n).toBe(2);
    expect(region['2+kk']!.n).toBe(1);
  });

  it('skips events that change nothing, and a redelivered batch changes nothing', () => {
    const o = offer('e');
    const events = [published(o, 1), updated({ ...o, price: 4_700_000 }, 0), withdrawn('e', 5), withdrawn('e', 8)];
    const { folded, model } = bothWays(events);
    // The update was fetched before the publication applied, the second withdrawal comes after the first.
    expect(folded.skipped).toBe(2);
    expect(folded.changes[0].after).toMatchObject({ price: 5_000_000, withdrawnAt: Date.parse(at(5)) });
    const before = model.snapshot();
    expect(model.file(events)).toEqual({ changes: [], withdrawalsKept: new Map(), withdrawalsUsed: [], skipped: 4 });
    expect(model.snapshot()).toEqual(before);
  });
});
