import { ParseError } from '../types';
import { PortalStatusError } from '../czech-html/http';
import { cannedClient, fixture } from '../czech-html/test-support';
import { gpsFromClass, parseDetail, parseListPage, sellerOfCard } from './parse';
import { realityczAdapter } from './index';

const BASE = 'https://www.reality.cz';
const LIST = `${BASE}/reality/Ceska-republika/?s=2`;
const FLAT = `${BASE}/DMQ-003729/`;
const read = (name: string) => fixture(__dirname, name);

function listing(name: string, url: string) {
  const result = parseDetail(read(name), url);
  if (result.kind !== 'listing') throw new Error(`${name} did not parse to a listing`);
  return result.listing;
}

describe('Reality.cz list page', () => {
  it('reads the cards of the rendered page, with offer URLs built from the relative links', () => {
    const page = parseListPage(read('list-rendered.html'), LIST);
    expect(page.refs.map((r) => r.listingId)).toEqual(['DMQ-003729', 'AUZ-N09768', 'BNB-001068', 'PRI-000417']);
    expect(page.refs[0].url).toBe(FLAT);
    expect(page.hasMore).toBe(true);
  });

  it('fingerprints a card by its dotted price and type line', () => {
    expect(parseListPage(read('list-rendered.html'), LIST).refs[0].fingerprint).toBe('22.900 Kč/měs.|byt 2+kk, 50 m², cihla, osobní');
  });

  it('treats the served, unrendered page (no cards) as a failure, not as zero offers', () => {
    expect(() => parseListPage(read('list-served.html'), LIST)).toThrow(ParseError);
  });

  it('fails on a changed card layout', () => {
    expect(() => parseListPage(read('list-rendered-changed-layout.html'), LIST)).toThrow(ParseError);
  });

  it('reads who publishes from the card: a broker or "realitní kancelář" an agency, "soukromý inzerent" private', () => {
    expect(parseListPage(read('list-rendered.html'), LIST).refs.map((r) => r.privateSeller)).toEqual([false, false, false, true]);
    expect(sellerOfCard('Makléř: Tomáš Smyšlený')).toBe(false);
    expect(sellerOfCard('realitní kancelář')).toBe(false);
    expect(sellerOfCard('Soukromý inzerent')).toBe(true);
    // An empty or unfamiliar box says nothing: unknown, never guessed.
    expect(sellerOfCard('')).toBeNull();
    expect(sellerOfCard('Bydlení s.r.o.')).toBeNull();
  });

  it('reads coordinates from gpsx/gpsy classes and zero as unknown', () => {
    expect(gpsFromClass('xvypis gpsx49.329672 gpsy18.003328')).toEqual({ lat: 49.329672, lon: 18.003328 });
    expect(gpsFromClass('xvypis gpsx0 gpsy0')).toEqual({ lat: null, lon: null });
  });
});

describe('Reality.cz adapter', () => {
  it('lists through the browser, because the served HTML has no cards', async () => {
    const client = cannedClient({ [LIST]: { body: read('list-served.html') } }, { [LIST]: read('list-rendered.html') });
    const page = await realityczAdapter.listPage(client, BASE, 0);
    expect(page.refs).toHaveLength(4);
  });

  it('asks for later pages with the g parameter', async () => {
    const second = `${LIST}&g=1-2-0`;
    const client = cannedClient({}, { [second]: read('list-rendered.html') });
    await expect(realityczAdapter.listPage(client, `${BASE}/`, 1)).resolves.toMatchObject({ hasMore: true });
  });

  it('reports a maintenance page as the portal being unavailable', async () => {
    const client = cannedClient({}, { [LIST]: read('list-maintenance.html') });
    await expect(realityczAdapter.listPage(client, BASE, 0)).rejects.toBeInstanceOf(PortalStatusError);
  });

  it('carries the card\'s seller into the listing, whose detail page does not tell it', async () => {
    const client = cannedClient({ [FLAT]: { body: read('detail-flat.html') } }, { [LIST]: read('list-rendered.html') });
    const [agencyRef] = (await realityczAdapter.listPage(client, BASE, 0)).refs;
    expect(listing('detail-flat.html', FLAT).privateSeller).toBeNull();
    await expect(realityczAdapter.fetchDetail(client, BASE, agencyRef)).resolves.toMatchObject({ kind: 'listing', listing: { privateSeller: false } });
    await expect(realityczAdapter.fetchDetail(client, BASE, { ...agencyRef, privateSeller: true })).resolves.toMatchObject({ listing: { privateSeller: true } });
    // A listing checked without its card (a known one the walk missed) stays unknown rather than guessed.
    await expect(realityczAdapter.fetchDetail(client, BASE, { ...agencyRef, privateSeller: undefined })).resolves.toMatchObject({ listing: { privateSeller: null } });
  });

  it('reports a 404 detail as gone', async () => {
    const client = cannedClient({});
    await expect(realityczAdapter.fetchDetail(client, BASE, { listingId: 'X-1', url: `${BASE}/X-1/`, fingerprint: '', promoted: false }))
      .resolves.toEqual({ kind: 'gone' });
  });
});

describe('Reality.cz detail page', () => {
  it('reads a rental with dotted thousands, GPS in the class and the parameter table', () => {
    expect(listing('detail-flat.html', FLAT)).toMatchObject({
      portal: 'realitycz', listingId: 'DMQ-003729', url: FLAT, adType: 'Rent', realEstateType: 'Apartment', dispositionLabel: '2+kk',
      area: 50, landArea: null, price: 22_900, priceText: '22.900 Kč/měs.', locality: 'Hnězdenská, Praha 8 - Troja',
      lat: 50.1175, lon: 14.4192, floor: 4, ownership: 'Direct', construction: 'Brick', elevator: true,
      terraceTypes: ['Balcony', 'Terrace'], contactPerson: 'Tomáš Smyšlený',
      images: [`${BASE}/foto/DMQ-003729_1.jpg`, `${BASE}/foto/DMQ-003729_2.jpg`],
    });
  });

  it('reads land with a dotted plot area and gpsx0 gpsy0 as no coordinates', () => {
    expect(listing('detail-land-no-gps.html', `${BASE}/BNB-001068/`)).toMatchObject({
      realEstateType: 'Land', landType: 'BuildPlot', area: null, landArea: 1250, price: 1_890_000, lat: null, lon: null,
    });
  });

  it('reads "info v RK" as no price', () => {
    expect(listing('detail-price-on-request.html', `${BASE}/AUZ-N09768/`)).toMatchObject({
      adType: 'Sale', realEstateType: 'House', dispositionLabel: '5+1', area: 210, landArea: 800, price: null, priceText: 'info v RK',
      floor: 0, elevator: false, lat: 49.2977, lon: 17.3931,
    });
  });

  it('reports "tato stránka neexistuje" as gone', () => {
    expect(parseDetail(read('detail-gone.html'), FLAT)).toEqual({ kind: 'gone' });
  });

  it('fails on a changed detail layout', () => {
    expect(() => parseDetail(read('detail-changed-layout.html'), FLAT)).toThrow(ParseError);
  });
});
