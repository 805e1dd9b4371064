import { PRAGUE_TIME_ZONE, type AdType, type DispositionLabel, type HouseType, type RawListingInput, type RealEstateType, type TerraceType } from '@rr/proto';
import { ParseError, type DetailResult, type ListingRef, type ListPage } from '../types';

/**
 * UlovDomov (shared/portals.md §6). Pure. v1 `offer/find` lists newest first (`sorting=latest`),
 * v2 `offer/detail` gives one offer; when v1 fails the sitemap still lists every offer, newest
 * approximated by the highest id. `rentalPrice` holds sale prices too; `published` is Prague
 * local time; v1 names places `title`, v2 `name`; v1 and v2 spell dispositions differently.
 */

export const PAGE_SIZE = 100;
/** The whole of Czechia, as the site's own map search sends it (bounds are required). */
export const CZ_BOUNDS = { northEast: { lat: 51.06, lng: 18.87 }, southWest: { lat: 48.55, lng: 12.09 } };

type Json = Record<string, unknown>;

const strip = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** The API host is `ud.api.ulovdomov.cz`, pages and the sitemap are on `www.`; the simulator serves both on one base. */
export function siteBase(baseUrl: string): string {
  const url = new URL(strip(baseUrl));
  if (url.hostname.startsWith('ud.api.')) url.hostname = `www.${url.hostname.slice('ud.api.'.length)}`;
  return strip(url.toString());
}

export const findUrl = (baseUrl: string, page: number) => `${strip(baseUrl)}/v1/offer/find?page=${page + 1}&perPage=${PAGE_SIZE}&sorting=latest`;
export const findBody = () => JSON.stringify({ bounds: CZ_BOUNDS });
export const detailUrl = (baseUrl: string, id: string) => `${strip(baseUrl)}/v2/offer/detail?offerId=${encodeURIComponent(id)}`;
export const sitemapUrl = (baseUrl: string) => `${siteBase(baseUrl)}/sitemap-offers.xml`;
export const offerUrl = (baseUrl: string, seo: string, id: string) => `${siteBase(baseUrl)}/inzerat/${seo}/${id}`;

function parseJson(body: string, url: string): Json {
  try {
    const json = JSON.parse(body) as unknown;
    if (json && typeof json === 'object') return json as Json;
  } catch {
    // reported below
  }
  throw new ParseError('ulovdomov', url, 'answer is not a JSON object');
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const positive = (v: unknown): number | null => { const n = num(v); return n != null && n > 0 ? n : null; };
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** v1 writes `{id, title}`, v2 `{id, name}`. */
const placeName = (v: unknown): string | null => (v && typeof v === 'object' ? str((v as Json).name) ?? str((v as Json).title) : null);

export function parseFindPage(body: string, url: string, baseUrl: string): ListPage {
  const json = parseJson(body, url);
  const data = json.data as Json | undefined;
  const extra = json.extraData as Json | undefined;
  if (json.success !== true || !data || !Array.isArray(data.offers) || !extra) {
    throw new ParseError('ulovdomov', url, 'no data.offers/extraData in the find answer (layout changed?)');
  }
  const refs: ListingRef[] = (data.offers as Json[]).map((o) => {
    if (num(o.id) == null) throw new ParseError('ulovdomov', url, 'an offer without id');
    const id = String(o.id);
    const seo = str(o.seo);
    return {
      listingId: id,
      url: seo ? offerUrl(baseUrl, seo, id) : str(o.absoluteUrl) ?? offerUrl(baseUrl, 'inzerat', id),
      fingerprint: [(o.rentalPrice as Json | null)?.value ?? '', o.title, o.area].join('|'),
      promoted: o.isTop === true,
      // No `privateSeller`: the list's only hint, `isNoCommission`, is the buyer's fee, which agencies
      // waive too (docs/decisions.md, "Seller"); the format names no owner or agency.
    };
  });
  const current = num(extra.currentPage) ?? 1;
  const pages = num(extra.totalPages) ?? current;
  return { refs, hasMore: refs.length > 0 && current < pages };
}

/** The sitemap as a list page: ids sorted high to low (newest first), PAGE_SIZE a page. */
export function parseSitemapPage(xml: string, url: string, page: number): ListPage {
  const locs = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>(?:\s*<lastmod>\s*([^<\s]+)\s*<\/lastmod>)?/g)];
  if (!/<urlset/.test(xml)) throw new ParseError('ulovdomov', url, 'not a sitemap');
  const offers = locs
    .map(([, loc, lastmod]) => ({ loc, lastmod: lastmod ?? '', id: /\/inzerat\/[^/]+\/(\d+)\/?$/.exec(loc)?.[1] }))
    .filter((o): o is { loc: string; lastmod: string; id: string } => !!o.id)
    .sort((a, b) => Number(b.id) - Number(a.id));
  const slice = offers.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return {
    refs: slice.map((o) => ({ listingId: o.id, url: o.loc, fingerprint: o.lastmod, promoted: false })),
    hasMore: (page + 1) * PAGE_SIZE < offers.length,
  };
}

