import type { Request, Response, Router } from 'express';
import { geohash } from './geohash';
import {
  BUILDING_TYPE, MAIN, OWNERSHIP, PRICE_UNIT, REGION_ID, TYPE, UNSET, districtId, subCode, type Code,
} from './sreality-codes';
import type { PortalRenderer, PortalView, SimListing } from './types';
import { slugify } from './wording';

/**
 * Sreality JSON API v1 (portals.md 2): `/api/v1/estates/search?offset&limit` (sort ignored,
 * promoted listings head page 0, 422 past offset 10 000) and `/api/v1/estates/{hash_id}`.
 * Quirks kept: `{name,value}` codes, protocol-relative images, NBSP in `advert_name`, price 0 or
 * 1 for "on request", land priced per m² (`price_unit_cb` 3), `-1` for missing ids, and gone
 * listings answering 404, 410 or an HTML page with status 200.
 */

const MAX_WINDOW = 10_000;

const day = (d: Date) => d.toISOString().slice(0, 10);
const protocolRelative = (url: string) => url.replace(/^https?:/, '');

function priceFields(l: SimListing) {
  const unit = l.adType === 'Rent' || l.adType === 'Roommates' ? PRICE_UNIT.month : PRICE_UNIT.property;
  if (l.price == null) {
    const onRequest = Number(l.listingId) % 2;
    return { price: onRequest, price_czk: onRequest, price_summary: onRequest, price_summary_czk: onRequest, price_czk_m2: 0, price_unit_cb: unit, price_summary_unit_cb: unit };
  }
  const size = l.realEstateType === 'Land' ? l.landArea : l.area;
  const perM2 = size ? Math.round(l.price / size) : 0;
  if (l.pricePerM2Only && perM2) {
    return { price: perM2, price_czk: perM2, price_summary: l.price, price_summary_czk: l.price, price_czk_m2: perM2, price_unit_cb: PRICE_UNIT.m2, price_summary_unit_cb: PRICE_UNIT.property };
  }
  return { price: l.price, price_czk: l.price, price_summary: l.price, price_summary_czk: l.price, price_czk_m2: perM2, price_unit_cb: unit, price_summary_unit_cb: unit };
}

function locality(l: SimListing, detail: boolean) {
  const p = l.place;
  const street = p.street ?? '';
  const base = {
    city: p.pragueDistrict ? 'Praha' : p.name,
    city_seo_name: slugify(p.name),
    citypart: p.cityPart ?? p.name,
    citypart_seo_name: slugify(p.cityPart ?? p.name),
    country: 'Česká republika', country_id: 112, country_seo_name: 'ceska-republika',
    district: p.pragueDistrict ?? p.districtName,
    district_id: districtId(p.districtName, p.pragueDistrict),
    district_seo_name: slugify(p.pragueDistrict ?? p.districtName),
    region: p.regionName, region_id: REGION_ID[p.regionCode] ?? -1, region_seo_name: slugify(p.regionName),
    municipality: p.name, municipality_id: Number(p.code), municipality_seo_name: slugify(p.name),
    quarter: null, quarter_id: -1, quarter_seo_name: null,
    ward: p.pragueDistrict ? p.cityPart : null, ward_id: -1, ward_seo_name: p.pragueDistrict && p.cityPart ? slugify(p.cityPart) : null,
    street, street_id: street ? 100000 + (Number(l.listingId) % 900000) : -1, street_seo_name: slugify(street),
    housenumber: street ? String(1 + (Number(l.listingId) % 2400)) : '', streetnumber: street ? String(1 + (Number(l.listingId) % 60)) : '',
    entity_type: street ? 'street' : 'municipality',
    inaccuracy_type: street ? 'street' : 'ward',
    geohash: l.lat != null && l.lon != null ? geohash(l.lat, l.lon, 9) : '',
    gps_lat: l.lat, gps_lon: l.lon,
  };
  if (!detail) return base;
  return { ...base, zip: Number(p.postcode.replace(/\s/g, '')), geometry: { bounding_box: null, geometry: [], geometry_type: 'point' } };
}

