import type { Portal } from '@rr/proto';
import { startSimulator, type RunningSimulator } from '../../test/support';
import { fetchClient, loadAdapter, type Adapter } from './html-test-support';
import type { SimListing } from './types';

/**
 * The four HTML portals over the simulator core's generated stream (every kind, offer type,
 * auctions, shared rooms, prices on request, missing GPS), read back through the crawler adapters.
 */
const HTML_PORTALS: Portal[] = ['idnes', 'bazos', 'realitycz', 'realitymix'];

async function crawlAll(adapter: Adapter, base: string): Promise<Map<string, Record<string, unknown>>> {
  const client = fetchClient();
  const parsed = new Map<string, Record<string, unknown>>();
  for (let page = 0; page < 50; page++) {
    const list = await adapter.listPage(client, base, page);
    for (const ref of list.refs) {
      const detail = await adapter.fetchDetail(client, base, ref);
      if (detail.kind === 'listing') parsed.set(ref.listingId, detail.listing);
    }
    if (!list.hasMore) break;
  }
  return parsed;
}

function facts(l: SimListing, portal: Portal): Record<string, unknown> {
  return {
    listingId: l.listingId, adType: l.adType, realEstateType: l.realEstateType, dispositionLabel: l.dispositionLabel,
    area: l.area, landArea: l.landArea, price: l.price, lat: portal === 'bazos' ? null : l.lat, lon: portal === 'bazos' ? null : l.lon,
    floor: l.floor, ownership: l.ownership, construction: l.construction, elevator: l.elevator,
  };
}

describe('HTML portals over the generated stream', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(11);
    sim.sim.publishMany(160, { seed: 11, crossPostShare: 0.4, portals: HTML_PORTALS, priceChangeShare: 0, withdrawShare: 0 });
  });
  afterAll(() => sim.close());

  it.each(HTML_PORTALS)('%s: every generated listing is listed and parses back to its facts', async (portal) => {
    const expected = sim.sim.store.active(portal);
    expect(expected.length).toBeGreaterThan(10);
    const parsed = await crawlAll(loadAdapter(portal), `${sim.origin}/${portal}`);
    expect([...parsed.keys()].sort()).toEqual(expected.map((l) => l.listingId).sort());
    for (const l of expected) {
      const raw = parsed.get(l.listingId)!;
      const keys = Object.keys(facts(l, portal));
      expect(Object.fromEntries(keys.map((k) => [k, raw[k]]))).toEqual(facts(l, portal));
      expect(String(raw.locality)).toContain(l.place.pragueDistrict ?? l.place.name);
    }
  });
});
