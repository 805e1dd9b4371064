import { getGazetteer } from '@rr/gazetteer';
import type { Offer, RawListing } from '@rr/proto';
import { crossPost, rawListing } from '../../test/factories';
import type { ListingRecord } from './listing-record';
import { DedupeIndex } from './dedupe-index';
import { BatchNormaliser, type BatchInput } from './normalise-batch';
import { offerIdOf } from './offer-factory';

/** An in-memory store that keeps what each batch writes, like the repositories do. */
function memoryStore() {
  const listings = new Map<string, ListingRecord>();
  const offers = new Map<string, Offer>();
  const index = new DedupeIndex();
  const clone = <T>(x: T): T => structuredClone(x);
  const store = {
    findListings: async (keys: string[]) => keys.flatMap((k) => (listings.has(k) ? [clone(listings.get(k)!)] : [])),
    findOffers: async (ids: string[]) => ids.flatMap((id) => (offers.has(id) ? [clone(offers.get(id)!)] : [])),
    candidateIds: async (facts: Parameters<DedupeIndex['candidateIds']>[0]) => index.candidateIds(facts),
  };
  async function run(inputs: BatchInput[]) {
    const result = await new BatchNormaliser(store, getGazetteer(), () => new Date('2026-03-01T10:00:00Z')).run(inputs);
    for (const r of result.listings) listings.set(r.key, clone(r));
    for (const o of result.offers) {
      offers.set(o.id, clone(o));
      index.upsert(o);
    }
    return result;
  }
  return { run, listings, offers };
}

const fetched = (listing: RawListing, at = '2026-03-01T10:00:00.000Z'): BatchInput => ({ kind: 'fetched', data: { listing, fetchedAt: at } });
const withdrawn = (l: RawListing, at = '2026-03-02T10:00:00.000Z'): BatchInput => ({ kind: 'withdrawn', data: { portal: l.portal, listingId: l.listingId, detectedAt: at } });