function searchItem(l: SimListing, origin: string) {
  const images = l.images.map(protocolRelative);
  const id = Number(l.listingId);
  return {
    hash_id: id,
    advert_name: l.title,
    category_main_cb: MAIN[l.realEstateType],
    category_type_cb: TYPE[l.adType],
    category_sub_cb: subCode(l),
    ...priceFields(l),
    price_currency_cb: { name: 'Kč', value: 1 },
    discount_show: false,
    locality: locality(l, false),
    advert_images: images,
    advert_images_all: images.map((u, i) => ({ advert_image_sdn_url: u, restb_room_type: (i % 6) + 1 })),
    has_video: id % 7 === 0,
    has_matterport_url: false,
    premise_id: l.privateSeller ? null : 40000 + (id % 900),
    premise_logo: l.privateSeller ? null : protocolRelative(`${origin}/photos/sreality/premise-${id % 900}.svg`),
    premise: l.privateSeller ? null : { city_seo_name: slugify(l.place.name), quarter_seo_name: null, seo_name: `reality-${id % 900}`, ward_seo_name: null },
    user_id: 550000 + (id % 5000),
    poi_bus_public_transport_distance: 80 + (id % 400),
    poi_school_distance: 200 + (id % 900),
  };
}

function yesNo(v: boolean | null): Code {
  return v == null ? UNSET : v ? { name: 'Ano', value: 1 } : { name: 'Ne', value: 2 };
}

function detailItem(l: SimListing, origin: string) {
  const id = Number(l.listingId);
  const edited = l.updatedAt.getTime() > l.publishedAt.getTime() ? day(l.updatedAt) : null;
  return {
    ...searchItem(l, origin),
    advert_code: `RK-${id % 100000}`,
    advert_description: l.description,
    since: day(l.publishedAt),
    edited,
    stats: 10 + (id % 500),
    usable_area: l.realEstateType === 'Land' ? null : l.area,
    floor_area: l.area,
    estate_area: l.landArea,
    building_area: l.realEstateType === 'House' && l.area ? Math.round(l.area * 0.6) : null,
    floor_number: l.floor,
    floors: l.floor != null ? Math.max(l.floor + 1, 4) : null,
    underground_floors: null,
    building_type: l.construction ? BUILDING_TYPE[l.construction] : UNSET,
    building_condition: [{ name: 'Velmi dobrý', value: 1 }, { name: 'Dobrý', value: 2 }, { name: 'Po rekonstrukci', value: 9 }][id % 3],
    ownership: l.ownership ? OWNERSHIP[l.ownership] : UNSET,
    furnished: { name: '- vyber vybavení', value: 0 },
    elevator: yesNo(l.elevator),
    object_type: l.houseType === 'Terraced' ? { name: 'Řadový', value: 2 } : l.houseType === 'Detached' ? { name: 'Samostatný', value: 3 } : UNSET,
    balcony: l.terraceTypes.includes('Balcony'),
    loggia: l.terraceTypes.includes('Loggia'),
    terrace: l.terraceTypes.includes('Terrace'),
    balcony_area: l.terraceTypes.includes('Balcony') ? 4 : null,
    loggia_area: l.terraceTypes.includes('Loggia') ? 5 : null,
    terrace_area: l.terraceTypes.includes('Terrace') ? 12 : null,
    cellar: id % 2 === 0,
    garage: l.realEstateType === 'House',
    parking_lots: id % 3 === 0,
    heating_set: [{ name: 'Ústřední plynové', value: 2 }],
    electricity_set: [{ name: '230V', value: 2 }],
    price_note: l.price == null ? 'Cena na vyžádání' : l.adType === 'Rent' ? '+ poplatky za služby' : null,
    price_flag_negotiation_cb: UNSET,
    cost_of_living: null,
    advert_images: l.images.map((url, i) => ({ id: id * 100 + i, url: protocolRelative(url), order: i + 1, kind: 1, width: 640, height: 480, alt: l.title })),
    exclusively_at_rk: !l.privateSeller && id % 4 === 0,
    user: {
      user_id: 550000 + (id % 5000),
      user_name: l.contactPerson ?? 'Makléř',
      user_email: `makler${id % 5000}@example.cz`,
      user_phones: [{ phone: `+420 777 ${String(id % 1000).padStart(3, '0')} ${String(id % 997).padStart(3, '0')}`, phone_type: 'MOB' }],
      image: null,
    },
  };
}

/** What the API looks like after a site redesign: camelCase keys under new wrappers. */
function changedLayoutItem(l: SimListing) {
  return { id: String(l.listingId), name: l.title, priceCzk: l.price, categorySubCb: subCode(l).value, locality: { citySeoName: slugify(l.place.name) } };
}

