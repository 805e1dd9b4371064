import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RawListing } from '@rr/proto';
import { ParseError } from '../types';
import { advertUrl, dispositionOf, parseDetailResponse, parseListResponse, publicBase } from './parse';

const BASE = 'https://api.bezrealitky.cz';
const GQL = `${BASE}/graphql/`;
const read = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

function listing(name: string) {
  const result = parseDetailResponse(read(name), GQL, BASE);
  if (result.kind !== 'listing') throw new Error(`${name} parsed as gone`);
  return RawListing.parse(result.listing);
}

describe('Bezrealitky listAdverts', () => {
  it('reads ids, public URLs on www. and a fingerprint with the price', () => {
    const page = parseListResponse(read('list-page0.json'), GQL, BASE, 0);
    expect(page.refs.map((r) => r.listingId)).toEqual(['1090005', '1090004', '1090003', '1090002', '1090001']);
    expect(page.refs[3].url).toBe('https://www.bezrealitky.cz/nemovitosti-byty-domy/1090002-nabidka-prodej-bytu-havlickova-brno');
    expect(page.refs[3].fingerprint).toContain('4290000');
    expect(page.hasMore).toBe(false);
  });

  it('asks for the next page while offset plus page stays under totalCount', () => {
    const body = JSON.stringify({ data: { listAdverts: { totalCount: 250, list: Array.from({ length: 100 }, (_, i) => ({ id: String(i), uri: `${i}-x` })) } } });
    expect(parseListResponse(body, GQL, BASE, 1).hasMore).toBe(true);
    expect(parseListResponse(body, GQL, BASE, 2).hasMore).toBe(false);
  });

  it('fails with the GraphQL error when the schema changed', () => {
    expect(() => parseListResponse(read('list-changed-layout.json'), GQL, BASE, 0)).toThrow(/Cannot query field "listAdverts"/);
    expect(() => parseListResponse(read('forbidden.html'), GQL, BASE, 0)).toThrow(ParseError);
  });
});

describe('Bezrealitky advert', () => {
  it('reads a Prague rental: gps.lng, dotted price, charges and deposit as a note', () => {
    expect(listing('detail-flat.json')).toMatchObject({
      portal: 'bezrealitky', listingId: '1090001', adType: 'Rent', realEstateType: 'Apartment', dispositionLabel: '2+1', area: 61,
      price: 24900, priceText: '24.900 Kč', priceNote: '+ 3 700 Kč poplatky, vratná kauce 49 800 Kč', locality: 'Koperníkova, Praha - Vinohrady',
      construction: expect.any(String), publishedAt: null, contactPerson: null,
    });
    const l = listing('detail-flat.json');
    expect(l.lat).toBeGreaterThan(50);
    expect(l.lon).toBeGreaterThan(14);
  });

  it('counts a balcony when the flag says no but the area is filled in', () => {
    const l = listing('detail-flat.json');
    expect(JSON.parse(read('detail-flat.json')).data.advert.balcony).toBe(false);
    expect(l.terraceTypes).toContain('Balcony');
  });

  it('reads GARSONIERA as 1+kk and an agency advert as not private', () => {
    expect(listing('detail-studio.json')).toMatchObject({ dispositionLabel: '1+kk', privateSeller: false, area: 28, price: 4_290_000 });
    expect(dispositionOf('DISP_7_1')).toBe('6+');
    expect(dispositionOf('OSTATNI')).toBe('atypical');
    expect(dispositionOf('UNDEFINED')).toBeNull();
  });

  it('reads a null price as on request and a recreational building as a cottage', () => {
    expect(listing('detail-house.json')).toMatchObject({ realEstateType: 'House', houseType: 'Cottage', price: null, priceText: 'Cena na dotaz', area: 85, landArea: 900 });
  });

  it('reads a roommate rental as a room', () => {
    expect(listing('detail-room.json')).toMatchObject({ adType: 'Roommates', dispositionLabel: 'room', price: 7500 });
  });

  it('ignores surface 0 ("not given") on land', () => {
    expect(JSON.parse(read('detail-land.json')).data.advert.surface).toBe(0);
    expect(listing('detail-land.json')).toMatchObject({ realEstateType: 'Land', landType: 'BuildPlot', area: null, landArea: 980 });
  });

  it('reads advert: null as gone', () => {
    expect(parseDetailResponse(read('detail-gone.json'), GQL, BASE)).toEqual({ kind: 'gone' });
  });

  it('builds public URLs on www. for the real API and on the base for the simulator', () => {
    expect(publicBase('https://api.bezrealitky.cz')).toBe('https://www.bezrealitky.cz');
    expect(advertUrl('http://localhost:8090/bezrealitky', '12-x')).toBe('http://localhost:8090/bezrealitky/nemovitosti-byty-domy/12-x');
  });
});
