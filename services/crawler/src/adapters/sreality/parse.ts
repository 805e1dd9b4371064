import type { AdType, Building, DispositionLabel, HouseType, LandType, Ownership, RawListingInput, RealEstateType, TerraceType } from '@rr/proto';
import { ParseError, type DetailResult, type ListingRef, type ListPage } from '../types';

/**
 * Sreality JSON API v1 (shared/portals.md §2). Pure: JSON text in, our vocabulary out.
 * Codes come as `{name, value}` objects where `value: 0` means "not set"; ids are `-1` when
 * missing; a price of 0 or 1 means "on request"; land may be priced per m² (`price_unit_cb` 3).
 */

type Code = { name?: string; value?: number } | null | undefined;
type Json = Record<string, unknown>;

export const PAGE_SIZE = 60;
/** Past this window the API answers 422 (deep-pagination cap). */
export const MAX_WINDOW = 10_000;

const MAIN: Record<number, { type: RealEstateType; slug: string }> = {
  1: { type: 'Apartment', slug: 'byt' }, 2: { type: 'House', slug: 'dum' }, 3: { type: 'Land', slug: 'pozemek' },
  4: { type: 'Commercial', slug: 'komercni' }, 5: { type: 'Other', slug: 'ostatni' },
};
const TYPE: Record<number, { type: AdType; slug: string }> = {
  1: { type: 'Sale', slug: 'prodej' }, 2: { type: 'Rent', slug: 'pronajem' }, 3: { type: 'Auction', slug: 'drazby' }, 4: { type: 'Sale', slug: 'podily' },
};
const FLAT: Record<number, DispositionLabel> = {
  2: '1+kk', 3: '1+1', 4: '2+kk', 5: '2+1', 6: '3+kk', 7: '3+1', 8: '4+kk', 9: '4+1', 10: '5+kk', 11: '5+1', 12: '6+', 16: 'atypical', 47: 'room',
};
const SUB_SLUG: Record<number, string> = {
  2: '1+kk', 3: '1+1', 4: '2+kk', 5: '2+1', 6: '3+kk', 7: '3+1', 8: '4+kk', 9: '4+1', 10: '5+kk', 11: '5+1', 12: '6-a-vice', 16: 'atypicky', 47: 'pokoj',
  33: 'chata', 35: 'pamatka', 37: 'rodinny', 39: 'vila', 40: 'na-klic', 43: 'chalupa', 44: 'zemedelska-usedlost', 54: 'vicegeneracni-dum',
  18: 'komercni', 19: 'bydleni', 20: 'pole', 21: 'les', 22: 'louka', 23: 'zahrada', 24: 'ostatni-pozemky', 46: 'rybnik', 48: 'sady-vinice',
  25: 'kancelare', 26: 'sklad', 27: 'vyrobni-prostor', 28: 'obchodni-prostor', 29: 'ubytovani', 30: 'restaurace', 31: 'zemedelsky',
  32: 'ostatni-komercni-prostory', 38: 'cinzovni-dum', 49: 'virtualni-kancelar', 56: 'ordinace', 57: 'apartman',
  34: 'garaz', 36: 'jine-nemovitosti', 50: 'vinny-sklep', 51: 'pudni-prostor', 52: 'garazove-stani', 53: 'mobilni-domek',
};
const HOUSE: Record<number, HouseType> = { 33: 'Hut', 43: 'Cottage', 37: 'Detached', 39: 'Detached', 40: 'Detached', 44: 'Detached', 54: 'Detached' };
const BUILDING: Record<number, Building> = { 1: 'Wood', 2: 'Brick', 3: 'Stone', 4: 'Other', 5: 'Panel', 6: 'Other', 7: 'Other', 8: 'Other' };
const OWNERSHIP: Record<number, Ownership> = { 1: 'Direct', 2: 'Cooperative', 3: 'Municipal' };

