import { RawListing } from '@rr/proto';
import { fetchClient, loadAdapter, startSimulator, type RunningSimulator } from './support';

const adapter = loadAdapter('bezrealitky');

describe('Bezrealitky: simulator property → GraphQL → adapter', () => {
  let sim: RunningSimulator;
  let base: string;
  const client = fetchClient();
  beforeAll(async () => {
    sim = await startSimulator(12);
    base = `${sim.origin}/bezrealitky`;
  });
  afterAll(() => sim.close());

  it('gives back every generated property\'s facts', async () => {
    sim.sim.publishMany(40, { crossPostShare: 0, portals: ['bezrealitky'], priceChangeShare: 0, withdrawShare: 0 });
    const page = await adapter.listPage(client, base, 0);
    expect(page.refs.length).toBeGreaterThan(30);
    expect(page.refs).toHaveLength(sim.sim.store.active('bezrealitky').length);
    for (const ref of page.refs) {
      const stored = sim.sim.store.byId('bezrealitky', ref.listingId)!;
      const property = sim.sim.store.property(stored.propertyId)!;
      const detail = await adapter.fetchDetail(client, base, ref);
      if (detail.kind !== 'listing') throw new Error(`${ref.listingId} is gone`);
      const l = RawListing.parse(detail.listing);
      expect(l).toMatchObject({
        listingId: stored.listingId, url: stored.url, adType: property.adType, realEstateType: property.realEstateType,
        area: property.realEstateType === 'Land' ? null : stored.area, landArea: property.landArea, price: stored.price,
        lat: stored.lat, lon: stored.lon, floor: property.floor, ownership: property.ownership, elevator: property.elevator,
        privateSeller: property.privateSeller, description: property.description, images: stored.images,
      });
      if (property.realEstateType === 'Apartment' || property.houseType === 'Detached') expect(l.dispositionLabel).toBe(property.dispositionLabel);
      if (property.realEstateType === 'House') expect(l.houseType).toBe(property.houseType);
      if (property.realEstateType === 'Land') expect(l.landType).toBe(property.landType);
      expect(l.terraceTypes.sort()).toEqual([...property.terraceTypes].sort());
      expect(l.locality).toContain(property.place.pragueDistrict ? 'Praha' : property.place.name);
    }
  });

  it('answers 403 without Origin and Referer, as the live API does', async () => {
    const res = await fetch(`${base}/graphql/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ advert(id: \\"1\\") { id } }"}' });
    expect(res.status).toBe(403);
  });

  it('answers a malformed or unknown query with GraphQL errors, every time it is asked', async () => {
    const ask = (query: string) => fetch(`${base}/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://www.bezrealitky.cz', referer: 'https://www.bezrealitky.cz/' },
      body: JSON.stringify({ query }),
    });
    for (let i = 0; i < 2; i++) {
      const broken = await ask('{ listAdverts(');
      expect(broken.status).toBe(400);
      expect(((await broken.json()) as { errors: Array<{ message: string }> }).errors[0].message).toMatch(/Syntax Error/);
      const unknown = await ask('{ noSuchField }');
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { errors: Array<{ message: string }> }).errors[0].message).toMatch(/noSuchField/);
    }
  });

  it('sees a withdrawn advert as gone and a layout change as a parse failure', async () => {
    const { listings, propertyId } = sim.sim.publish({ portals: ['bezrealitky'], adType: 'Rent' });
    const ref = (await adapter.listPage(client, base, 0)).refs.find((r) => r.listingId === listings[0].listingId)!;
    sim.sim.store.withdraw(propertyId);
    expect(await adapter.fetchDetail(client, base, ref)).toEqual({ kind: 'gone' });
    sim.sim.faults.set('bezrealitky', { mode: 'layout-change' });
    await expect(adapter.listPage(client, base, 0)).rejects.toThrow(/cannot parse/);
    sim.sim.faults.set('bezrealitky', { mode: 'none' });
  });
});
