import type { AdType, Building, DispositionLabel, HouseType, LandType, Ownership, RawListingInput, RealEstateType, TerraceType } from '@rr/proto';
import { ParseError, type DetailResult, type ListingRef, type ListPage } from '../types';

/**
 * Bezrealitky's GraphQL API (shared/portals.md §3). Pure: queries out, JSON text in. `gps` has
 * `lng`, `surface: 0` means "not given", the balcony flag may be false beside a balcony area, and
 * `advert` is `null` once the listing is gone.
 */

export const PAGE_SIZE = 100;

const LIST_FIELDS = 'id uri title price priceFormatted(locale: CS) surface surfaceLand highlighted isNew';
export const LIST_QUERY = `query ListAdverts($limit: Int, $offset: Int) {
  listAdverts(order: TIMEORDER_DESC, limit: $limit, offset: $offset, locale: CS, includeImports: true, includeShortTerm: false) {
    totalCount
    list { ${LIST_FIELDS} }
  }
}`;

export const DETAIL_QUERY = `query AdvertDetail($id: ID!) {
  advert(id: $id) {
    id uri type active highlighted title description offerType estateType disposition landType houseType roommate
    price priceFormatted(locale: CS) currency charges deposit
    surface surfaceLand balcony balconySurface loggia loggiaSurface terrace terraceSurface
    gps { lat lng } address(locale: CS) street city(locale: CS) cityDistrict(locale: CS) zip
    construction ownership etage floor lift timeActivated
    publicImages { url(filter: RECORD_MAIN) order main }
  }
}`;

type Json = Record<string, unknown>;

export function listBody(page: number): string {
  return JSON.stringify({ operationName: 'ListAdverts', query: LIST_QUERY, variables: { limit: PAGE_SIZE, offset: page * PAGE_SIZE } });
}

export function detailBody(id: string): string {
  return JSON.stringify({ operationName: 'AdvertDetail', query: DETAIL_QUERY, variables: { id } });
}

