import { BRNO_PLACE, VILLAGE_PLACE, coreFacts, fetchClient, loadAdapter, serveRenderer, simListing, type SimServer } from './html-test-support';
import { idnesRenderer } from './idnes';
import type { SimListing } from './types';
import { listingUrl } from './urls';

const idnesAdapter = loadAdapter('idnes');

const hex = (n: number) => n.toString(16).padStart(24, 'a');
const flat = simListing({ portal: 'idnes', listingId: hex(1) });
const house = simListing({
  portal: 'idnes', listingId: hex(2), adType: 'Sale', realEstateType: 'House', houseType: 'Detached', dispositionLabel: '5+1',
  area: 210, landArea: 800, price: null, lat: null, lon: null, place: VILLAGE_PLACE, floor: null, elevator: null,
  terraceTypes: ['Terrace'], construction: 'Wood', contactPerson: null, privateSeller: true,
});
const rent = simListing({
  portal: 'idnes', listingId: hex(3), adType: 'Rent', dispositionLabel: '3+1', area: 74, price: 17_500, place: BRNO_PLACE,
  floor: 0, ownership: 'Cooperative', construction: 'Panel', elevator: false, terraceTypes: [], lat: 49.2251, lon: 16.5962,
});
const land = simListing({
  portal: 'idnes', listingId: hex(4), realEstateType: 'Land', landType: 'BuildPlot', dispositionLabel: null, area: null, landArea: 1250,
  price: 2_490_000, floor: null, ownership: null, construction: null, elevator: null, terraceTypes: [], images: [],
});

function expectSameFacts(parsed: Record<string, unknown>, l: SimListing): void {
  expect(parsed).toMatchObject({
    ...coreFacts(l), floor: l.floor, ownership: l.ownership,
    construction: l.construction, elevator: l.elevator, terraceTypes: l.terraceTypes, images: l.images, contactPerson: l.contactPerson,
  });
  expect(parsed.locality).toContain(l.place.pragueDistrict ?? l.place.name);
}

describe('iDNES renderer read back by the iDNES adapter', () => {
  let sim: SimServer;
  beforeAll(async () => { sim = await serveRenderer(idnesRenderer, [flat, house, rent, land]); });
  afterAll(() => sim.close());
  afterEach(() => sim.setLayoutChanged(false));

  it('lists every category newest first and parses each detail back to the same facts', async () => {
    const client = fetchClient();
    const page = await idnesAdapter.listPage(client, sim.base, 0);
    expect(page.refs.map((r) => r.listingId)).toEqual([flat, house, rent, land].map((l) => l.listingId));
    expect(page.refs.map((r) => r.url)).toEqual([flat, house, rent, land].map((l) => listingUrl(sim.origin, l)));
    expect(page.hasMore).toBe(false);
    for (const [i, l] of [flat, house, rent, land].entries()) {
      const detail = await idnesAdapter.fetchDetail(client, sim.base, page.refs[i]);
      if (detail.kind !== 'listing') throw new Error(`expected ${l.listingId} to parse`);
      expectSameFacts(detail.listing as Record<string, unknown>, l);
    }
  });

  it('pages 25 listings at a time with a 0-based page parameter', async () => {
    const many = Array.from({ length: 30 }, (_, i) => simListing({ portal: 'idnes', listingId: hex(100 + i) }));
    const big = await serveRenderer(idnesRenderer, many);
    try {
      const client = fetchClient();
      const first = await idnesAdapter.listPage(client, big.base, 0);
      const second = await idnesAdapter.listPage(client, big.base, 1);
      const third = await idnesAdapter.listPage(client, big.base, 2);
      expect([first.refs.length, first.hasMore, second.refs.length, second.hasMore]).toEqual([25, true, 5, false]);
      expect(third).toEqual({ refs: [], hasMore: false });
      expect(client.requested[1]).toBe(`${big.base}/s/?page=1`);
    } finally {
      await big.close();
    }
  });

  it('changes the fingerprint when the price changes', async () => {
    const client = fetchClient();
    const before = (await idnesAdapter.listPage(client, sim.base, 0)).refs[0].fingerprint;
    flat.price = 6_300_000;
    const after = (await idnesAdapter.listPage(client, sim.base, 0)).refs[0].fingerprint;
    flat.price = 6_500_000;
    expect(after).not.toBe(before);
  });

  it('serves the per-category search paths of the real site', async () => {
    const response = await fetch(`${sim.base}/s/pronajem/byty/`);
    expect(await response.text()).toContain(rent.listingId);
    expect((await fetch(`${sim.base}/s/prodej/lode/`)).status).toBe(404);
  });

  it('answers a withdrawn listing the way iDNES does, which the adapter reads as gone', async () => {
    const client = fetchClient();
    const ref = (await idnesAdapter.listPage(client, sim.base, 0)).refs[2];
    rent.active = false;
    try {
      expect(await idnesAdapter.fetchDetail(client, sim.base, ref)).toEqual({ kind: 'gone' });
    } finally {
      rent.active = true;
    }
  });

  it('renders a changed layout that the adapter refuses to parse', async () => {
    const client = fetchClient();
    const ref = (await idnesAdapter.listPage(client, sim.base, 0)).refs[0];
    sim.setLayoutChanged(true);
    await expect(idnesAdapter.listPage(client, sim.base, 0)).rejects.toThrow(/idnes: cannot parse/);
    await expect(idnesAdapter.fetchDetail(client, sim.base, ref)).rejects.toThrow(/idnes: cannot parse/);
  });
});
