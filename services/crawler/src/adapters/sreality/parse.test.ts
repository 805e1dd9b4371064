import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RawListing } from '@rr/proto';
import { ParseError } from '../types';
import { imageUrl, isGone, parseDetail, parseSearchPage } from './parse';

const BASE = 'https://www.sreality.cz';
const read = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const SEARCH = `${BASE}/api/v1/estates/search?lang=cs&limit=60&offset=0`;

function listing(name: string) {
  const result = parseDetail(200, read(name), `${BASE}/api/v1/estates/x`, BASE);
  if (result.kind !== 'listing') throw new Error(`${name} parsed as gone`);
  return RawListing.parse(result.listing);
}

describe('Sreality search page', () => {
  it('reads every hash_id with a public detail URL', () => {
    const page = parseSearchPage(read('search-page0.json'), SEARCH, BASE);
    expect(page.refs).toHaveLength(8);
    expect(page.refs[0]).toMatchObject({
      listingId: '3484449833',
      url: 'https://www.sreality.cz/detail/prodej/byt/3+kk/praha-bohnice-hnezdenska/3484449833',
      promoted: false,
    });
  });

  it('keeps the promoted listing that heads page 0 although it is the oldest', () => {
    const ids = parseSearchPage(read('search-page0.json'), SEARCH, BASE).refs.map((r) => r.listingId);
    expect(ids[0]).toBe('3484449833');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fingerprints by price and name with the NBSP cleaned, so a price change refetches', () => {
    const [first] = parseSearchPage(read('search-page0.json'), SEARCH, BASE).refs;
    expect(first.fingerprint).toBe('8990000|8990000|Prodej bytu 3+kk 71 m²');
    expect(first.fingerprint).not.toContain('\u00a0');
  });

  it('stops when a page is shorter than the limit or past the total', () => {
    expect(parseSearchPage(read('search-page0.json'), SEARCH, BASE).hasMore).toBe(false);
    expect(parseSearchPage(read('search-past-end.json'), SEARCH, BASE)).toEqual({ refs: [], hasMore: false });
  });

  it('asks for the next page while a full page stays under the total', () => {
    const body = JSON.stringify({ pagination: { limit: 2, offset: 0, total: 5 }, results: [{ hash_id: 1 }, { hash_id: 2 }] });
    expect(parseSearchPage(body, SEARCH, BASE).hasMore).toBe(true);
  });

  it('does not ask past the 10 000 offset window that answers 422', () => {
    const body = JSON.stringify({ pagination: { limit: 60, offset: 9_960, total: 40_000 }, results: Array.from({ length: 60 }, (_, i) => ({ hash_id: i + 1 })) });
    expect(parseSearchPage(body, SEARCH, BASE).hasMore).toBe(false);
  });

  it('fails on a changed layout instead of reporting zero listings', () => {
    expect(() => parseSearchPage(read('search-changed-layout.json'), SEARCH, BASE)).toThrow(ParseError);
    expect(() => parseSearchPage('<html>maintenance</html>', SEARCH, BASE)).toThrow(ParseError);
  });
});

describe('Sreality detail', () => {
  it('reads a Brno rental with codes, floor, images and broker', () => {
    const l = listing('detail-flat.json');
    expect(l).toMatchObject({
      portal: 'sreality', listingId: '1449110902', title: 'Pronájem bytu 2+kk 54 m²', adType: 'Rent', realEstateType: 'Apartment',
      dispositionLabel: '2+kk', area: 54, landArea: null, price: 21500, priceText: '21 500 Kč/měsíc', privateSeller: false,
      url: 'https://www.sreality.cz/detail/pronajem/byt/2+kk/brno-cerna-pole-srbska/1449110902',
    });
    expect(l.locality).toBe('Srbská, Brno - Černá Pole, okres Brno-město');
    expect(l.lat).toBeCloseTo(49.2, 0);
    expect(l.images.length).toBeGreaterThan(0);
    expect(l.contactPerson).toBeTruthy();
  });

  it('makes protocol-relative sdn.cz images absolute with the size suffix the CDN needs', () => {
    const [first] = listing('detail-flat.json').images;
    expect(first).toMatch(/^https:\/\/d18-a\.sdn\.cz\/d_18\/.+\.jpeg\?fl=res,749,562,3\|shr,,20\|jpg,90$/);
    expect(imageUrl('//localhost:8090/photos/sreality/P1-1.svg', 'http://localhost:8090/sreality')).toBe('http://localhost:8090/photos/sreality/P1-1.svg');
  });

  it('takes the total of a land plot priced per m² and keeps the m² price as a note', () => {
    const l = listing('detail-land.json');
    expect(l).toMatchObject({ realEstateType: 'Land', landType: 'BuildPlot', landArea: 1200, area: null, price: 2_250_000, priceText: '2 250 000 Kč' });
    expect(l.priceNote).toContain('1 875 Kč za m²');
  });

  it('multiplies the m² price by the plot area when the summary price is missing', () => {
    expect(listing('detail-land-per-m2-only.json').price).toBe(1875 * 1200);
  });

  it('reads a price of 0 or 1 as price on request', () => {
    for (const name of ['detail-house.json', 'detail-price-one.json']) {
      expect(listing(name)).toMatchObject({ price: null, priceText: 'Cena na vyžádání' });
    }
  });

  it('reads a terraced house of a private seller', () => {
    expect(listing('detail-house.json')).toMatchObject({ realEstateType: 'House', houseType: 'Terraced', area: 140, landArea: 420, privateSeller: true });
  });

  it('reads a rented room as a roommate offer', () => {
    expect(listing('detail-room.json')).toMatchObject({ adType: 'Roommates', dispositionLabel: 'room', area: 16, price: 8500 });
  });

  it('turns a Prague district into "Praha N - part" and ignores -1 ids', () => {
    const l = listing('detail-old.json');
    expect(l.locality).toBe('Hnězdenská, Praha 8 - Bohnice');
    expect(l.dispositionLabel).toBe('3+kk');
  });

  it('recognises a gone listing by 404, 410, a null result or the HTML "neexistuje" page', () => {
    expect(parseDetail(404, '{"status_code":404,"result":null}', SEARCH, BASE)).toEqual({ kind: 'gone' });
    expect(parseDetail(410, '', SEARCH, BASE)).toEqual({ kind: 'gone' });
    expect(parseDetail(200, read('detail-gone.html'), SEARCH, BASE)).toEqual({ kind: 'gone' });
    expect(isGone(200, '{"status_code":200,"result":null}')).toBe(true);
    expect(isGone(200, read('detail-flat.json'))).toBe(false);
  });

  it('fails on a changed layout', () => {
    expect(() => parseDetail(200, read('detail-changed-layout.json'), SEARCH, BASE)).toThrow(ParseError);
  });
});
