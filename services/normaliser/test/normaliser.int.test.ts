import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Bus, createLogger, runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import type { Envelope, Offer, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1, RawListing } from '@rr/proto';
import { normaliserService } from '../src/main';
import { offerIdOf } from '../src/domain/offer-factory';
import { crossPost, rawListing } from './factories';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const env = {
  ...process.env,
  KAFKA_TOPIC_PREFIX: `t-${run}.`,
  MONGO_DB_SUFFIX: `-t${run}`,
  HEALTH_PORT: '0',
  OFFERS_API_PORT: '0',
  NORMALISER_FROM_BEGINNING: 'true',
  LOG_LEVEL: 'silent',
};

type Received = { published: Array<Envelope<OfferPublishedV1>>; updated: Array<Envelope<OfferUpdatedV1>>; withdrawn: Array<Envelope<OfferWithdrawnV1>> };

const waitFor = <T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000) => waitForValue(what, probe, timeoutMs);

describe('normaliser against Kafka and the database', () => {
  let service: Awaited<ReturnType<typeof runService<typeof normaliserService.configSchema>>>;
  let bus: Bus;
  let api: string;
  const received: Received = { published: [], updated: [], withdrawn: [] };
  const fetchedAt = () => new Date().toISOString();
  const publishFetched = (...listings: RawListing[]) =>
    bus.publishMany('listing.fetched', listings.map((listing) => ({ key: `${listing.portal}:${listing.listingId}`, data: { listing, fetchedAt: fetchedAt() } })));
  const eventsFor = (offerId: string) => [
    ...received.published.filter((e) => e.key === offerId),
    ...received.updated.filter((e) => e.key === offerId),
    ...received.withdrawn.filter((e) => e.key === offerId),
  ];

  beforeAll(async () => {
    bus = new Bus({ clientId: 'normaliser-test', brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({
      group: 'test.offers', events: ['offer.published', 'offer.updated', 'offer.withdrawn'], fromBeginning: true,
      handle: async (e) => {
        if (e.type === 'offer.published') received.published.push(e as Envelope<OfferPublishedV1>);
        else if (e.type === 'offer.updated') received.updated.push(e as Envelope<OfferUpdatedV1>);
        else received.withdrawn.push(e as Envelope<OfferWithdrawnV1>);
      },
    });
    service = await runService(normaliserService, env, { trapSignals: false });
    const health = await request(`http://127.0.0.1:${service.healthPort}`).get('/health');
    api = `http://127.0.0.1:${(health.body as { details: { offersApiPort: number } }).details.offersApiPort}`;
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
  });

  it('publishes a property once, however many portals carry it, and serves it with its sources', async () => {
    const first = rawListing({ listingId: `a-${run}` });
    const second = crossPost(first, { listingId: `b-${run}` });
    await publishFetched(first);
    const id = offerIdOf(`sreality:a-${run}`);
    const [published] = await waitFor('offer.published', () => received.published.filter((e) => e.key === id).length > 0 && received.published);
    expect(published.data.offer).toMatchObject({ id, title: 'Prodej bytu 2+kk 54 m²', location: { municipalityCode: '582786' } });

    await publishFetched(second);
    const update = await waitFor('offer.updated', () => received.updated.find((e) => e.key === id));
    expect(update.data.changes).toEqual(['sources']);
    expect(received.published.filter((e) => e.data.offer.sources.some((s) => s.listingId === second.listingId))).toEqual([]);

    const answer = await request(api).get(`/offers/${id}`).expect(200);
    expect((answer.body.data as Offer).sources.map((s) => s.portal)).toEqual(['sreality', 'idnes']);
  });

  it('ignores a listing seen again unchanged and records a price change in the history', async () => {
    const listing = rawListing({ listingId: `p-${run}`, locality: 'Plzeň', lat: 49.7475, lon: 13.3776, description: 'Byt v Plzni na Slovanech.', images: [] });
    const id = offerIdOf(`sreality:p-${run}`);
    await publishFetched(listing);
    await waitFor('offer.published', () => eventsFor(id).length === 1);
    await publishFetched(listing, { ...listing, price: 5_000_000, priceText: '5 000 000 Kč' });
    const update = await waitFor('price update', () => received.updated.find((e) => e.key === id));
    expect(update.data).toMatchObject({ previousPrice: 5_490_000, changes: ['price'] });
    expect(update.data.offer.priceHistory.map((p) => p.price)).toEqual([5_490_000, 5_000_000]);
    expect(eventsFor(id)).toHaveLength(2);
  });

  it('withdraws the offer when the last portal withdraws it', async () => {
    const listing = rawListing({ listingId: `w-${run}`, locality: 'Liberec', lat: 50.7663, lon: 15.0543, description: 'Byt v Liberci.', images: [] });
    const id = offerIdOf(`sreality:w-${run}`);
    await publishFetched(listing);
    await waitFor('offer.published', () => eventsFor(id).length === 1);
    await bus.publish('listing.withdrawn', `sreality:w-${run}`, { portal: 'sreality', listingId: `w-${run}`, detectedAt: fetchedAt() });
    const withdrawn = await waitFor('offer.withdrawn', () => received.withdrawn.find((e) => e.key === id));
    expect(withdrawn.data.offerId).toBe(id);
    const answer = await request(api).get(`/offers/${id}`).expect(200);
    expect(answer.body.data.active).toBe(false);
  });

  it('keeps going past a message that is not an event and a listing with no usable place', async () => {
    await bus.publishRaw('listing.fetched', 'junk', '{"not":"an envelope"}');
    const lost = rawListing({ listingId: `u-${run}`, locality: '???', lat: null, lon: null });
    await publishFetched(lost);
    const [event] = await waitFor('unresolved offer', () => received.published.filter((e) => e.key === offerIdOf(`sreality:u-${run}`)).length > 0 && received.published.filter((e) => e.key === offerIdOf(`sreality:u-${run}`)));
    expect(event.data.offer.location.resolvedBy).toBe('unresolved');
  });

  it('after a restart remembers what it saw: an unchanged listing emits nothing, a cross-post joins the stored offer', async () => {
    const listing = rawListing({ listingId: `r-${run}`, locality: 'Olomouc', lat: 49.5938, lon: 17.2509, description: 'Byt v Olomouci u parku, po rekonstrukci.', images: [] });
    const id = offerIdOf(`sreality:r-${run}`);
    await publishFetched(listing);
    await waitFor('offer.published', () => eventsFor(id).length === 1);
    await service.stop();
    service = await runService(normaliserService, env, { trapSignals: false });
    await publishFetched(listing, crossPost(listing, { listingId: `rx-${run}` }));
    const update = await waitFor('cross-post update', () => received.updated.find((e) => e.key === id));
    expect(update.data.changes).toEqual(['sources']);
    expect(eventsFor(id)).toHaveLength(2);
  });

  it('lists recent offers and answers 404 for an unknown one', async () => {
    const health = await request(`http://127.0.0.1:${service.healthPort}`).get('/health');
    api = `http://127.0.0.1:${(health.body as { details: { offersApiPort: number } }).details.offersApiPort}`;
    const list = await request(api).get('/offers?limit=2').expect(200);
    expect(list.body.data.items).toHaveLength(2);
    expect(list.body.data.total).toBeGreaterThanOrEqual(3);
    expect(list.body.data.totalCapped).toBe(false);
    await request(api).get('/offers/of_nope').expect(404);
    await request(api).get('/offers?limit=0').expect(400);
    await request(api).get('/offers?after=nonsense').expect(400);
  });

  it('pages by cursor and by offset through every offer once, listed and withdrawn, newest first, the same as one long page', async () => {
    const all = await request(api).get('/offers?limit=100&active=all').expect(200);
    const items = all.body.data.items as Offer[];
    const expected = items.map((o) => o.id);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    // Both states, merged into one order (they are two ranges of the index).
    expect(items.some((o) => !o.active) && items.some((o) => o.active)).toBe(true);
    const order = items.map((o) => [Date.parse(o.foundAt), o.id] as const);
    expect([...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1))).toEqual(order);
    expect(all.body.data.total).toBe(expected.length);
    const middle = await request(api).get('/offers?limit=2&offset=1&active=all').expect(200);
    expect((middle.body.data.items as Offer[]).map((o) => o.id)).toEqual(expected.slice(1, 3));
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: request.Response = await request(api).get(`/offers?limit=2&active=all${next ? `&after=${next}` : ''}`).expect(200);
      seen.push(...(page.body.data.items as Offer[]).map((o) => o.id));
      next = page.body.data.next as string | null;
    } while (next && seen.length < 200);
    expect(seen).toEqual(expected);
  });

  describe('the public API\'s offer endpoints (search, changes, history)', () => {
    const ostrava = (n: number, over: Parameters<typeof rawListing>[0] = {}) => rawListing({
      listingId: `os-${n}-${run}`, locality: 'Ostrava', lat: 49.8209 + n * 0.001, lon: 18.2625 + n * 0.001, area: 40 + n * 7,
      title: `Prodej bytu 2+kk ${40 + n * 7} m²`, description: `Byt číslo ${n} v Ostravě, ${40 + n * 7} m².`, price: 3_000_000 + n * 100_000, images: [], ...over,
    });
    const published = (listingId: string) => waitFor(`offer.published ${listingId}`, () => received.published.find((e) => e.key === offerIdOf(`sreality:${listingId}`)));
    type Page = { items: Array<{ id: string; dispositionLabel: string; price: number | null }>; next: string | null };

    it('searches a place by watchdog criteria page by page, newest first, without gaps or repeats while offers arrive', async () => {
      const listings = [ostrava(1), ostrava(2), ostrava(3), ostrava(4, { dispositionLabel: '3+1', title: 'Prodej bytu 3+1 68 m²' }), ostrava(5, { price: 9_900_000 }), ostrava(6)];
      await publishFetched(...listings);
      const events = await Promise.all(listings.map((l) => published(l.listingId)));
      const place = events[0].data.offer.location.municipalityCode!;
      const wanted = events.map((e) => e.data.offer).filter((o) => o.dispositionLabel === '2+kk' && o.price! <= 5_000_000)
        .sort((a, b) => b.foundAt.localeCompare(a.foundAt) || b.id.localeCompare(a.id)).map((o) => o.id);
      expect(wanted).toHaveLength(4);

      const seen: string[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const res: request.Response = await request(api).get(`/internal/public-api/real-estate?placeKind=municipality&placeCode=${place}&dispositions=2%2Bkk&priceTo=5000000&limit=2${next ? `&cursor=${next}` : ''}`).expect(200);
        const page = res.body.data as Page;
        seen.push(...page.items.map((o) => o.id));
        for (const o of page.items) expect(o).toMatchObject({ dispositionLabel: '2+kk', contact: { listings: [expect.objectContaining({ portal: 'sreality' })] } });
        next = page.next;
        // An offer that arrives while a client pages is newer than the first page: it is not in the later ones.
        if (pages++ === 0) {
          await publishFetched(ostrava(7));
          await published(ostrava(7).listingId);
        }
      } while (next && pages < 20);
      expect(seen).toEqual(wanted);
    });

    it('searches several places and a municipality with a radius, each offer once, newest first, while offers arrive', async () => {
      const flat = (id: string, locality: string, lat: number, lon: number) => rawListing({
        listingId: `${id}-${run}`, locality, lat, lon, dispositionLabel: '1+1', title: 'Prodej bytu 1+1 38 m²', area: 38,
        description: `Byt 1+1, ${locality}, ${id}.`, price: 2_400_000, images: [],
      });
      const listings = [flat('ra-os', 'Ostrava', 49.8352, 18.2825), flat('ra-hv', 'Havířov', 49.7798, 18.4369), flat('ra-op', 'Opava', 49.9387, 17.9026), flat('ra-br', 'Brno', 49.1951, 16.6068)];
      await publishFetched(...listings);
      const [ostrava, havirov, opava, brno] = (await Promise.all(listings.map((l) => published(l.listingId)))).map((e) => e.data.offer);
      const late: Offer[] = [];
      const search = async (query: string, publishWhilePaging = false) => {
        const ids: string[] = [];
        let next: string | null = null;
        let pages = 0;
        do {
          const res: request.Response = await request(api).get(`/internal/public-api/real-estate?${query}&dispositions=1%2B1&limit=1${next ? `&cursor=${next}` : ''}`).expect(200);
          ids.push(...(res.body.data as Page).items.map((o) => o.id));
          next = (res.body.data as Page).next;
          // An offer in the circle found while a client pages is newer than the first page: never in the later ones.
          if (pages++ === 0 && publishWhilePaging) {
            await publishFetched(flat('ra-late', 'Ostrava', 49.836, 18.283));
            late.push((await published(`ra-late-${run}`)).data.offer);
          }
        } while (next && pages < 20);
        expect(new Set(ids).size).toBe(ids.length);
        return ids;
      };
      const newestFirst = (...offers: Offer[]) => offers.sort((a, b) => b.foundAt.localeCompare(a.foundAt) || b.id.localeCompare(a.id)).map((o) => o.id);
      const ostravaCode = ostrava.location.municipalityCode!;
      // Havířov (~13 km from Ostrava's centre) is in a 20 km circle, Opava (~28 km) is not; Brno is a place of its own.
      expect(await search(`places=municipality:${ostravaCode}:20,municipality:${brno.location.municipalityCode}`, true)).toEqual(newestFirst(ostrava, havirov, brno));
      // The offer that arrived is listed by searches that start after it.
      expect(await search(`places=municipality:${ostravaCode}`)).toEqual(newestFirst(ostrava, late[0]));
      expect(await search(`places=region:${opava.location.regionCode},district:${brno.location.districtCode}`)).toEqual(newestFirst(ostrava, havirov, opava, brno, late[0]));
    });

    it('refuses too many places, a radius too big, an unknown place code and an unknown parameter, naming each', async () => {
      const get = (query: string) => request(api).get(`/internal/public-api/real-estate?${query}`).expect(400);
      const many = Array.from({ length: 21 }, (_, i) => `municipality:${582786 + i}`).join(',');
      expect((await get(`places=${many}`)).body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { places: 'at most 20 places' } });
      expect((await get('places=municipality:582786:51')).body.error.fields).toEqual({ 'places.0': 'a radius is at most 50 km' });
      expect((await get('places=municipality:582786,district:CZ9999')).body.error).toMatchObject({ message: 'places.1: no district has the code CZ9999 (autocomplete gives the codes)' });
      expect((await get('placeKind=municipality&placeCode=1')).body.error.fields).toEqual({ placeCode: 'no municipality has the code 1 (autocomplete gives the codes)' });
      expect((await get('places=municipality:582786&radius=5')).body.error.fields).toEqual({ radius: 'unknown parameter' });
    });

    it('refuses a search with a missing or unknown parameter, naming it', async () => {
      const missing = await request(api).get('/internal/public-api/real-estate?placeKind=municipality').expect(400);
      expect(missing.body.error.fields.placeCode).toBeDefined();
      const unknown = await request(api).get('/internal/public-api/real-estate?placeKind=municipality&placeCode=582786&colour=red').expect(400);
      expect(unknown.body.error.fields).toEqual({ colour: 'unknown parameter' });
      await request(api).get('/internal/public-api/real-estate?placeKind=municipality&placeCode=582786&priceFrom=5&priceTo=1').expect(400);
      await request(api).get('/internal/public-api/real-estate?placeKind=municipality&placeCode=582786&cursor=abc').expect(400);
    });

    it('lists every change once from a cursor, a withdrawal included, and continues from where a sync stopped', async () => {
      const walk = async (from: string | null) => {
        const ids: string[] = [];
        let cursor = from;
        for (let i = 0; i < 100; i++) {
          const res: request.Response = await request(api).get(`/internal/public-api/history/list?limit=3${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
          ids.push(...(res.body.data.items as Offer[]).map((o) => o.id));
          cursor = res.body.data.next;
          if (!res.body.data.more) break;
        }
        return { ids, cursor: cursor! };
      };
      const first = await walk(null);
      expect(new Set(first.ids).size).toBe(first.ids.length);
      const all = await request(api).get('/offers?limit=100&active=all').expect(200);
      expect(first.ids.sort()).toEqual((all.body.data.items as Offer[]).map((o) => o.id).sort());

      const listingId = `os-1-${run}`;
      await bus.publish('listing.withdrawn', `sreality:${listingId}`, { portal: 'sreality', listingId, detectedAt: fetchedAt() });
      const id = offerIdOf(`sreality:${listingId}`);
      await waitFor('offer.withdrawn', () => received.withdrawn.find((e) => e.key === id));
      const res = await request(api).get(`/internal/public-api/history/list?cursor=${first.cursor}`).expect(200);
      expect((res.body.data.items as Offer[]).map((o) => [o.id, o.active])).toEqual([[id, false]]);
      expect((await request(api).get(`/internal/public-api/history/list?cursor=${res.body.data.next}`).expect(200)).body.data).toMatchObject({ items: [], next: res.body.data.next, more: false });
      await request(api).get('/internal/public-api/history/list?cursor=12').expect(400);
    });

    it('tells one offer\'s history: its listings and price changes, to a key of a tier with the history', async () => {
      const id = offerIdOf(`sreality:p-${run}`);
      const res = await request(api).get(`/internal/public-api/history/detail?id=${id}`).set('x-rr-api-role', '6').expect(200);
      expect(res.body.data).toMatchObject({ id, active: true, price: 5_000_000, sources: [{ portal: 'sreality', listingId: `p-${run}`, active: true }] });
      expect(res.body.data.priceChanges.map((c: { price: number; change: number | null }) => [c.price, c.change])).toEqual([[5_490_000, null], [5_000_000, -490_000]]);
      // Without the gateway's role (or below Standard) the steps are kept back, their count told.
      const locked = await request(api).get(`/internal/public-api/history/detail?id=${id}`).expect(200);
      expect(locked.body.data.priceChanges.map((c: { price: number }) => c.price)).toEqual([5_000_000]);
      await request(api).get('/internal/public-api/history/detail?id=of_nope').expect(404);
      const unknown = await request(api).get(`/internal/public-api/history/detail?id=${id}&full=1`).expect(400);
      expect(unknown.body.error.fields).toEqual({ full: 'unknown parameter' });
    });
  });
});

