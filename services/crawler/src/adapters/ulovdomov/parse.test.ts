import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RawListing } from '@rr/proto';
import type { HttpResponse, PortalClient } from '../types';
import { ParseError } from '../types';
import { ulovdomovAdapter } from './index';
import { findUrl, isGoneAnswer, parseDetail, parseFindPage, parseSitemapPage, pragueLocalToIso, sitemapUrl } from './parse';

const BASE = 'https://ud.api.ulovdomov.cz';
const FIND = findUrl(BASE, 0);
const read = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

function listing(name: string) {
  const result = parseDetail(200, read(name), `${BASE}/v2/offer/detail?offerId=1`, BASE);
  if (result.kind !== 'listing') throw new Error(`${name} parsed as gone`);
  return RawListing.parse(result.listing);
}

describe('UlovDomov v1 offer/find', () => {
  it('lists newest first with public URLs on www. and the price in the fingerprint', () => {
    const page = parseFindPage(read('find-page1.json'), FIND, BASE);
    expect(page.refs.map((r) => r.listingId)).toEqual(['5700006', '5700005', '5700004', '5700003', '5700002', '5700001']);
    expect(page.refs[5]).toMatchObject({ url: 'https://www.ulovdomov.cz/inzerat/pronajem-liberec-zahradni-1-kk/5700001', promoted: false });
    expect(page.refs[5].fingerprint).toBe('11900|Pronájem bytu 1+kk 31 m2|31');
    expect(page.hasMore).toBe(false);
  });

  it('does not take "no commission" for a private seller: the list tells the fee, not who publishes', () => {
    const offers = (JSON.parse(read('find-page1.json')) as { data: { offers: Array<{ isNoCommission: boolean }> } }).data.offers;
    expect(offers.some((o) => o.isNoCommission === true)).toBe(true);
    expect(parseFindPage(read('find-page1.json'), FIND, BASE).refs.every((r) => r.privateSeller == null)).toBe(true);
    expect(listing('detail-flat.json').privateSeller).toBeNull();
  });

  it('reads the older hand-documented shape (data.items, dispozice) as a layout change', () => {
    expect(() => parseFindPage(read('find-changed-layout.json'), FIND, BASE)).toThrow(ParseError);
    expect(() => parseFindPage(read('find-no-bounds.json'), FIND, BASE)).toThrow(ParseError);
  });

  it('asks for the next page while currentPage is below totalPages', () => {
    const body = JSON.stringify({ success: true, data: { offers: [{ id: 1 }] }, extraData: { total: 150, totalPages: 2, perPage: 100, currentPage: 1 } });
    expect(parseFindPage(body, FIND, BASE).hasMore).toBe(true);
  });
});

describe('UlovDomov sitemap', () => {
  it('orders offers by highest id as the newest and fingerprints by lastmod', () => {
    const page = parseSitemapPage(read('sitemap-offers.xml'), sitemapUrl(BASE), 0);
    expect(page.refs.map((r) => r.listingId)).toEqual(['5700004', '5700003', '5700002', '5700001']);
    expect(page.refs[0].fingerprint).toBe('2026-11-20T09:35:00+00:00');
    expect(sitemapUrl(BASE)).toBe('https://www.ulovdomov.cz/sitemap-offers.xml');
  });

  it('falls back to the sitemap when v1 answers 500, as it did from datacenter addresses', async () => {
    const answers: Record<string, HttpResponse> = {
      [FIND]: { status: 500, headers: {}, body: read('find-server-error.json'), url: FIND },
      [sitemapUrl(BASE)]: { status: 200, headers: {}, body: read('sitemap-offers.xml'), url: sitemapUrl(BASE) },
    };
    const client: PortalClient = { request: async (url) => answers[url], render: async () => '' };
    const page = await ulovdomovAdapter.listPage(client, BASE, 0);
    expect(page.refs).toHaveLength(4);
  });
});

describe('UlovDomov v2 offer/detail', () => {
  it('reads a rental: rentalPrice, Prague-local published time, v2 place names', () => {
    expect(listing('detail-flat.json')).toMatchObject({
      portal: 'ulovdomov', listingId: '5700001', adType: 'Rent', realEstateType: 'Apartment', dispositionLabel: '1+kk', area: 31,
      price: 11900, priceText: '11 900 Kč/měsíc', priceNote: '+ energie', floor: 3, elevator: true,
      locality: 'Zahradní, Liberec, okres Liberec', publishedAt: '2026-11-20T08:35:00.000Z',
      url: 'https://www.ulovdomov.cz/inzerat/pronajem-liberec-zahradni-1-kk/5700001',
    });
  });

  it('reads a sale price from rentalPrice and a Prague district from villagePart', () => {
    expect(listing('detail-sale.json')).toMatchObject({
      adType: 'Sale', price: 3_490_000, priceText: '3 490 000 Kč', dispositionLabel: '3+1', terraceTypes: ['Balcony'],
      locality: 'Československé armády, Praha 8 - Čimice',
    });
  });

  it('reads coliving as a roommate room and a chalet as a hut on request', () => {
    expect(listing('detail-room.json')).toMatchObject({ adType: 'Roommates', dispositionLabel: 'room', area: 15 });
    expect(listing('detail-house.json')).toMatchObject({ realEstateType: 'House', houseType: 'Hut', price: null, priceText: 'Cena na vyžádání', landArea: 520 });
  });

  it('recognises a gone offer by 404 or by a status other than ACTIVE', () => {
    expect(parseDetail(404, read('detail-gone-404.json'), FIND, BASE)).toEqual({ kind: 'gone' });
    expect(parseDetail(200, read('detail-gone-200.json'), FIND, BASE)).toEqual({ kind: 'gone' });
    expect(isGoneAnswer(200, read('detail-flat.json'))).toBe(false);
  });

  it('converts Prague wall-clock time in winter and summer', () => {
    expect(pragueLocalToIso('2026-02-27T07:01:05')).toBe('2026-02-27T06:01:05.000Z');
    expect(pragueLocalToIso('2026-07-01T12:00:00')).toBe('2026-07-01T10:00:00.000Z');
    expect(pragueLocalToIso('27. 2. 2026')).toBeNull();
  });
});
