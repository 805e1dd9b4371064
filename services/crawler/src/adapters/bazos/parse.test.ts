import { ParseError } from '../types';
import { fixture } from '../czech-html/test-support';
import { parseDetail, parseListPage } from './parse';

const PAGE = 'https://reality.bazos.cz/';
const FLAT = 'https://reality.bazos.cz/inzerat/224118903/pronajem-bytu-1kk-plzen-slovany.php';
const HOUSE = 'https://reality.bazos.cz/inzerat/224117001/prodam-dum-v-obci.php';
const read = (name: string) => fixture(__dirname, name);

function listing(name: string, url: string) {
  const result = parseDetail(read(name), url);
  if (result.kind !== 'listing') throw new Error(`${name} did not parse to a listing`);
  return result.listing;
}

describe('Bazoš list page', () => {
  it('reads ads with root-relative links into absolute URLs', () => {
    const page = parseListPage(read('list-page0.html'), PAGE);
    expect(page.refs.map((r) => r.listingId)).toEqual(['223238855', '224118903', '224117001']);
    expect(page.refs[1].url).toBe(FLAT);
    expect(page.hasMore).toBe(true);
  });

  it('marks the pinned TOP ad as promoted and the others not', () => {
    expect(parseListPage(read('list-page0.html'), PAGE).refs.map((r) => r.promoted)).toEqual([true, false, false]);
  });

  it('fingerprints an ad by its price and title', () => {
    const refs = parseListPage(read('list-page0.html'), PAGE).refs;
    expect(refs[1].fingerprint).toBe('11 500 Kč|Pronájem bytu 1+kk, 28 m2, Plzeň - Slovany');
    expect(refs[2].fingerprint).toMatch(/^Dohodou\|/);
  });

  it('answers an empty section with no refs', () => {
    expect(parseListPage(read('list-empty.html'), PAGE)).toEqual({ refs: [], hasMore: false });
  });

  it('fails on a changed layout', () => {
    expect(() => parseListPage(read('list-changed-layout.html'), PAGE)).toThrow(ParseError);
  });
});

describe('Bazoš detail page', () => {
  it('takes sale/rent and category from the breadcrumb and the facts from the free text', () => {
    expect(listing('detail-flat.html', FLAT)).toMatchObject({
      portal: 'bazos', listingId: '224118903', adType: 'Rent', realEstateType: 'Apartment', dispositionLabel: '1+kk',
      area: 28, landArea: null, price: 11_500, priceText: '11 500 Kč', locality: '326 00 Plzeň', lat: 49.7384, lon: 13.3981,
      floor: 2, elevator: false, ownership: 'Direct', construction: 'Brick', terraceTypes: ['Balcony'], contactPerson: 'Petr Vzorový',
      images: ['https://www.bazos.cz/img/1/903/224118903.jpg', 'https://www.bazos.cz/img/2/903/224118903.jpg'],
    });
  });

  it('reads the shown date as the publish time, midnight in Prague', () => {
    expect(listing('detail-flat.html', FLAT).publishedAt).toBe('2026-10-02T22:00:00.000Z');
  });

  it('reads "Dohodou" as no price, a map link by town name as no coordinates, and areas from the text', () => {
    expect(listing('detail-house-no-gps.html', HOUSE)).toMatchObject({
      adType: 'Sale', realEstateType: 'House', houseType: 'Detached', dispositionLabel: '4+1', area: 160, landArea: 1020,
      price: null, priceText: 'Dohodou', lat: null, lon: null, construction: 'Brick', terraceTypes: ['Terrace'], images: [],
    });
  });

  it('reports "Inzerát byl smazán" as gone', () => {
    expect(parseDetail(read('detail-gone.html'), FLAT)).toEqual({ kind: 'gone' });
  });

  it('fails on a changed detail layout', () => {
    expect(() => parseDetail(read('detail-changed-layout.html'), FLAT)).toThrow(ParseError);
  });
});