function matchesFilters(l: SimListing, q: Record<string, unknown>): boolean {
  const list = (key: string) => (typeof q[key] === 'string' ? String(q[key]).split(',').map(Number) : null);
  const main = list('category_main_cb');
  const type = list('category_type_cb');
  const sub = list('category_sub_cb');
  const region = list('locality_region_id');
  if (main && !main.includes(MAIN[l.realEstateType].value)) return false;
  if (type && !type.includes(TYPE[l.adType].value)) return false;
  if (sub && !sub.includes(subCode(l).value)) return false;
  if (region && !region.includes(REGION_ID[l.place.regionCode])) return false;
  return true;
}

function search(view: PortalView) {
  return (req: Request, res: Response) => {
    const limit = Math.min(Number(req.query.limit ?? 20) || 0, 999);
    const offset = Number(req.query.offset ?? 0) || 0;
    if (offset + limit > MAX_WINDOW) {
      res.status(422).json({ status_code: 422, status_message: 'Unprocessable Entity', detail: 'offset out of range' });
      return;
    }
    const all = view.active().filter((l) => matchesFilters(l, req.query as Record<string, unknown>));
    const page = all.slice(offset, offset + limit);
    if (view.layoutChanged()) {
      res.json({ statusCode: 200, data: { estates: page.map(changedLayoutItem), paging: { from: offset, size: limit, count: all.length } } });
      return;
    }
    res.json({
      status_code: 200,
      status_message: 'OK',
      pagination: { limit, offset, total: all.length },
      results: page.map((l) => searchItem(l, view.origin)),
      search_title: 'Reality k prodeji i pronájmu',
      meta_title: 'Reality, nemovitosti, byty a domy | Sreality.cz',
      meta_description: `${all.length} nabídek nemovitostí`,
    });
  };
}

const GONE_PAGE = '<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>Sreality.cz</title></head><body><h1>Omlouváme se, ale tato stránka neexistuje.</h1></body></html>';

function detail(view: PortalView) {
  return (req: Request, res: Response) => {
    const l = view.byId(req.params.hashId);
    if (!l) {
      res.status(404).json({ status_code: 404, status_message: 'Not Found', result: null });
      return;
    }
    if (!l.active) {
      const way = Number(l.listingId) % 5;
      if (way === 0) res.status(200).type('html').send(GONE_PAGE);
      else if (way === 1) res.status(410).json({ status_code: 410, status_message: 'Gone', result: null });
      else res.status(404).json({ status_code: 404, status_message: 'Not Found', result: null });
      return;
    }
    if (view.layoutChanged()) {
      res.json({ statusCode: 200, estate: changedLayoutItem(l) });
      return;
    }
    res.json({ result: detailItem(l, view.origin), status_code: 200, status_message: 'OK' });
  };
}

/** The public page a person opens from an e-mail (the real one needs a Seznam login). */
function publicPage(view: PortalView) {
  return (req: Request, res: Response) => {
    const l = view.byId(req.params.hashId);
    if (!l || !l.active) {
      res.status(404).type('html').send(GONE_PAGE);
      return;
    }
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const price = l.price == null ? 'Cena na vyžádání' : `${l.price.toLocaleString('cs-CZ')} Kč`;
    res.type('html').send(`<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>${esc(l.title)} | Sreality.cz</title></head>` +
      `<body><h1>${esc(l.title)}</h1><p>${esc(l.place.street ? `${l.place.street}, ` : '')}${esc(l.place.pragueDistrict ?? l.place.name)}</p>` +
      `<p><strong>${price}</strong></p>${l.images[0] ? `<img src="${l.images[0]}" alt="">` : ''}<p>${esc(l.description)}</p></body></html>`);
  };
}

export const sreality: PortalRenderer = {
  portal: 'sreality',
  // Only flats carry a layout code (category_sub_cb); houses are coded by kind (rodinný, vila…).
  shownLayout: (l) => (l.realEstateType === 'Apartment' ? l.dispositionLabel : null),
  mount(router: Router, view: PortalView) {
    router.get('/api/v1/estates/search', search(view));
    router.get('/api/v1/estates/:hashId(\\d+)', detail(view));
    router.get('/detail/:type/:main/:sub/:locality/:hashId(\\d+)', publicPage(view));
  },
};
