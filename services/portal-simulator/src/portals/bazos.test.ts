import { BRNO_PLACE, VILLAGE_PLACE, coreFacts, fetchClient, loadAdapter, serveRenderer, simListing, type SimServer } from './html-test-support';
import { bazosRenderer } from './bazos';
import type { SimListing } from './types';
import { listingUrl } from './urls';

const bazosAdapter = loadAdapter('bazos');
const flat = simListing({ portal: 'bazos', listingId: '224118903' });
const topped = simListing({
  portal: 'bazos', listingId: '223238855', promoted: true, realEstateType: 'House', houseType: 'Hut', dispositionLabel: null,
  area: 45, landArea: 600, price: 890_000, place: VILLAGE_PLACE, lat: null, lon: null, floor: null, elevator: null,
  ownership: 'Direct', construction: 'Wood', terraceTypes: ['Terrace'], publishedAt: new Date('2026-09-14T10:00:00Z'),
});
const rent = simListing({
  portal: 'bazos', listingId: '224118904', adType: 'Rent', dispositionLabel: '3+1', area: 74, price: 17_500, place: BRNO_PLACE,
  floor: 0, ownership: 'Cooperative', construction: 'Panel', elevator: false, terraceTypes: ['Loggia'], lat: 49.2251, lon: 16.5962,
});
const land = simListing({
  portal: 'bazos', listingId: '224118905', realEstateType: 'Land', landType: 'BuildPlot', dispositionLabel: null, area: null,
  landArea: 1250, price: null, floor: null, ownership: null, construction: null, elevator: null, terraceTypes: [], images: [],
});

function expectSameFacts(parsed: Record<string, unknown>, l: SimListing): void {
  expect(parsed).toMatchObject({
    ...coreFacts(l), floor: l.floor, ownership: l.ownership, construction: l.construction, elevator: l.elevator,
    terraceTypes: l.terraceTypes, images: l.images, contactPerson: l.contactPerson,
  });
  expect(parsed.locality).toContain(l.place.pragueDistrict ?? l.place.name);
  expect(Date.parse(String(parsed.publishedAt))).toBeLessThanOrEqual(l.publishedAt.getTime());
  expect(l.publishedAt.getTime() - Date.parse(String(parsed.publishedAt))).toBeLessThan(24 * 3600 * 1000);
}

describe('Bazoš renderer read back by the Bazoš adapter', () => {
  let sim: SimServer;
  beforeAll(async () => { sim = await serveRenderer(bazosRenderer, [flat, topped, rent, land]); });
  afterAll(() => sim.close());
  afterEach(() => sim.setLayoutChanged(false));

  it('pins the TOP ad above page 1 and parses every ad back to the same facts', async () => {
    const client = fetchClient();
    const page = await bazosAdapter.listPage(client, sim.base, 0);
    expect(page.refs.map((r) => [r.listingId, r.promoted])).toEqual([
      [topped.listingId, true], [flat.listingId, false], [rent.listingId, false], [land.listingId, false],
    ]);
    for (const ref of page.refs) {
      const l = [flat, topped, rent, land].find((x) => x.listingId === ref.listingId)!;
      expect(ref.url).toBe(listingUrl(sim.origin, l));
      const detail = await bazosAdapter.fetchDetail(client, sim.base, ref);
      if (detail.kind !== 'listing') throw new Error(`expected ${l.listingId} to parse`);
      expectSameFacts(detail.listing, l);
    }
  });

  it('pages by a path offset of 20, keeping TOP ads on page 1 only', async () => {
    const many = [topped, ...Array.from({ length: 25 }, (_, i) => simListing({ portal: 'bazos', listingId: String(300000 + i) }))];
    const big = await serveRenderer(bazosRenderer, many);
    try {
      const client = fetchClient();
      const first = await bazosAdapter.listPage(client, big.base, 0);
      const second = await bazosAdapter.listPage(client, big.base, 1);
      expect([first.refs.length, first.hasMore, second.refs.length, second.hasMore]).toEqual([21, true, 5, false]);
      expect(second.refs.some((r) => r.promoted)).toBe(false);
      expect(client.requested).toEqual([`${big.base}/`, `${big.base}/20/`]);
    } finally {
      await big.close();
    }
  });

  it('serves the per-section paths of the real site', async () => {
    const body = await (await fetch(`${sim.base}/pronajmu/byt/`)).text();
    expect(body).toContain(rent.listingId);
    expect(body).not.toContain(flat.listingId);
    expect((await fetch(`${sim.base}/pronajmu/byt/praha/`)).status).toBe(404);
  });

  it('answers a withdrawn ad with "Inzerát byl smazán", which the adapter reads as gone', async () => {
    const client = fetchClient();
    const ref = (await bazosAdapter.listPage(client, sim.base, 0)).refs[1];
    flat.active = false;
    try {
      expect(await bazosAdapter.fetchDetail(client, sim.base, ref)).toEqual({ kind: 'gone' });
    } finally {
      flat.active = true;
    }
  });

  it('renders a changed layout that the adapter refuses to parse', async () => {
    const client = fetchClient();
    const ref = (await bazosAdapter.listPage(client, sim.base, 0)).refs[0];
    sim.setLayoutChanged(true);
    await expect(bazosAdapter.listPage(client, sim.base, 0)).rejects.toThrow(/bazos: cannot parse/);
    await expect(bazosAdapter.fetchDetail(client, sim.base, ref)).rejects.toThrow(/bazos: cannot parse/);
  });
});