describe('normalising a batch', () => {
  const base = rawListing();

  it('publishes a new listing as an offer with a deterministic id, title, price per m² and place', async () => {
    const { run } = memoryStore();
    const { events } = await run([fetched(base)]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'offer.published', key: offerIdOf('sreality:1001') });
    const offer = (events[0].data as { offer: Offer }).offer;
    expect(offer).toMatchObject({
      id: offerIdOf('sreality:1001'), title: 'Prodej bytu 2+kk 54 m²', pricePerM2: 101_667, disposition: '2bed', origin: 'sreality', active: true,
      location: { municipalityCode: '582786', districtCode: 'CZ0642', regionCode: 'CZ064', resolvedBy: 'gps' },
      priceHistory: [{ price: 5_490_000, at: '2026-03-01T10:00:00.000Z' }],
    });
  });

  it('does nothing when the same listing is seen again unchanged or redelivered', async () => {
    const { run } = memoryStore();
    await run([fetched(base)]);
    const again = await run([fetched(base, '2026-03-01T11:00:00.000Z'), fetched(base)]);
    expect(again.events).toEqual([]);
    expect(again.stats.unchanged).toBe(2);
  });

  it('emits an update with price history when the price changes', async () => {
    const { run } = memoryStore();
    await run([fetched(base)]);
    const { events } = await run([fetched({ ...base, price: 5_200_000, priceText: '5 200 000 Kč' }, '2026-03-03T10:00:00.000Z')]);
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('offer.updated');
    const data = events[0].data as { offer: Offer; previousPrice: number; changes: string[] };
    expect(data.previousPrice).toBe(5_490_000);
    expect(data.changes).toEqual(['price']);
    expect(data.offer.priceHistory.map((p) => p.price)).toEqual([5_490_000, 5_200_000]);
    expect(data.offer.pricePerM2).toBe(96_296);
  });

  it('moves the price with the primary listing only: one drop on two portals is one drop, in either order', async () => {
    for (const order of ['primary first', 'cross-post first'] as const) {
      const { run } = memoryStore();
      const other = crossPost(base, { price: base.price! + 20_000 });
      await run([fetched(base), fetched(other)]);
      // The cross-post's own price, moving or not, is its portal's; the offer keeps the primary's.
      const drops = [fetched({ ...base, price: base.price! - 100_000 }), fetched({ ...other, price: other.price! - 100_000 })];
      const first = await run([order === 'primary first' ? drops[0] : drops[1]]);
      const second = await run([order === 'primary first' ? drops[1] : drops[0]]);
      const events = [...first.events, ...second.events].filter((e) => (e.data as { changes: string[] }).changes.includes('price'));
      expect(events).toHaveLength(1);
      const data = events[0].data as { offer: Offer; previousPrice: number };
      expect(data.previousPrice).toBe(5_490_000);
      expect(data.offer.price).toBe(5_390_000);
      expect(data.offer.priceHistory.map((p) => p.price)).toEqual([5_490_000, 5_390_000]);
      expect(data.offer.sources.map((s) => s.price)).toEqual([5_390_000, order === 'primary first' ? 5_510_000 : 5_410_000]);
    }
  });

  it('does not call the primary listing moving within a few thousand a price change', async () => {
    const { run } = memoryStore();
    await run([fetched(base)]);
    const noise = await run([fetched({ ...base, price: 5_495_000 })]);
    expect(noise.events).toEqual([]);
  });

  it('takes the price of the listing that is left once the primary one is gone and the cross-post moves', async () => {
    const { run } = memoryStore();
    const other = crossPost(base, { price: 5_600_000 });
    await run([fetched(base), fetched(other)]);
    await run([withdrawn(base)]);
    const drop = await run([fetched({ ...other, price: 5_300_000 }, '2026-03-03T10:00:00.000Z')]);
    const data = drop.events[0].data as { offer: Offer; changes: string[] };
    expect(data.changes).toContain('price');
    expect(data.offer.price).toBe(5_300_000);
    expect(data.offer.priceHistory.map((p) => p.price)).toEqual([5_490_000, 5_300_000]);
  });

  it('makes one property of a cross-post, announced as a new source rather than a new offer', async () => {
    const { run, offers } = memoryStore();
    await run([fetched(base)]);
    const { events } = await run([fetched(crossPost(base))]);
    expect(events.map((e) => e.type)).toEqual(['offer.updated']);
    expect((events[0].data as { changes: string[] }).changes).toEqual(['sources']);
    expect(offers.size).toBe(1);
    expect([...offers.values()][0].sources.map((s) => s.portal)).toEqual(['sreality', 'idnes']);
  });

  it('knows the seller from its listings: private while the telling ones say so, an agency once one of them is', async () => {
    const { run, offers } = memoryStore();
    const { events } = await run([fetched({ ...base, privateSeller: true })]);
    expect((events[0].data as { offer: Offer }).offer.privateSeller).toBe(true);
    await run([fetched(crossPost(base, { privateSeller: null }))]);
    expect([...offers.values()][0].privateSeller).toBe(true);
    const agency = await run([fetched(crossPost(base, { listingId: 'agency-1', portal: 'realitymix', privateSeller: false }))]);
    expect((agency.events[0].data as { changes: string[] }).changes).toEqual(['sources', 'details']);
    expect([...offers.values()][0].privateSeller).toBe(false);
  });

  it('meets cross-posts inside one batch and publishes the property once', async () => {
    const { run } = memoryStore();
    const { events } = await run([fetched(base), fetched(crossPost(base))]);
    expect(events.map((e) => e.type)).toEqual(['offer.published']);
    expect((events[0].data as { offer: Offer }).offer.sources).toHaveLength(2);
  });

  it('keeps the offer active while another portal still shows it, and withdraws it with the last one', async () => {
    const { run } = memoryStore();
    const other = crossPost(base);
    await run([fetched(base), fetched(other)]);
    const first = await run([withdrawn(base)]);
    expect(first.events.map((e) => e.type)).toEqual(['offer.updated']);
    expect((first.events[0].data as { offer: Offer }).offer.url).toBe(other.url);
    const last = await run([withdrawn(other)]);
    expect(last.events).toEqual([{ type: 'offer.withdrawn', key: offerIdOf('sreality:1001'), data: { offerId: offerIdOf('sreality:1001'), withdrawnAt: '2026-03-02T10:00:00.000Z', offer: expect.objectContaining({ active: false, withdrawnAt: '2026-03-02T10:00:00.000Z' }) } }]);
    expect((await run([withdrawn(other)])).events).toEqual([]);
  });

  it('reactivates a withdrawn offer when its listing comes back', async () => {
    const { run } = memoryStore();
    await run([fetched(base)]);
    await run([withdrawn(base)]);
    const { events } = await run([fetched(base, '2026-03-04T10:00:00.000Z')]);
    expect(events[0].type).toBe('offer.updated');
    expect((events[0].data as { changes: string[]; offer: Offer }).changes).toContain('reactivated');
    expect((events[0].data as { offer: Offer }).offer.active).toBe(true);
  });

  it('announces a return after a day withdrawn as a comeback, once, beside the reactivating update', async () => {
    const { run, offers } = memoryStore();
    await run([fetched(base)]);
    await run([withdrawn(base, '2026-03-02T10:00:00.000Z')]);
    const back = await run([fetched(base, '2026-03-04T10:00:00.000Z')]);
    expect(back.events.map((e) => e.type)).toEqual(['offer.updated', 'offer.relisted']);
    expect(back.events[1]).toMatchObject({ key: offerIdOf('sreality:1001'), data: { withdrawnAt: '2026-03-02T10:00:00.000Z', fetchedAt: '2026-03-04T10:00:00.000Z', offer: { active: true, withdrawnAt: null } } });
    expect(back.stats.relisted).toBe(1);
    expect(offers.get(offerIdOf('sreality:1001'))?.withdrawnAt).toBeNull();
    // The listing seen again (or redelivered) is no second comeback.
    expect((await run([fetched(base, '2026-03-04T11:00:00.000Z')])).events).toEqual([]);
  });

  it('announces each comeback of its own: withdrawn again, back again', async () => {
    const { run } = memoryStore();
    await run([fetched(base)]);
    await run([withdrawn(base, '2026-03-02T10:00:00.000Z')]);
    await run([fetched(base, '2026-03-04T10:00:00.000Z')]);
    await run([withdrawn(base, '2026-03-06T10:00:00.000Z')]);
    const again = await run([fetched(base, '2026-03-09T10:00:00.000Z')]);
    expect(again.events.filter((e) => e.type === 'offer.relisted').map((e) => (e.data as { withdrawnAt: string }).withdrawnAt)).toEqual(['2026-03-06T10:00:00.000Z']);
  });

  it('does not call a return within hours a comeback (a re-post or a portal hiccup)', async () => {
    const { run } = memoryStore();
    await run([fetched(base)]);
    await run([withdrawn(base, '2026-03-02T10:00:00.000Z')]);
    const back = await run([fetched(base, '2026-03-02T13:00:00.000Z')]);
    expect(back.events.map((e) => e.type)).toEqual(['offer.updated']);
    expect((back.events[0].data as { changes: string[] }).changes).toContain('reactivated');
  });

  it('brings the property back on another portal as a comeback of the same offer, not a new offer', async () => {
    const { run, offers } = memoryStore();
    await run([fetched(base)]);
    await run([withdrawn(base, '2026-03-02T10:00:00.000Z')]);
    const back = await run([fetched(crossPost(base), '2026-03-05T10:00:00.000Z')]);
    expect(back.events.map((e) => e.type)).toEqual(['offer.updated', 'offer.relisted']);
    expect(offers.size).toBe(1);
  });

  it('merges a re-post under a new id on the portal that withdrew the old listing, as a comeback', async () => {
    const { run, offers } = memoryStore();
    await run([fetched(base)]);
    await run([withdrawn(base, '2026-03-02T10:00:00.000Z')]);
    const repost = rawListing({ listingId: '1002', url: 'https://www.sreality.cz/detail/prodej/byt/2+kk/brno-kralovo-pole-srbska/1002' });
    const back = await run([fetched(repost, '2026-03-05T10:00:00.000Z')]);
    expect(back.events.map((e) => e.type)).toEqual(['offer.updated', 'offer.relisted']);
    expect(offers.size).toBe(1);
    // While the first listing is shown, a second one on the same portal stays another property.
    const { run: run2, offers: offers2 } = memoryStore();
    await run2([fetched(base)]);
    await run2([fetched(repost)]);
    expect(offers2.size).toBe(2);
  });

  it('keeps and flags a listing whose place cannot be found', async () => {
    const { run, listings } = memoryStore();
    const lost = rawListing({ listingId: '2002', locality: 'lokalita neuvedena', lat: null, lon: null });
    const { events, stats } = await run([fetched(lost)]);
    expect(stats.unresolved).toBe(1);
    expect((events[0].data as { offer: Offer }).offer.location).toMatchObject({ resolvedBy: 'unresolved', municipalityCode: null, name: 'lokalita neuvedena' });
    expect(listings.get('sreality:2002')?.flags).toEqual(['location-unresolved']);
  });

  it('ignores the withdrawal of a listing it never saw', async () => {
    const { run } = memoryStore();
    const { events, stats } = await run([withdrawn(base)]);
    expect(events).toEqual([]);
    expect(stats.skipped).toBe(1);
  });
});
