import { ParseError } from '../types';
import { cannedClient, fixture } from '../czech-html/test-support';
import { parseDetail, parseListPage } from './parse';
import { realitymixAdapter } from './index';

const BASE = 'https://realitymix.cz';
const LIST = `${BASE}/reality`;
const HOUSE = `${BASE}/detail/liberec/pronajem-domu-vily-120-m2-9104411.html`;
const FLAT = `${BASE}/detail/brno/prodej-bytu-2-1-61-m2-9104390.html`;
const read = (name: string) => fixture(__dirname, name);

function listing(name: string, url: string) {
  const result = parseDetail(read(name), url);
  if (result.kind !== 'listing') throw new Error(`${name} did not parse to a listing`);
  return result.listing;
}

describe('RealityMix list page', () => {
  it('reads cards by structure, whatever their Tailwind classes, with trailing numeric ids', () => {
    const page = parseListPage(read('list-page0.html'), LIST);
    expect(page.refs.map((r) => r.listingId)).toEqual(['9104411', '9104398', '9104390']);
    expect(page.refs[1].url).toBe(`${BASE}/detail/praha/prodej-bytu-3-kk-84-m2-9104398.html`);
    expect(page.hasMore).toBe(true);
  });

  it('fingerprints a card by its price span, including price-on-request words', () => {
    expect(parseListPage(read('list-page0.html'), LIST).refs.map((r) => r.fingerprint.split('|')[0]))
      .toEqual(['20 000 Kč', 'Cena na vyžádání', 'Rezervováno']);
  });

  it('answers "z celkem 0 nalezených" with no refs', () => {
    expect(parseListPage(read('list-empty.html'), LIST)).toEqual({ refs: [], hasMore: false });
  });

  it('fails on a changed layout', () => {
    expect(() => parseListPage(read('list-changed-layout.html'), LIST)).toThrow(ParseError);
  });
});

describe('RealityMix adapter', () => {
  it('asks for page 2 onwards with stranka', async () => {
    const client = cannedClient({ [`${LIST}?stranka=2`]: { body: read('list-page0.html') } });
    await expect(realitymixAdapter.listPage(client, `${BASE}/`, 1)).resolves.toMatchObject({ hasMore: true });
  });

  it('reports a 410 detail as gone', async () => {
    const client = cannedClient({ [HOUSE]: { status: 410, body: 'Tato nabídka již není k dispozici.' } });
    await expect(realitymixAdapter.fetchDetail(client, BASE, { listingId: '9104411', url: HOUSE, fingerprint: '', promoted: false }))
      .resolves.toEqual({ kind: 'gone' });
  });
});

describe('RealityMix detail page', () => {
  it('reads a rental house from the heading, label/value pairs, print-map and breadcrumb', () => {
    expect(listing('detail-house.html', HOUSE)).toMatchObject({
      portal: 'realitymix', listingId: '9104411', adType: 'Rent', realEstateType: 'House', houseType: 'Detached', dispositionLabel: '4+1',
      area: 120, landArea: 640, price: 20_000, priceText: '20 000 Kč', priceNote: 'za měsíc', lat: 50.7477, lon: 15.0689,
      locality: 'Ještědská, Liberec - Liberec VI-Rochlice, okres Liberec', construction: 'Brick', terraceTypes: ['Terrace'],
      contactPerson: 'Lucie Příkladová', floor: null, elevator: null, privateSeller: false,
    });
  });

  it('keeps image URLs with whichever scheme the page uses', () => {
    expect(listing('detail-house.html', HOUSE).images).toEqual([
      'http://st.realitymix.cz/i/1203/9104411/nab_1.jpg', 'https://st.realitymix.cz/i/1203/9104411/nab_2.jpg',
    ]);
  });

  it('reads "Rezervováno" as no price and a page without print-map as no coordinates', () => {
    expect(listing('detail-flat-reserved-no-gps.html', FLAT)).toMatchObject({
      adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+1', area: 61, price: null, priceText: 'Rezervováno',
      lat: null, lon: null, floor: 3, ownership: 'Cooperative', construction: 'Panel', elevator: false, terraceTypes: ['Loggia'],
    });
  });

  it('reads the seller from the commission row: none is an owner, a commission an agency, no row unknown', () => {
    const house = read('detail-house.html');
    const seller = (html: string) => {
      const result = parseDetail(html, HOUSE);
      if (result.kind !== 'listing') throw new Error('expected a listing');
      return result.listing.privateSeller;
    };
    expect(seller(house.replace('Součástí ceny', 'Bez provize'))).toBe(true);
    expect(seller(house.replace('Součástí ceny', '3 % z ceny'))).toBe(false);
    expect(seller(read('detail-flat-reserved-no-gps.html'))).toBeNull();
  });

  it('fails on a changed detail layout', () => {
    expect(() => parseDetail(read('detail-changed-layout.html'), HOUSE)).toThrow(ParseError);
  });
});
