import type { Request, Response, Router } from 'express';
import express from 'express';
import { execute, parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { changedLayoutSchema, schema } from './bezrealitky-schema';
import type { PortalRenderer, PortalView, SimListing } from './types';
import { groupDigits, slugify } from './wording';

/**
 * Bezrealitky's GraphQL API (portals.md 3) at `POST /graphql/`: `listAdverts` (order
 * TIMEORDER_DESC, limit ≤ 100, offset) and `advert(id)`, which is `null` for a gone listing.
 * Without an Origin or Referer header the API answers 403. Quirks kept: `gps.lng`, prices
 * formatted with dots, `surface: 0` for "not given", a balcony flag false beside a balcony area,
 * `GARSONIERA` for some studios, Prague addresses without the district number, null timestamps.
 */

const DISPOSITION: Record<string, string> = {
  '1+kk': 'DISP_1_KK', '1+1': 'DISP_1_1', '2+kk': 'DISP_2_KK', '2+1': 'DISP_2_1', '3+kk': 'DISP_3_KK', '3+1': 'DISP_3_1',
  '4+kk': 'DISP_4_KK', '4+1': 'DISP_4_1', '5+kk': 'DISP_5_KK', '5+1': 'DISP_5_1', '6+': 'DISP_6_KK', atypical: 'OSTATNI', room: 'UNDEFINED',
};
const CONSTRUCTION: Record<string, string> = { Brick: 'BRICK', Panel: 'PANEL', Wood: 'WOOD', Stone: 'STONE', Other: 'MIXED' };
const OWNERSHIP: Record<string, string> = { Direct: 'OSOBNI', Cooperative: 'DRUZSTEVNI', Municipal: 'OBECNI', Shared: 'OSTATNI' };

const idNo = (l: SimListing) => Number(l.listingId);
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

function estateType(l: SimListing): string {
  switch (l.realEstateType) {
    case 'Apartment': return 'BYT';
    case 'House': return l.houseType === 'Cottage' || l.houseType === 'Hut' ? 'REKREACNI_OBJEKT' : 'DUM';
    case 'Land': return 'POZEMEK';
    case 'Commercial': return idNo(l) % 2 ? 'KANCELAR' : 'NEBYTOVY_PROSTOR';
    default: return 'GARAZ';
  }
}

function disposition(l: SimListing): string | null {
  if (l.realEstateType !== 'Apartment' && l.realEstateType !== 'House') return null;
  if (!l.dispositionLabel) return 'UNDEFINED';
  if (l.dispositionLabel === '1+kk' && idNo(l) % 3 === 0) return 'GARSONIERA';
  return DISPOSITION[l.dispositionLabel];
}

export function bezrealitkyUri(l: SimListing): string {
  return l.url.split('/nemovitosti-byty-domy/')[1] ?? `${l.listingId}-nabidka`;
}

function cityDistrict(l: SimListing): string {
  const city = l.place.pragueDistrict ? 'Praha' : l.place.name;
  return l.place.cityPart ? `${city} - ${l.place.cityPart}` : city;
}

function advert(l: SimListing) {
  const n = idNo(l);
  const rental = l.adType === 'Rent' || l.adType === 'Roommates';
  const images = l.images.map((url, i) => ({ id: String(n * 100 + i), url, order: i + 1, main: i === 0, filename: url.split('/').pop() }));
  const balconyArea = l.terraceTypes.includes('Balcony') ? 3 + (n % 6) : 0;
  return {
    id: l.listingId,
    uri: bezrealitkyUri(l),
    hash: (n * 2654435761 % 2 ** 32).toString(16),
    externalId: l.privateSeller ? null : `RK${n % 100000}`,
    code: null,
    type: l.privateSeller ? 'MANUAL' : rental ? 'MANUAL_BZR_RK_PRONAJEM' : 'MANUAL_BZR_RK_PRODEJ',
    active: l.active, reserved: false, archived: !l.active, highlighted: l.promoted,
    isNew: Date.now() - l.publishedAt.getTime() < 48 * 3600 * 1000,
    title: l.title, titleEnglish: null, description: l.description, descriptionEnglish: null,
    imageAltText: l.title, tags: [l.dispositionLabel && l.dispositionLabel !== 'room' ? l.dispositionLabel : null, l.elevator ? 'Výtah' : null].filter(Boolean),
    offerType: rental ? 'PRONAJEM' : 'PRODEJ',
    estateType: estateType(l),
    disposition: disposition(l),
    landType: l.realEstateType === 'Land' ? { BuildPlot: 'BYDLENI', Commercial: 'KOMERCNI', Other: 'ZAHRADA' }[l.landType ?? 'Other'] : null,
    houseType: l.realEstateType === 'House' ? { Detached: 'SAMOSTATNY', Terraced: 'RADOVY', Cottage: 'CHALUPA', Hut: 'CHATA' }[l.houseType ?? 'Detached'] : null,
    price: l.price,
    priceFormatted: l.price == null ? 'Cena na dotaz' : `${groupDigits(l.price, '.')} Kč`,
    currency: 'CZK', originalPrice: l.price, isDiscounted: false,
    charges: rental && l.price ? Math.round(l.price * 0.15 / 100) * 100 : null,
    serviceCharges: null, utilityCharges: null,
    deposit: rental && l.price ? l.price * 2 : null, fee: 0,
    surface: l.realEstateType === 'Land' ? 0 : l.area ?? 0,
    surfaceLand: l.landArea,
    // Observed on the live site: the flag can say no while the area is filled in.
    balcony: balconyArea > 0 && n % 4 !== 0, balconySurface: balconyArea,
    loggia: l.terraceTypes.includes('Loggia'), loggiaSurface: l.terraceTypes.includes('Loggia') ? 5 : 0,
    terrace: l.terraceTypes.includes('Terrace'), terraceSurface: l.terraceTypes.includes('Terrace') ? 14 : 0,
    cellar: n % 2 === 0, cellarSurface: n % 2 === 0 ? 3 : 0, frontGarden: 0,
    gps: l.lat != null && l.lon != null ? { lat: l.lat, lng: l.lon } : null,
    address: [l.place.street, cityDistrict(l)].filter(Boolean).join(', '),
    addressInput: [l.place.street, l.place.pragueDistrict ?? l.place.name, l.place.postcode, 'Česko'].filter(Boolean).join(', '),
    street: l.place.street, houseNumber: l.place.street ? `${1000 + (n % 900)}/${1 + (n % 40)}` : null,
    city: l.place.pragueDistrict ? 'Praha' : l.place.name, cityDistrict: cityDistrict(l), zip: l.place.postcode,
    region: { id: String(10000 + (n % 5000)), name: cityDistrict(l), uri: slugify(cityDistrict(l)) },
    ruianId: String(20000000 + (n % 9000000)),
    isPrague: !!l.place.pragueDistrict, isBrno: l.place.code === '582786',
    isPragueWest: l.place.districtName === 'Praha-západ', isPragueEast: l.place.districtName === 'Praha-východ',
    condition: ['VERY_GOOD', 'GOOD', 'AFTER_RECONSTRUCTION'][n % 3],
    construction: l.construction ? CONSTRUCTION[l.construction] : 'UNDEFINED',
    ownership: l.ownership ? OWNERSHIP[l.ownership] : 'UNDEFINED',
    equipped: rental ? ['VYBAVENY', 'CASTECNE', 'NEVYBAVENY'][n % 3] : null,
    penb: 'ABCDEFG'[n % 7], etage: l.floor, floor: l.floor, totalFloors: l.floor != null ? Math.max(l.floor + 1, 4) : null,
    lift: l.elevator, parking: n % 3 === 0, garage: l.realEstateType === 'House', barrierFree: false, petFriendly: n % 5 === 0,
    lowEnergy: false, newBuilding: false,
    availableFrom: rental ? epoch(l.publishedAt) + 14 * 86400 : null, shortTerm: false, minRentDays: null, maxRentDays: null,
    roommate: l.adType === 'Roommates',
    // Null for anonymous callers, as on the live API.
    timeActivated: null, timeDeactivated: null, timeOrder: null,
    timeExpiration: epoch(l.publishedAt) + 30 * 86400,
    daysActive: `${Math.max(0, Math.floor((Date.now() - l.publishedAt.getTime()) / 86400000))} dní`,
    publicImages: images, mainImage: images[0] ?? null, tour360: null, visitCount: n % 700, conversationCount: n % 9,
  };
}

function listArgsMatch(l: SimListing, args: Record<string, unknown>): boolean {
  const offer = args.offerType as string[] | undefined;
  const estate = args.estateType as string[] | undefined;
  if (!offer?.length && !estate?.length && typeof args.roommate !== 'boolean') return true;
  const a = advert(l);
  if (offer?.length && !offer.includes(a.offerType)) return false;
  if (estate?.length && !estate.includes(a.estateType)) return false;
  if (typeof args.roommate === 'boolean' && args.roommate !== a.roommate) return false;
  return true;
}

function resolvers(view: PortalView) {
  const list = (args: Record<string, unknown>) => {
    const limit = Math.min(Math.max(Number(args.limit ?? 15), 0), 100);
    const offset = Math.max(Number(args.offset ?? 0), 0);
    const all = view.active().filter((l) => listArgsMatch(l, args));
    return { total: all.length, items: all.slice(offset, offset + limit).map((l) => advert(l)) };
  };
  const detail = (id: unknown) => {
    const l = view.byId(String(id));
    return l && l.active ? advert(l) : null;
  };
  return {
    normal: {
      listAdverts: (args: Record<string, unknown>) => { const r = list(args); return { totalCount: r.total, list: r.items }; },
      advert: ({ id }: { id: string }) => detail(id),
    },
    changed: {
      searchAdverts: (args: Record<string, unknown>) => { const r = list(args); return { total: r.total, edges: r.items }; },
      advertDetail: ({ advertId }: { advertId: string }) => detail(advertId),
    },
  };
}

function endpoint(view: PortalView) {
  const roots = resolvers(view);
  return async (req: Request, res: Response) => {
    if (!req.get('origin') && !req.get('referer')) {
      res.status(403).type('html').send('<html><body><h1>403 Forbidden</h1></body></html>');
      return;
    }
    const body = (req.body ?? {}) as { query?: unknown; variables?: Record<string, unknown>; operationName?: string };
    if (typeof body.query !== 'string') {
      res.status(400).json({ errors: [{ message: 'Must provide query string.' }] });
      return;
    }
    const changed = view.layoutChanged();
    const active = changed ? changedLayoutSchema : schema;
    const document = documentFor(active, body.query);
    if (!('kind' in document)) {
      res.status(400).json({ errors: document.errors });
      return;
    }
    const result = await execute({
      schema: active,
      document,
      rootValue: changed ? roots.changed : roots.normal,
      variableValues: body.variables ?? {},
      operationName: body.operationName,
    });
    res.status(result.errors && !result.data ? 400 : 200).json(result);
  };
}

/**
 * Parsed and validated documents by query text, per schema: a crawler sends the same few queries
 * over and over, and parsing and validating each one cost more than answering it.
 */
const documents = new WeakMap<GraphQLSchema, Map<string, DocumentNode | { errors: readonly GraphQLError[] }>>();
const MAX_DOCUMENTS = 200;

function documentFor(schema: GraphQLSchema, query: string): DocumentNode | { errors: readonly GraphQLError[] } {
  let cache = documents.get(schema);
  if (!cache) documents.set(schema, (cache = new Map()));
  const cached = cache.get(query);
  if (cached) return cached;
  let entry: DocumentNode | { errors: readonly GraphQLError[] };
  try {
    const document = parse(query);
    const errors = validate(schema, document);
    entry = errors.length ? { errors } : document;
  } catch (err) {
    entry = { errors: [err as GraphQLError] };
  }
  if (cache.size >= MAX_DOCUMENTS) cache.clear();
  cache.set(query, entry);
  return entry;
}

function publicPage(view: PortalView) {
  return (req: Request, res: Response) => {
    const id = String(req.params.uri).split('-')[0];
    const l = view.byId(id);
    if (!l || !l.active) {
      res.status(404).type('html').send('<!DOCTYPE html><html lang="cs"><body><h1>Inzerát nebyl nalezen</h1></body></html>');
      return;
    }
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const price = l.price == null ? 'Cena na dotaz' : `${groupDigits(l.price, '.')} Kč`;
    res.type('html').send(`<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>${esc(l.title)} | Bezrealitky</title></head>` +
      `<body><h1>${esc(l.title)}</h1><p>${esc(cityDistrict(l))}</p><p><strong>${price}</strong></p>` +
      `${l.images[0] ? `<img src="${l.images[0]}" alt="">` : ''}<p>${esc(l.description)}</p></body></html>`);
  };
}

export const bezrealitky: PortalRenderer = {
  portal: 'bezrealitky',
  mount(router: Router, view: PortalView) {
    router.post(['/graphql', '/graphql/'], express.json({ limit: '256kb' }), endpoint(view));
    router.get('/nemovitosti-byty-domy/:uri', publicPage(view));
  },
};