const DISPOSITION: Record<string, DispositionLabel> = {
  onePlusKk: '1+kk', onePlusKitchenette: '1+kk', onePlusOne: '1+1', twoPlusKk: '2+kk', twoPlusKitchenette: '2+kk', twoPlusOne: '2+1',
  threePlusKk: '3+kk', threePlusKitchenette: '3+kk', threePlusOne: '3+1', fourPlusKk: '4+kk', fourPlusKitchenette: '4+kk', fourPlusOne: '4+1',
  fivePlusKk: '5+kk', fivePlusKitchenette: '5+kk', fivePlusOne: '5+1', sixAndMore: '6+', fiveplusrooms: '6+', atypical: 'atypical', room: 'room',
  studio: '1+kk',
};
const PROPERTY: Record<string, RealEstateType> = { flat: 'Apartment', room: 'Apartment', house: 'House', land: 'Land', commercial: 'Commercial', other: 'Other' };
const HOUSE: Record<string, HouseType> = { familyHouse: 'Detached', villa: 'Detached', cottage: 'Cottage', chalet: 'Hut' };
const OFFER: Record<string, AdType> = { sale: 'Sale', rent: 'Rent', coliving: 'Roommates' };
const TERRACE: Record<string, TerraceType> = { balcony: 'Balcony', loggia: 'Loggia', terrace: 'Terrace' };

/** Built once: constructing an Intl formatter costs far more than formatting with it. */
const PRAGUE_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRAGUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** "2026-02-27T07:01:05" in Prague → an ISO instant. */
export function pragueLocalToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const asUtc = Date.parse(`${local}Z`);
  const offsetAt = (ms: number) => {
    const p = Object.fromEntries(PRAGUE_CLOCK.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - ms;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first)).toISOString();
}

function groupDigits(n: number): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function isGoneAnswer(status: number, body: string): boolean {
  if (status === 404 || status === 410) return true;
  if (status !== 200) return false;
  try {
    const json = JSON.parse(body) as Json;
    const error = json.error as Json | undefined;
    if (json.success === false && /notfound/i.test(String(error?.code ?? ''))) return true;
    const data = json.data as Json | undefined;
    return !!data && typeof data.status === 'string' && data.status !== 'ACTIVE';
  } catch {
    return false;
  }
}

export function parseDetail(status: number, body: string, url: string, baseUrl: string): DetailResult {
  if (isGoneAnswer(status, body)) return { kind: 'gone' };
  const json = parseJson(body, url);
  const d = json.data as Json | undefined;
  if (json.success !== true || !d || num(d.id) == null || !Array.isArray(d.parameters)) {
    throw new ParseError('ulovdomov', url, 'no data.id/parameters in the detail answer (layout changed?)');
  }
  const params = new Map((d.parameters as Json[]).map((p) => [String(p.name), p.value]));
  const id = String(d.id);
  const propertyType = String(params.get('propertyType') ?? '');
  const realEstateType = PROPERTY[propertyType] ?? 'Other';
  const adType = OFFER[String(d.offerTypeId ?? params.get('offerType'))] ?? 'Other';
  const rawDisposition = String(params.get('disposition') ?? '');
  const dispositionLabel = propertyType === 'room' || adType === 'Roommates' ? 'room' : DISPOSITION[rawDisposition] ?? null;
  const price = positive((d.rentalPrice as Json | null)?.value) ?? positive(params.get('price'));
  const monthly = params.get('priceUnit') === 'perMonth' || adType !== 'Sale';
  const convenience = Array.isArray(params.get('convenience')) ? (params.get('convenience') as string[]) : [];
  const geo = (d.geoCoordinates ?? null) as Json | null;
  const village = placeName(d.village);
  const part = placeName(d.villagePart);
  const district = placeName(d.district);
  const where = part && /^Praha \d+/.test(part) ? part : part && part !== village ? `${village} - ${part}` : village ?? '';
  const okres = district && /^okres /.test(district) ? `, ${district}` : '';
  const published = str(params.get('published')) ?? str(d.published);
  const seo = str(d.seo);
  const listing: RawListingInput = {
    portal: 'ulovdomov',
    listingId: id,
    url: seo ? offerUrl(baseUrl, seo, id) : url,
    title: str(d.title) ?? '',
    description: str(d.description) ?? '',
    adType,
    realEstateType,
    dispositionLabel: realEstateType === 'Apartment' || realEstateType === 'House' ? dispositionLabel : null,
    houseType: realEstateType === 'House' ? HOUSE[String(params.get('houseType'))] ?? null : null,
    landType: null,
    area: realEstateType === 'Land' ? null : positive(params.get('floorArea')),
    landArea: positive(params.get('plotArea')) ?? (realEstateType === 'Land' ? positive(params.get('floorArea')) : null),
    price,
    priceText: price == null ? 'Cena na vyžádání' : `${groupDigits(price)} Kč${monthly ? '/měsíc' : ''}`,
    priceNote: str(d.priceNote),
    locality: `${[placeName(d.street), where].filter(Boolean).join(', ')}${okres}`,
    lat: geo ? num(geo.lat) : null,
    lon: geo ? num(geo.lng) : null,
    floor: num(params.get('floorLevel')),
    terraceTypes: convenience.map((c) => TERRACE[c]).filter((t): t is TerraceType => !!t),
    elevator: convenience.includes('lift') ? true : null,
    images: (Array.isArray(d.photos) ? (d.photos as Json[]) : []).map((p) => str(p.path)).filter((p): p is string => !!p),
    contactPerson: null,
    privateSeller: null,
    publishedAt: published ? pragueLocalToIso(published) : null,
  };
  return { kind: 'listing', listing };
}