export function graphqlUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/graphql/`;
}

/** The API lives on `api.bezrealitky.cz`, the pages on `www.`; against the simulator both are the base URL. */
export function publicBase(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.hostname.startsWith('api.')) url.hostname = `www.${url.hostname.slice(4)}`;
  return url.toString().replace(/\/+$/, '');
}

export function advertUrl(baseUrl: string, uri: string): string {
  return `${publicBase(baseUrl)}/nemovitosti-byty-domy/${uri}`;
}

function dataOf(body: string, url: string, root: string): unknown {
  let json: Json;
  try {
    json = JSON.parse(body) as Json;
  } catch {
    throw new ParseError('bezrealitky', url, 'answer is not JSON');
  }
  const errors = Array.isArray(json.errors) ? (json.errors as Json[]).map((e) => String(e.message)).join('; ') : '';
  const data = json.data as Json | null | undefined;
  if (!data || !(root in data)) throw new ParseError('bezrealitky', url, errors || `no data.${root} in the answer`);
  return data[root];
}

export function parseListResponse(body: string, url: string, baseUrl: string, page: number): ListPage {
  const list = dataOf(body, url, 'listAdverts') as Json | null;
  if (!list || !Array.isArray(list.list) || typeof list.totalCount !== 'number') {
    throw new ParseError('bezrealitky', url, 'listAdverts has no list/totalCount');
  }
  const refs: ListingRef[] = (list.list as Json[]).map((a) => {
    if (typeof a.id !== 'string' || typeof a.uri !== 'string') throw new ParseError('bezrealitky', url, 'an advert without id/uri');
    return {
      listingId: a.id,
      url: advertUrl(baseUrl, a.uri),
      fingerprint: [a.price, a.title, a.surface, a.surfaceLand].join('|'),
      promoted: a.highlighted === true,
    };
  });
  const hasMore = refs.length > 0 && page * PAGE_SIZE + refs.length < list.totalCount;
  return { refs, hasMore };
}

const ESTATE: Record<string, RealEstateType> = {
  BYT: 'Apartment', DUM: 'House', REKREACNI_OBJEKT: 'House', POZEMEK: 'Land', KANCELAR: 'Commercial', NEBYTOVY_PROSTOR: 'Commercial', GARAZ: 'Other',
};
const HOUSE: Record<string, HouseType> = { SAMOSTATNY: 'Detached', RODINNY: 'Detached', RADOVY: 'Terraced', CHALUPA: 'Cottage', CHATA: 'Hut' };
const LAND: Record<string, LandType> = { BYDLENI: 'BuildPlot', STAVEBNI: 'BuildPlot', KOMERCNI: 'Commercial' };
const CONSTRUCTION: Record<string, Building> = { BRICK: 'Brick', PANEL: 'Panel', WOOD: 'Wood', STONE: 'Stone', MIXED: 'Other', SKELET: 'Other', PREFAB: 'Other' };
const OWNERSHIP: Record<string, Ownership> = { OSOBNI: 'Direct', DRUZSTEVNI: 'Cooperative', OBECNI: 'Municipal' };

/** DISP_2_KK → 2+kk, DISP_3_1 → 3+1, six rooms and more → 6+, GARSONIERA (studio) → 1+kk. */
export function dispositionOf(value: unknown): DispositionLabel | null {
  if (typeof value !== 'string') return null;
  if (value === 'GARSONIERA') return '1+kk';
  if (value === 'OSTATNI') return 'atypical';
  const m = /^DISP_(\d)_(KK|1|IZB)$/.exec(value);
  if (!m) return null;
  const rooms = Number(m[1]);
  if (rooms >= 6) return '6+';
  return `${rooms}+${m[2] === 'KK' ? 'kk' : '1'}` as DispositionLabel;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const positive = (v: unknown): number | null => (typeof v === 'number' && v > 0 ? v : null);

function terraceTypesOf(a: Json): TerraceType[] {
  const out: TerraceType[] = [];
  if (a.balcony === true || positive(a.balconySurface)) out.push('Balcony');
  if (a.loggia === true || positive(a.loggiaSurface)) out.push('Loggia');
  if (a.terrace === true || positive(a.terraceSurface)) out.push('Terrace');
  return out;
}

function groupDigits(n: number): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function parseDetailResponse(body: string, url: string, baseUrl: string): DetailResult {
  const a = dataOf(body, url, 'advert') as Json | null;
  if (a === null) return { kind: 'gone' };
  if (typeof a !== 'object' || typeof a.id !== 'string' || typeof a.estateType !== 'string') {
    throw new ParseError('bezrealitky', url, 'advert has no id/estateType');
  }
  if (a.active === false) return { kind: 'gone' };
  const realEstateType = ESTATE[a.estateType] ?? 'Other';
  const roommate = a.roommate === true;
  const adType: AdType = roommate ? 'Roommates' : a.offerType === 'PRONAJEM' ? 'Rent' : a.offerType === 'PRODEJ' ? 'Sale' : 'Other';
  const price = positive(a.price);
  const gps = (a.gps ?? null) as Json | null;
  const images = (Array.isArray(a.publicImages) ? (a.publicImages as Json[]) : [])
    .slice()
    .sort((x, y) => Number(x.order ?? 0) - Number(y.order ?? 0))
    .map((img) => str(img.url))
    .filter((u): u is string => !!u);
  const notes = [
    positive(a.charges) ? `+ ${groupDigits(a.charges as number)} Kč poplatky` : null,
    positive(a.deposit) ? `vratná kauce ${groupDigits(a.deposit as number)} Kč` : null,
  ].filter(Boolean);
  const type = str(a.type);
  const floor = typeof a.etage === 'number' ? a.etage : typeof a.floor === 'number' ? a.floor : null;
  const listing: RawListingInput = {
    portal: 'bezrealitky',
    listingId: a.id,
    url: advertUrl(baseUrl, String(a.uri ?? a.id)),
    title: str(a.title) ?? '',
    description: str(a.description) ?? '',
    adType,
    realEstateType,
    dispositionLabel: roommate ? 'room' : realEstateType === 'Apartment' || realEstateType === 'House' ? dispositionOf(a.disposition) : null,
    houseType: realEstateType === 'House' ? HOUSE[String(a.houseType)] ?? (a.estateType === 'REKREACNI_OBJEKT' ? 'Cottage' : null) : null,
    landType: realEstateType === 'Land' ? LAND[String(a.landType)] ?? 'Other' : null,
    area: realEstateType === 'Land' ? null : positive(a.surface),
    landArea: positive(a.surfaceLand),
    price,
    priceText: price == null ? 'Cena na dotaz' : str(a.priceFormatted) ?? `${groupDigits(price)} Kč`,
    priceNote: notes.length ? notes.join(', ') : null,
    locality: str(a.address) ?? [str(a.street), str(a.cityDistrict) ?? str(a.city)].filter(Boolean).join(', '),
    lat: gps && typeof gps.lat === 'number' ? gps.lat : null,
    lon: gps && typeof gps.lng === 'number' ? gps.lng : null,
    floor,
    ownership: OWNERSHIP[String(a.ownership)] ?? null,
    construction: CONSTRUCTION[String(a.construction)] ?? null,
    elevator: typeof a.lift === 'boolean' ? a.lift : null,
    terraceTypes: terraceTypesOf(a),
    images,
    contactPerson: null,
    // Bezrealitky's own adverts come from owners; imported agency ones carry an RK type.
    privateSeller: type == null ? null : !/(^|_)RK(_|$)|IMPORT|DEVELOPER/.test(type),
    publishedAt: typeof a.timeActivated === 'number' ? new Date(a.timeActivated * 1000).toISOString() : null,
  };
  return { kind: 'listing', listing };
}
