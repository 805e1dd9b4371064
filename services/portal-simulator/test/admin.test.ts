import request from 'supertest';
import { municipalitiesCsvPath } from '@rr/kit';
import { createSimulator, type SimulatorHandle } from '../src/app';

const ORIGIN = 'http://localhost:8090';

function simulator(seed = 3): SimulatorHandle {
  return createSimulator({ seed, origin: ORIGIN, municipalitiesCsv: municipalitiesCsvPath() });
}

describe('admin API', () => {
  let h: SimulatorHandle;
  beforeEach(() => { h = simulator(); });
  afterEach(() => h.close());

  it('publishes a property on several portals, each with its own id format and URL', async () => {
    const res = await request(h.app).post('/admin/properties').send({
      adType: 'Sale', realEstateType: 'Apartment', disposition: '2+kk', area: 54, price: 6_490_000, municipalityCode: '554782',
      portals: ['sreality', 'bezrealitky', 'idnes', 'bazos', 'ulovdomov', 'realitycz', 'realitymix'],
    });
    expect(res.status).toBe(201);
    const ids = Object.fromEntries(res.body.listings.map((l: { portal: string; listingId: string }) => [l.portal, l.listingId]));
    expect(ids.sreality).toMatch(/^\d{10}$/);
    expect(ids.bezrealitky).toMatch(/^\d{7}$/);
    expect(ids.idnes).toMatch(/^[0-9a-f]{24}$/);
    expect(ids.bazos).toMatch(/^\d{9}$/);
    expect(ids.ulovdomov).toMatch(/^\d{7}$/);
    expect(ids.realitycz).toMatch(/^[A-Z]{3}-\d{6}$/);
    expect(ids.realitymix).toMatch(/^\d+$/);
    for (const l of res.body.listings) expect(l.url.startsWith(`${ORIGIN}/${l.portal}/`)).toBe(true);
    expect(res.body.property).toMatchObject({ municipalityCode: '554782', area: 54, price: 6_490_000, dispositionLabel: '2+kk' });
    expect(res.body.property.place.pragueDistrict).toMatch(/^Praha \d{1,2}$/);
  });

  it('keeps the first portal exact and lets cross-posts differ only a little', async () => {
    const res = await request(h.app).post('/admin/properties').send({ adType: 'Sale', realEstateType: 'Apartment', area: 80, price: 8_000_000, portals: ['sreality', 'bezrealitky', 'idnes', 'realitymix'] });
    const listings = h.sim.store.listingsOf(res.body.propertyId);
    expect(listings[0]).toMatchObject({ area: 80, price: 8_000_000 });
    for (const l of listings) {
      expect(Math.abs(l.area! - 80)).toBeLessThanOrEqual(1);
      expect(Math.abs(l.price! - 8_000_000)).toBeLessThanOrEqual(20_000);
    }
    expect(new Set(listings.map((l) => l.title)).size).toBeGreaterThan(1);
  });

  it('answers 400 with the failing fields for bad input', async () => {
    const bad = await request(h.app).post('/admin/properties').send({ portals: ['nope'], area: -3 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['portals.0', 'area']));
    const unknown = await request(h.app).post('/admin/properties').send({ portals: ['sreality'], municipalityCode: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.municipalityCode).toContain('999999');
  });

  it('changes the price on every portal and withdraws listings', async () => {
    const { body } = await request(h.app).post('/admin/properties').send({ adType: 'Rent', price: 20_000, portals: ['sreality', 'ulovdomov'] });
    const priced = await request(h.app).post(`/admin/properties/${body.propertyId}/price`).send({ price: 18_500 });
    expect(priced.status).toBe(200);
    expect(h.sim.store.listingsOf(body.propertyId)[0].price).toBe(18_500);
    const partial = await request(h.app).post(`/admin/properties/${body.propertyId}/withdraw`).send({ portals: ['ulovdomov'] });
    expect(partial.body.withdrawn).toEqual([{ portal: 'ulovdomov', listingId: body.listings[1].listingId }]);
    expect(h.sim.store.property(body.propertyId)!.active).toBe(true);
    await request(h.app).post(`/admin/properties/${body.propertyId}/withdraw`).send({});
    expect(h.sim.store.property(body.propertyId)!.active).toBe(false);
    expect((await request(h.app).post('/admin/properties/P404/withdraw').send({})).status).toBe(404);
  });

  it('publishes a withdrawn property again, under its old listing id or on a portal it never had', async () => {
    const { body } = await request(h.app).post('/admin/properties').send({ adType: 'Sale', price: 4_000_000, portals: ['sreality'] });
    const [listing] = body.listings as Array<{ portal: string; listingId: string }>;
    await request(h.app).post(`/admin/properties/${body.propertyId}/withdraw`).send({}).expect(200);
    const again = await request(h.app).post(`/admin/properties/${body.propertyId}/republish`).send({}).expect(200);
    expect(again.body.republished).toEqual([expect.objectContaining({ portal: 'sreality', listingId: listing.listingId })]);
    expect(h.sim.store.property(body.propertyId)!.active).toBe(true);
    expect(h.sim.store.active('sreality')[0].listingId).toBe(listing.listingId);

    await request(h.app).post(`/admin/properties/${body.propertyId}/withdraw`).send({}).expect(200);
    const elsewhere = await request(h.app).post(`/admin/properties/${body.propertyId}/republish`).send({ portals: ['bezrealitky'] }).expect(200);
    expect(elsewhere.body.republished).toEqual([expect.objectContaining({ portal: 'bezrealitky' })]);
    expect(h.sim.store.listingsOf(body.propertyId).map((l) => [l.portal, l.active])).toEqual([['sreality', false], ['bezrealitky', true]]);
    expect((await request(h.app).post('/admin/properties/P404/republish').send({})).status).toBe(404);
  });

  it('maps every portal listing to its property in the ground truth', async () => {
    await request(h.app).post('/admin/stream').send({ count: 50, crossPostShare: 0.5, seed: 9 }).expect(200);
    const { body } = await request(h.app).get('/admin/ground-truth').expect(200);
    expect(body.properties).toHaveLength(50);
    const propertyIds = new Set(body.properties.map((p: { id: string }) => p.id));
    expect(body.listings.length).toBeGreaterThan(55);
    for (const l of body.listings) expect(propertyIds.has(l.propertyId)).toBe(true);
    for (const p of body.properties) expect(p.municipalityCode).toMatch(/^\d{6}$/);
  });

  it('states in the ground truth the layout each portal shows: Sreality none for a house', async () => {
    const house = await request(h.app).post('/admin/properties')
      .send({ adType: 'Sale', realEstateType: 'House', houseType: 'Detached', dispositionLabel: '4+1', area: 140, landArea: 600, price: 9_900_000, portals: ['sreality', 'idnes'] }).expect(201);
    const flat = await request(h.app).post('/admin/properties')
      .send({ adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+kk', area: 54, price: 6_500_000, portals: ['sreality'] }).expect(201);
    const { body } = await request(h.app).get('/admin/ground-truth').expect(200);
    const shown = (propertyId: string) => Object.fromEntries(body.listings.filter((l: { propertyId: string }) => l.propertyId === propertyId)
      .map((l: { portal: string; dispositionLabel: string | null }) => [l.portal, l.dispositionLabel]));
    expect(shown(house.body.propertyId)).toEqual({ sreality: null, idnes: '4+1' });
    expect(shown(flat.body.propertyId)).toEqual({ sreality: '2+kk' });
  });

  it('generates the same properties from the same seed', async () => {
    const other = simulator(3);
    await request(h.app).post('/admin/stream').send({ count: 20, seed: 5 });
    await request(other.app).post('/admin/stream').send({ count: 20, seed: 5 });
    const strip = (gt: { properties: { createdAt?: string }[] }) => gt.properties.map(({ createdAt, ...p }) => p);
    expect(strip(h.sim.groundTruth() as never)).toEqual(strip(other.sim.groundTruth() as never));
  });

  it('runs a timed stream at the requested rate and stops it', async () => {
    const started = await request(h.app).post('/admin/stream').send({ perMinute: 6000, durationSeconds: 30, crossPostShare: 0.3, seed: 1 });
    expect(started.status).toBe(202);
    const deadline = Date.now() + 3000;
    while (h.sim.store.allProperties().length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(h.sim.store.allProperties().length).toBeGreaterThanOrEqual(10);
    const stopped = await request(h.app).delete('/admin/stream');
    expect(stopped.body.running).toBe(false);
    const count = h.sim.store.allProperties().length;
    await new Promise((r) => setTimeout(r, 250));
    expect(h.sim.store.allProperties().length).toBe(count);
  });

  it('forgets everything on reset but never reuses listing ids', async () => {
    const first = await request(h.app).post('/admin/properties').send({ portals: ['bezrealitky'] });
    await request(h.app).post('/admin/faults/sreality').send({ mode: 'rate-limit' });
    await request(h.app).post('/admin/reset').send({}).expect(200);
    expect(h.sim.store.allProperties()).toHaveLength(0);
    expect(h.sim.faults.mode('sreality')).toBe('none');
    const second = await request(h.app).post('/admin/properties').send({ portals: ['bezrealitky'] });
    expect(second.body.listings[0].listingId).not.toBe(first.body.listings[0].listingId);
  });
});

describe('faults', () => {
  let h: SimulatorHandle;
  beforeEach(() => { h = simulator(); });
  afterEach(() => h.close());

  it('answers 429 with Retry-After, then recovers after the given count', async () => {
    await request(h.app).post('/admin/faults/sreality').send({ mode: 'rate-limit', retryAfterSeconds: 7, count: 2 }).expect(200);
    for (let i = 0; i < 2; i++) {
      const res = await request(h.app).get('/sreality/api/v1/estates/search');
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('7');
    }
    expect((await request(h.app).get('/sreality/api/v1/estates/search')).status).toBe(200);
  });

  it('answers 5xx on one portal only and leaves robots.txt alone', async () => {
    await request(h.app).post('/admin/faults/ulovdomov').send({ mode: 'server-error', status: 502 });
    expect((await request(h.app).get('/ulovdomov/sitemap-offers.xml')).status).toBe(502);
    expect((await request(h.app).get('/ulovdomov/robots.txt')).status).toBe(200);
    expect((await request(h.app).get('/sreality/api/v1/estates/search')).status).toBe(200);
  });

  it('hits only a share of requests with a probability', async () => {
    await request(h.app).post('/admin/faults/sreality').send({ mode: 'server-error', probability: 0.5 });
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await request(h.app).get('/sreality/api/v1/estates/search')).status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(5);
  });

  it('slows answers down', async () => {
    await request(h.app).post('/admin/faults/sreality').send({ mode: 'slow', delayMs: 300 });
    const started = Date.now();
    expect((await request(h.app).get('/sreality/api/v1/estates/search')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('changes the layout so that the usual keys are gone', async () => {
    h.sim.publishMany(3, { crossPostShare: 0, portals: ['sreality'], priceChangeShare: 0, withdrawShare: 0 });
    await request(h.app).post('/admin/faults/sreality').send({ mode: 'layout-change' });
    const res = await request(h.app).get('/sreality/api/v1/estates/search');
    expect(res.status).toBe(200);
    expect(res.body.results).toBeUndefined();
    expect((await request(h.app).get('/admin/faults')).body.sreality.mode).toBe('layout-change');
  });

  it('rejects unknown portals and modes', async () => {
    expect((await request(h.app).post('/admin/faults/zillow').send({ mode: 'slow' })).status).toBe(404);
    expect((await request(h.app).post('/admin/faults/sreality').send({ mode: 'explode' })).status).toBe(400);
  });
});

describe('pages', () => {
  let h: SimulatorHandle;
  beforeAll(() => { h = simulator(); });
  afterAll(() => h.close());

  it('lists every portal with counts on the home page', async () => {
    h.sim.publishMany(10, { crossPostShare: 0.5, priceChangeShare: 0, withdrawShare: 0 });
    const res = await request(h.app).get('/').expect(200);
    for (const name of ['Sreality.cz', 'Bezrealitky.cz', 'iDNES Reality', 'Bazoš.cz', 'UlovDomov.cz', 'Reality.cz', 'RealityMix.cz']) expect(res.text).toContain(name);
  });

  it('serves realistic robots.txt per portal, replaceable for tests', async () => {
    expect((await request(h.app).get('/bazos/robots.txt')).text).toContain('Disallow: /*?hledat=');
    expect((await request(h.app).get('/realitymix/robots.txt')).text).toContain('Allow: /');
    await request(h.app).put('/admin/robots/sreality').set('content-type', 'text/plain').send('User-agent: *\nDisallow: /api/\n').expect(200);
    expect((await request(h.app).get('/sreality/robots.txt')).text).toBe('User-agent: *\nDisallow: /api/\n');
    await request(h.app).delete('/admin/robots/sreality').expect(200);
    expect((await request(h.app).get('/sreality/robots.txt')).text).not.toContain('Disallow: /api/\n');
  });

  it('serves the same placeholder photo under every portal path', async () => {
    const a = await request(h.app).get('/photos/sreality/P0000001-1.svg').expect(200);
    const b = await request(h.app).get('/photos/idnes/P0000001-1.svg').expect(200);
    expect(a.headers['content-type']).toContain('image/svg+xml');
    expect(a.body.toString()).toBe(b.body.toString());
  });
});
