import { BRNO_PLACE, VILLAGE_PLACE, coreFacts, fetchClient, loadAdapter, serveRenderer, simListing, type SimServer } from './html-test-support';
import { realityczRenderer } from './realitycz';
import type { SimListing } from './types';
import { listingUrl } from './urls';

const realityczAdapter = loadAdapter('realitycz');
const code = (n: number) => `DMQ-${String(n).padStart(6, '0')}`;
const flat = simListing({ portal: 'realitycz', listingId: code(1), adType: 'Rent', price: 22_900, terraceTypes: ['Balcony', 'Terrace'] });
const house = simListing({
  portal: 'realitycz', listingId: code(2), realEstateType: 'House', houseType: 'Detached', dispositionLabel: '5+1', area: 210,
  landArea: 1800, price: null, place: VILLAGE_PLACE, lat: null, lon: null, floor: 0, elevator: false, terraceTypes: [], images: [],
});
const office = simListing({
  portal: 'realitycz', listingId: code(3), realEstateType: 'Commercial', dispositionLabel: null, area: 120, price: 8_400_000,
  place: BRNO_PLACE, lat: 49.2251, lon: 16.5962, floor: 2, ownership: null, construction: 'Other', elevator: true, terraceTypes: [],
});
const land = simListing({
  portal: 'realitycz', listingId: code(4), realEstateType: 'Land', dispositionLabel: null, area: null, landArea: 1250,
  price: 1_890_000, floor: null, ownership: null, construction: null, elevator: null, terraceTypes: [], contactPerson: null, privateSeller: true,
});
const all = [flat, house, office, land];

function expectSameFacts(parsed: Record<string, unknown>, l: SimListing): void {
  expect(parsed).toMatchObject({
    ...coreFacts(l), floor: l.floor, ownership: l.ownership, construction: l.construction, elevator: l.elevator,
    terraceTypes: l.terraceTypes, images: l.images, contactPerson: l.contactPerson,
    // Only the list card tells who publishes; the adapter carries it into the listing.
    privateSeller: l.privateSeller,
  });
  expect(parsed.locality).toContain(l.place.pragueDistrict ?? l.place.name);
}

describe('Reality.cz renderer read back by the Reality.cz adapter', () => {
  let sim: SimServer;
  beforeAll(async () => { sim = await serveRenderer(realityczRenderer, all); });
  afterAll(() => sim.close());
  afterEach(() => sim.setLayoutChanged(false));

  it('serves a list page whose HTML has no cards until its script runs', async () => {
    const served = await (await fetch(`${sim.base}/reality/Ceska-republika/?s=2`)).text();
    expect(served).not.toContain('class="xvypis');
    const rendered = await fetchClient().render(`${sim.base}/reality/Ceska-republika/?s=2`);
    expect(rendered).toContain('class="xvypis');
  });

  it('lists every kind newest first through the browser and parses each detail back to the same facts', async () => {
    const client = fetchClient();
    const page = await realityczAdapter.listPage(client, sim.base, 0);
    expect(page.refs.map((r) => r.listingId)).toEqual(all.map((l) => l.listingId));
    expect(page.refs.map((r) => r.url)).toEqual(all.map((l) => listingUrl(sim.origin, l)));
    expect(page.hasMore).toBe(false);
    for (const [i, l] of all.entries()) {
      const detail = await realityczAdapter.fetchDetail(client, sim.base, page.refs[i]);
      if (detail.kind !== 'listing') throw new Error(`expected ${l.listingId} to parse`);
      expectSameFacts(detail.listing, l);
    }
  });

  it('pages 25 offers at a time with the g parameter', async () => {
    const many = Array.from({ length: 30 }, (_, i) => simListing({ portal: 'realitycz', listingId: code(100 + i) }));
    const big = await serveRenderer(realityczRenderer, many);
    try {
      const client = fetchClient();
      const first = await realityczAdapter.listPage(client, big.base, 0);
      const second = await realityczAdapter.listPage(client, big.base, 1);
      expect([first.refs.length, first.hasMore, second.refs.length, second.hasMore]).toEqual([25, true, 5, false]);
      expect(second.refs[0].listingId).toBe(code(125));
    } finally {
      await big.close();
    }
  });

  it('serves the per-kind search paths of the real site', async () => {
    const rendered = await fetchClient().render(`${sim.base}/prodej/komercni/Jihomoravsky-kraj/?s=2`);
    expect(rendered).toContain(office.listingId);
    expect(rendered).not.toContain(flat.listingId);
  });

  it('answers a withdrawn offer with "tato stránka neexistuje", which the adapter reads as gone', async () => {
    const client = fetchClient();
    const ref = (await realityczAdapter.listPage(client, sim.base, 0)).refs[1];
    house.active = false;
    try {
      expect(await realityczAdapter.fetchDetail(client, sim.base, ref)).toEqual({ kind: 'gone' });
    } finally {
      house.active = true;
    }
  });

  it('renders a changed layout that the adapter refuses to parse', async () => {
    const client = fetchClient();
    const ref = (await realityczAdapter.listPage(client, sim.base, 0)).refs[0];
    sim.setLayoutChanged(true);
    await expect(realityczAdapter.listPage(client, sim.base, 0)).rejects.toThrow(/realitycz: cannot parse/);
    await expect(realityczAdapter.fetchDetail(client, sim.base, ref)).rejects.toThrow(/realitycz: cannot parse/);
  });
});
