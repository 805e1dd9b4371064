import { BRNO_PLACE, VILLAGE_PLACE, coreFacts, fetchClient, loadAdapter, serveRenderer, simListing, type SimServer } from './html-test-support';
import { realitymixRenderer } from './realitymix';
import type { SimListing } from './types';
import { listingUrl } from './urls';

const realitymixAdapter = loadAdapter('realitymix');
const flat = simListing({ portal: 'realitymix', listingId: '9104398', title: 'Prodej bytu 2+kk, 55 m²' });
const house = simListing({
  portal: 'realitymix', listingId: '9104411', adType: 'Rent', realEstateType: 'House', houseType: 'Detached', dispositionLabel: '4+1',
  area: 120, landArea: 640, price: 20_000, place: VILLAGE_PLACE, floor: null, elevator: null, terraceTypes: ['Terrace'], title: 'Pronájem domu',
});
const hut = simListing({
  portal: 'realitymix', listingId: '9104412', realEstateType: 'House', houseType: 'Hut', dispositionLabel: null, area: 40,
  landArea: 500, price: null, lat: null, lon: null, floor: null, elevator: null, terraceTypes: [], images: [], title: 'Prodej chaty',
});
const reserved = simListing({
  portal: 'realitymix', listingId: '9104390', dispositionLabel: '2+1', area: 61, price: null, place: BRNO_PLACE, lat: 49.2251, lon: 16.5962,
  floor: 0, ownership: 'Cooperative', construction: 'Panel', elevator: false, terraceTypes: ['Loggia'], title: 'Prodej bytu 2+1',
});
const all = [flat, house, hut, reserved];

function expectSameFacts(parsed: Record<string, unknown>, l: SimListing): void {
  expect(parsed).toMatchObject({
    ...coreFacts(l), houseType: l.houseType, floor: l.floor, ownership: l.ownership, construction: l.construction, elevator: l.elevator,
    terraceTypes: l.terraceTypes, images: l.images, contactPerson: l.contactPerson,
  });
  expect(parsed.locality).toContain(l.place.pragueDistrict ?? l.place.name);
}

describe('RealityMix renderer read back by the RealityMix adapter', () => {
  let sim: SimServer;
  beforeAll(async () => { sim = await serveRenderer(realitymixRenderer, all); });
  afterAll(() => sim.close());
  afterEach(() => sim.setLayoutChanged(false));

  it('lists every kind newest first and parses each detail back to the same facts', async () => {
    const client = fetchClient();
    const page = await realitymixAdapter.listPage(client, sim.base, 0);
    expect(page.refs.map((r) => r.listingId)).toEqual(all.map((l) => l.listingId));
    expect(page.refs.map((r) => r.url)).toEqual(all.map((l) => listingUrl(sim.origin, l)));
    for (const [i, l] of all.entries()) {
      const detail = await realitymixAdapter.fetchDetail(client, sim.base, page.refs[i]);
      if (detail.kind !== 'listing') throw new Error(`expected ${l.listingId} to parse`);
      expectSameFacts(detail.listing, l);
    }
  });

  it('prints a price-on-request phrase where an agency gives no price', async () => {
    const detail = await realitymixAdapter.fetchDetail(fetchClient(), sim.base, (await realitymixAdapter.listPage(fetchClient(), sim.base, 0)).refs[3]);
    if (detail.kind !== 'listing') throw new Error('expected a listing');
    expect(detail.listing.priceText).toMatch(/^(Cena na vyžádání|Rezervováno|info v RK)$/);
  });

  it('pages 20 offers at a time with stranka from page 2', async () => {
    const many = Array.from({ length: 25 }, (_, i) => simListing({ portal: 'realitymix', listingId: String(9200000 + i) }));
    const big = await serveRenderer(realitymixRenderer, many);
    try {
      const client = fetchClient();
      const first = await realitymixAdapter.listPage(client, big.base, 0);
      const second = await realitymixAdapter.listPage(client, big.base, 1);
      expect([first.refs.length, first.hasMore, second.refs.length, second.hasMore]).toEqual([20, true, 5, false]);
      expect(client.requested).toEqual([`${big.base}/reality`, `${big.base}/reality?stranka=2`]);
    } finally {
      await big.close();
    }
  });

  it('serves the per-kind lists of the real site', async () => {
    const body = await (await fetch(`${sim.base}/reality/chaty/prodej`)).text();
    expect(body).toContain(hut.listingId);
    expect(body).not.toContain(flat.listingId);
  });

  it('answers a withdrawn offer with 410, which the adapter reads as gone', async () => {
    const client = fetchClient();
    const ref = (await realitymixAdapter.listPage(client, sim.base, 0)).refs[0];
    flat.active = false;
    try {
      expect((await fetch(ref.url)).status).toBe(410);
      expect(await realitymixAdapter.fetchDetail(client, sim.base, ref)).toEqual({ kind: 'gone' });
    } finally {
      flat.active = true;
    }
  });

  it('renders a changed layout that the adapter refuses to parse', async () => {
    const client = fetchClient();
    const ref = (await realitymixAdapter.listPage(client, sim.base, 0)).refs[0];
    sim.setLayoutChanged(true);
    await expect(realitymixAdapter.listPage(client, sim.base, 0)).rejects.toThrow(/realitymix: cannot parse/);
    await expect(realitymixAdapter.fetchDetail(client, sim.base, ref)).rejects.toThrow(/realitymix: cannot parse/);
  });
});
