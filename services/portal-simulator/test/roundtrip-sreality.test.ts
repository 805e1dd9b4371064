import { RawListing } from '@rr/proto';
import { fetchClient, loadAdapter, startSimulator, type RunningSimulator } from './support';

const srealityAdapter = loadAdapter('sreality');

describe('Sreality: simulator property → v1 API → adapter', () => {
  let sim: RunningSimulator;
  let base: string;
  const client = fetchClient();
  beforeAll(async () => {
    sim = await startSimulator(11);
    base = `${sim.origin}/sreality`;
  });
  afterAll(() => sim.close());

  it('gives back every generated property\'s facts', async () => {
    sim.sim.publishMany(60, { crossPostShare: 0, portals: ['sreality'], priceChangeShare: 0, withdrawShare: 0 });
    const page = await srealityAdapter.listPage(client, base, 0);
    expect(page.refs).toHaveLength(60);
    for (const ref of page.refs) {
      const stored = sim.sim.store.byId('sreality', ref.listingId)!;
      const property = sim.sim.store.property(stored.propertyId)!;
      const detail = await srealityAdapter.fetchDetail(client, base, ref);
      if (detail.kind !== 'listing') throw new Error(`${ref.listingId} is gone`);
      const l = RawListing.parse(detail.listing);
      expect(l).toMatchObject({
        listingId: stored.listingId, adType: property.adType, realEstateType: property.realEstateType,
        area: property.realEstateType === 'Land' ? null : stored.area, landArea: property.landArea, price: stored.price,
        lat: stored.lat, lon: stored.lon, floor: property.floor, ownership: property.ownership, elevator: property.elevator,
        contactPerson: property.contactPerson, privateSeller: property.privateSeller, description: property.description,
      });
      if (property.realEstateType === 'Apartment') expect(l.dispositionLabel).toBe(property.dispositionLabel);
      if (property.realEstateType === 'House') expect(l.houseType).toBe(property.houseType);
      if (property.realEstateType === 'Land') expect(l.landType).toBe(property.landType);
      expect(l.terraceTypes.sort()).toEqual([...property.terraceTypes].sort());
      expect(l.locality).toContain(property.place.pragueDistrict ?? property.place.name);
      expect(l.images).toEqual(stored.images);
      expect(l.url).toBe(stored.url);
    }
  });

  it('sees a price change in the fingerprint and a withdrawal as gone', async () => {
    const { listings, propertyId } = sim.sim.publish({ portals: ['sreality'], adType: 'Sale', realEstateType: 'Apartment', price: 5_000_000 });
    const before = (await srealityAdapter.listPage(client, base, 0)).refs.find((r) => r.listingId === listings[0].listingId)!;
    sim.sim.store.setPrice(propertyId, 4_750_000);
    const after = (await srealityAdapter.listPage(client, base, 0)).refs.find((r) => r.listingId === listings[0].listingId)!;
    expect(after.fingerprint).not.toBe(before.fingerprint);
    sim.sim.store.withdraw(propertyId);
    expect(await srealityAdapter.fetchDetail(client, base, after)).toEqual({ kind: 'gone' });
    expect((await srealityAdapter.listPage(client, base, 0)).refs.map((r) => r.listingId)).not.toContain(after.listingId);
  });
});
