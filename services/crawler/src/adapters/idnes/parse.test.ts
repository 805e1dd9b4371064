import { ParseError } from '../types';
import { fixture } from '../czech-html/test-support';
import { parseDetail, parseListPage } from './parse';

const PAGE = 'https://reality.idnes.cz/s/';
const FLAT = 'https://reality.idnes.cz/detail/prodej/byt/praha-hostivar-nurmiho/6a71888887e5da33ca081ad8/';
const HOUSE = 'https://reality.idnes.cz/detail/prodej/dum/tanvald-sumburk-nad-desnou-na-balkane/6a0f11c2d3e4f5a6b7c8d9e0/';
const read = (name: string) => fixture(__dirname, name);

describe('iDNES list page', () => {
  it('reads the cards and skips the advert among them', () => {
    const page = parseListPage(read('list-page0.html'), PAGE);
    expect(page.refs.map((r) => r.listingId)).toEqual(['6a71888887e5da33ca081ad8', '6b02c4e19f0a7d3e11c5a2b8', '6a0f11c2d3e4f5a6b7c8d9e0']);
    expect(page.refs[0].url).toBe(FLAT);
    expect(page.hasMore).toBe(true);
  });

  it('fingerprints a card by its price text with the odd spaces cleaned', () => {
    const [flat, , house] = parseListPage(read('list-page0.html'), PAGE).refs;
    expect(flat.fingerprint).toBe('6 500 000 Kč|prodej bytu 2+kk 55 m²');
    expect(house.fingerprint).toMatch(/^Cena na vyžádání\|/);
  });

  it('knows the last page by its missing next link', () => {
    const page = parseListPage(read('list-last-page.html'), `${PAGE}?page=1`);
    expect(page.refs).toHaveLength(1);
    expect(page.hasMore).toBe(false);
  });

  it('answers an honest empty result with no refs', () => {
    expect(parseListPage(read('list-empty.html'), PAGE)).toEqual({ refs: [], hasMore: false });
  });

  it('fails on a changed layout instead of reporting zero listings', () => {
    expect(() => parseListPage(read('list-changed-layout.html'), PAGE)).toThrow(ParseError);
  });
});

describe('iDNES detail page', () => {
  it('reads a flat with clean dataLayer values, parameters and gallery', () => {
    const result = parseDetail(read('detail-flat.html'), FLAT);
    expect(result.kind).toBe('listing');
    if (result.kind !== 'listing') return;
    expect(result.listing).toMatchObject({
      portal: 'idnes', listingId: '6a71888887e5da33ca081ad8', url: FLAT, title: 'Prodej bytu 2+kk 55 m²',
      adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+kk', area: 55, landArea: null,
      price: 6_500_000, priceText: '6 500 000 Kč', locality: 'Nurmiho, Praha 15 - Hostivař', lat: 50.0585, lon: 14.5402,
      floor: 3, ownership: 'Direct', construction: 'Brick', elevator: true, terraceTypes: ['Balcony'], contactPerson: 'Jana Ukázková',
      privateSeller: false,
    });
  });

  it('reads the seller from the dataLayer brand: an agency named, a private advert empty, no brand unknown', () => {
    const seller = (html: string) => {
      const result = parseDetail(html, FLAT);
      if (result.kind !== 'listing') throw new Error('expected a listing');
      return result.listing.privateSeller;
    };
    const flat = read('detail-flat.html');
    expect(seller(flat)).toBe(false);
    expect(seller(flat.replace('"listing_brand":"Realitní kancelář Příkladná s.r.o."', '"listing_brand":" "'))).toBe(true);
    expect(seller(flat.replace('"listing_brand":"Realitní kancelář Příkladná s.r.o.",', ''))).toBeNull();
  });

  it('drops the struck-out old price, the gt parameter of photos and videos', () => {
    const result = parseDetail(read('detail-flat.html'), FLAT);
    if (result.kind !== 'listing') throw new Error('expected a listing');
    expect(result.listing.priceText).not.toContain('6 900 000');
    expect(result.listing.images).toEqual([
      'https://sta-reality2.1gr.cz/sta/compile/thumbs/3/c/a/4f1e2d.jpg',
      'https://sta-reality2.1gr.cz/sta/compile/thumbs/9/1/e/77aa01.jpg',
    ]);
  });

  it('reads price on request as no price, and a page without GPS as no coordinates', () => {
    const result = parseDetail(read('detail-house-no-gps.html'), HOUSE);
    if (result.kind !== 'listing') throw new Error('expected a listing');
    expect(result.listing).toMatchObject({
      realEstateType: 'House', houseType: 'Detached', area: 210, landArea: 800, price: null, priceText: 'Cena na vyžádání',
      lat: null, lon: null, construction: 'Wood', terraceTypes: ['Terrace'], contactPerson: null, privateSeller: true,
      locality: 'Na Balkáně, Tanvald - Šumburk nad Desnou, okres Jablonec nad Nisou',
    });
    expect(result.listing.images).toEqual(['https://sta-reality2.1gr.cz/sta/compile/thumbs/7/7/1/c0ffee.jpg']);
  });

  it('reports "Nabídka již není aktivní" as gone', () => {
    expect(parseDetail(read('detail-gone.html'), FLAT)).toEqual({ kind: 'gone' });
  });

  it('reports a redirect off /detail/ as gone', () => {
    expect(parseDetail('<html><body>Hledání</body></html>', 'https://reality.idnes.cz/s/prodej/byty/')).toEqual({ kind: 'gone' });
  });

  it('fails on a changed detail layout', () => {
    expect(() => parseDetail(read('detail-changed-layout.html'), FLAT)).toThrow(ParseError);
  });
});