const codeOf = (c: Code): number | null => (c && typeof c.value === 'number' && c.value > 0 ? c.value : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const positive = (v: unknown): number | null => { const n = num(v); return n != null && n > 0 ? n : null; };
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** Sreality puts NBSP (and sometimes zero-width spaces) inside names and numbers. */
export const cleanSpaces = (s: string) => s.replace(/[\u200b\u200d\ufeff]/g, '').replace(/[\u00a0\u202f\s]+/g, ' ').trim();

function parseJson(body: string, url: string): Json {
  try {
    const value = JSON.parse(body) as unknown;
    if (value && typeof value === 'object') return value as Json;
  } catch {
    // fall through to the ParseError below
  }
  throw new ParseError('sreality', url, 'answer is not a JSON object');
}

export function searchUrl(baseUrl: string, page: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/estates/search?lang=cs&limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`;
}

export function detailApiUrl(baseUrl: string, hashId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/estates/${hashId}`;
}

/** `https://www.sreality.cz/detail/{type}/{main}/{sub}/{locality}/{hash_id}`; the locality segment is lenient. */
export function publicUrl(baseUrl: string, item: Json): string {
  const type = TYPE[codeOf(item.category_type_cb as Code) ?? 1]?.slug ?? 'prodej';
  const main = MAIN[codeOf(item.category_main_cb as Code) ?? 1]?.slug ?? 'byt';
  const sub = SUB_SLUG[codeOf(item.category_sub_cb as Code) ?? 0] ?? main;
  const loc = (item.locality ?? {}) as Json;
  const city = text(loc.city_seo_name) ?? '';
  const locality = `${city}-${text(loc.citypart_seo_name) ?? city}-${text(loc.street_seo_name) ?? ''}`;
  return `${baseUrl.replace(/\/+$/, '')}/detail/${type}/${main}/${sub}/${locality}/${item.hash_id}`;
}

export function fingerprintOf(item: Json): string {
  return [item.price_summary_czk, item.price_czk, cleanSpaces(String(item.advert_name ?? ''))].join('|');
}

/** One search page. A 422 past the offset cap is handled by the adapter, not here. */
export function parseSearchPage(body: string, url: string, baseUrl: string): ListPage {
  const json = parseJson(body, url);
  const results = json.results;
  const pagination = json.pagination as Json | undefined;
  if (!Array.isArray(results) || !pagination || typeof pagination.total !== 'number') {
    throw new ParseError('sreality', url, 'no results/pagination in the search answer (layout changed?)');
  }
  const refs: ListingRef[] = results.map((raw, i) => {
    const item = raw as Json;
    if (typeof item.hash_id !== 'number' && typeof item.hash_id !== 'string') throw new ParseError('sreality', url, `result ${i} has no hash_id`);
    return { listingId: String(item.hash_id), url: publicUrl(baseUrl, item), fingerprint: fingerprintOf(item), promoted: false };
  });
  const offset = num(pagination.offset) ?? 0;
  const limit = num(pagination.limit) ?? refs.length;
  const hasMore = refs.length > 0 && refs.length >= limit && offset + refs.length < pagination.total && offset + 2 * limit <= MAX_WINDOW;
  return { refs, hasMore };
}

/**
 * Gone listings answer 404/410, or 200 with the HTML page "tato stránka neexistuje" or a JSON
 * `result: null`. `json` is the body already parsed, when the caller has it.
 */
export function isGone(status: number, body: string, json: Json | null = jsonObjectOf(body)): boolean {
  if (status === 404 || status === 410) return true;
  if (status !== 200) return false;
  if (json) return 'result' in json && json.result === null;
  return body.trimStart().startsWith('<') && /neexistuje|nenalezen/i.test(body);
}

/** The body as a JSON object, or null when it is not one. */
function jsonObjectOf(body: string): Json | null {
  if (!body.trimStart().startsWith('{')) return null;
  try {
    const value = JSON.parse(body) as unknown;
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
}

function groupDigits(n: number): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Images are protocol-relative; the sdn.cz CDN also needs a size suffix or it answers 401. */
export function imageUrl(raw: string, baseUrl: string): string {
  const url = new URL(raw, baseUrl);
  if (url.hostname.endsWith('sdn.cz') && !url.search) url.search = '?fl=res,749,562,3|shr,,20|jpg,90';
  return url.toString();
}

function localityText(loc: Json): string {
  const street = text(loc.street);
  const city = text(loc.city) ?? text(loc.municipality) ?? '';
  const part = text(loc.citypart);
  const district = text(loc.district);
  const prague = district && /^Praha \d+$/.test(district) ? district : null;
  const place = prague ? `${prague}${part ? ` - ${part}` : ''}` : part && part !== city ? `${city} - ${part}` : city;
  const okres = !prague && district && district !== city ? `, okres ${district}` : '';
  return `${street ? `${street}, ` : ''}${place}${okres}`;
}

function priceOf(item: Json): { price: number | null; priceText: string; perM2Note: string | null } {
  const unit = codeOf(item.price_unit_cb as Code);
  const summary = num(item.price_summary_czk);
  const perUnit = num(item.price_czk);
  const land = positive(item.estate_area);
  const monthly = unit === 2 || codeOf(item.price_summary_unit_cb as Code) === 2;
  let price: number | null = summary != null && summary > 1 ? summary : null;
  if (price == null && unit === 3 && perUnit != null && perUnit > 1 && land) price = Math.round(perUnit * land);
  if (price == null && unit !== 3 && perUnit != null && perUnit > 1) price = perUnit;
  const perM2Note = unit === 3 && perUnit != null && perUnit > 1 ? `${groupDigits(perUnit)} Kč za m²` : null;
  if (price == null) return { price: null, priceText: 'Cena na vyžádání', perM2Note };
  return { price, priceText: `${groupDigits(price)} Kč${monthly ? '/měsíc' : ''}`, perM2Note };
}

/** The detail answer `{result, status_code, status_message}` as a raw listing. */
export function parseDetail(status: number, body: string, url: string, baseUrl: string): DetailResult {
  const json = jsonObjectOf(body);
  if (isGone(status, body, json)) return { kind: 'gone' };
  if (!json) throw new ParseError('sreality', url, 'answer is not a JSON object');
  const item = json.result as Json | undefined;
  if (!item || typeof item !== 'object' || item.hash_id == null || !item.category_main_cb) {
    throw new ParseError('sreality', url, 'no result.hash_id/category_main_cb in the detail answer (layout changed?)');
  }
  const main = codeOf(item.category_main_cb as Code);
  const sub = codeOf(item.category_sub_cb as Code) ?? 0;
  const realEstateType = MAIN[main ?? 5]?.type ?? 'Other';
  const typeCode = codeOf(item.category_type_cb as Code);
  let adType: AdType = TYPE[typeCode ?? 0]?.type ?? 'Other';
  if (adType === 'Rent' && sub === 47) adType = 'Roommates';
  const loc = (item.locality ?? {}) as Json;
  const { price, priceText, perM2Note } = priceOf(item);
  const objectType = text((item.object_type as Code)?.name ?? null);
  const terraceTypes: TerraceType[] = [];
  if (item.balcony === true) terraceTypes.push('Balcony');
  if (item.loggia === true) terraceTypes.push('Loggia');
  if (item.terrace === true) terraceTypes.push('Terrace');
  const images = (Array.isArray(item.advert_images) ? item.advert_images : [])
    .map((img) => (typeof img === 'string' ? img : text((img as Json)?.url)))
    .filter((u): u is string => !!u)
    .map((u) => imageUrl(u, baseUrl));
  const lat = num(loc.gps_lat);
  const lon = num(loc.gps_lon);
  const user = (item.user ?? {}) as Json;
  const listing: RawListingInput = {
    portal: 'sreality',
    listingId: String(item.hash_id),
    url: publicUrl(baseUrl, item),
    title: cleanSpaces(String(item.advert_name ?? '')),
    description: text(item.advert_description) ?? '',
    adType,
    realEstateType,
    dispositionLabel: realEstateType === 'Apartment' ? FLAT[sub] ?? null : null,
    houseType: realEstateType === 'House' ? (objectType && /řadov/i.test(objectType) ? 'Terraced' : HOUSE[sub] ?? null) : null,
    landType: realEstateType === 'Land' ? landTypeOf(sub) : null,
    area: realEstateType === 'Land' ? null : positive(item.usable_area) ?? positive(item.floor_area),
    landArea: positive(item.estate_area),
    price,
    priceText,
    priceNote: [perM2Note, text(item.price_note)].filter(Boolean).join('; ') || null,
    locality: localityText(loc),
    lat: lat != null && lat !== -1 && lon != null && lon !== -1 ? lat : null,
    lon: lat != null && lat !== -1 && lon != null && lon !== -1 ? lon : null,
    floor: num(item.floor_number) != null ? Math.trunc(num(item.floor_number)!) : null,
    ownership: OWNERSHIP[codeOf(item.ownership as Code) ?? 0] ?? null,
    construction: BUILDING[codeOf(item.building_type as Code) ?? 0] ?? null,
    elevator: codeOf(item.elevator as Code) === 1 ? true : codeOf(item.elevator as Code) === 2 ? false : null,
    terraceTypes,
    images,
    contactPerson: text(user.user_name),
    privateSeller: item.premise_id === null ? true : item.premise_id !== undefined ? false : null,
    publishedAt: null,
  };
  return { kind: 'listing', listing };
}

function landTypeOf(sub: number): LandType {
  if (sub === 19) return 'BuildPlot';
  if (sub === 18) return 'Commercial';
  return 'Other';
}
