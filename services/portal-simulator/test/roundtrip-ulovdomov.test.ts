import { RawListing } from '@rr/proto';
import { fetchClient, loadAdapter, startSimulator, type RunningSimulator } from './support';

const adapter = loadAdapter('ulovdomov');

describe('UlovDomov: simulator property → v1 find / v2 detail → adapter', () => {
  let sim: RunningSimulator;
  let base: string;
  const client = fetchClient();
  beforeAll(async () => {
    sim = await startSimulator(13);
    base = `${sim.origin}/ulovdomov`;
  });
  afterAll(() => sim.close());

  it('gives back every generated property\'s facts', async () => {
    sim.sim.publishMany(40, { crossPostShare: 0, portals: ['ulovdomov'], priceChangeShare: 0, withdrawShare: 0 });
    const page = await adapter.listPage(client, base, 0);
    expect(page.refs).toHaveLength(sim.sim.store.active('ulovdomov').length);
    for (const ref of page.refs) {
      const stored = sim.sim.store.byId('ulovdomov', ref.listingId)!;
      const property = sim.sim.store.property(stored.propertyId)!;
      const detail = await adapter.fetchDetail(client, base, ref);
      if (detail.kind !== 'listing') throw new Error(`${ref.listingId} is gone`);
      const l = RawListing.parse(detail.listing);
      expect(l).toMatchObject({
        listingId: stored.listingId, url: stored.url, adType: property.adType, realEstateType: property.realEstateType,
        area: property.realEstateType === 'Land' ? null : stored.area, landArea: property.landArea, price: stored.price,
        lat: stored.lat, lon: stored.lon, floor: property.floor, description: property.description,
        images: stored.images.map((u) => `${u}?size=large`), publishedAt: stored.publishedAt.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
      });
      if (property.realEstateType === 'Apartment') expect(l.dispositionLabel).toBe(property.dispositionLabel);
      if (property.houseType === 'Cottage' || property.houseType === 'Hut') expect(l.houseType).toBe(property.houseType);
      if (property.elevator) expect(l.elevator).toBe(true);
      expect(l.terraceTypes.sort()).toEqual([...property.terraceTypes].sort());
      expect(l.locality).toContain(property.place.pragueDistrict ?? property.place.name);
    }
  });

  it('requires bounds, as the live API does', async () => {
    const res = await fetch(`${base}/v1/offer/find?page=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"offerType":"rent"}' });
    expect(res.status).toBe(400);
  });

  it('lists the same offers from the sitemap when v1 fails, and sees withdrawals as gone', async () => {
    const { listings, propertyId } = sim.sim.publish({ portals: ['ulovdomov'], adType: 'Sale' });
    const sitemap = await (await fetch(`${base}/sitemap-offers.xml`)).text();
    expect(sitemap).toContain(`/${listings[0].listingId}</loc>`);
    sim.sim.faults.set('ulovdomov', { mode: 'server-error', status: 500, count: 1 });
    const page = await adapter.listPage(client, base, 0);
    expect(sim.sim.faults.mode('ulovdomov')).toBe('none');
    const ref = page.refs.find((r) => r.listingId === listings[0].listingId)!;
    expect(ref.fingerprint).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    sim.sim.store.withdraw(propertyId);
    expect(await adapter.fetchDetail(client, base, ref)).toEqual({ kind: 'gone' });
  });
});
