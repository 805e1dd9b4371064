import type { Request, Response, Router } from 'express';
import express from 'express';
import { PRAGUE_TIME_ZONE } from '@rr/proto';
import { hashString } from '../generator/rng';
import type { PortalRenderer, PortalView, SimListing } from './types';
import { ulovdomovSeo } from './urls';

/**
 * UlovDomov (portals.md 6): `POST /v1/offer/find?page&perPage&sorting=latest` with a flat body
 * whose `bounds` is required, `POST /v1/offer/count`, `GET /v2/offer/detail?offerId=` and
 * `GET /sitemap-offers.xml`. Quirks kept: `rentalPrice` holds sale prices too, `published` is
 * Prague local time without an offset, v1 names places `title` where v2 says `name`, v1 and v2
 * spell dispositions differently, and a gone offer answers 404 or `status: "INACTIVE"`.
 */

const V1_DISPOSITION: Record<string, string> = {
  '1+kk': 'onePlusKk', '1+1': 'onePlusOne', '2+kk': 'twoPlusKk', '2+1': 'twoPlusOne', '3+kk': 'threePlusKk', '3+1': 'threePlusOne',
  '4+kk': 'fourPlusKk', '4+1': 'fourPlusOne', '5+kk': 'fivePlusKk', '5+1': 'fivePlusOne', '6+': 'sixAndMore', atypical: 'atypical',
};
const V2_DISPOSITION: Record<string, string> = {
  '1+kk': 'onePlusKitchenette', '1+1': 'onePlusOne', '2+kk': 'twoPlusKitchenette', '2+1': 'twoPlusOne', '3+kk': 'threePlusKitchenette',
  '3+1': 'threePlusOne', '4+kk': 'fourPlusKitchenette', '4+1': 'fourPlusOne', '5+kk': 'fivePlusKitchenette', '5+1': 'fivePlusOne',
  '6+': 'sixAndMore', atypical: 'atypical', room: 'room',
};
const HOUSE: Record<string, string> = { Detached: 'familyHouse', Terraced: 'familyHouse', Cottage: 'cottage', Hut: 'chalet' };
const CONVENIENCE: Record<string, string> = { Balcony: 'balcony', Loggia: 'loggia', Terrace: 'terrace' };

/** "2026-02-27T07:01:05": the Prague wall-clock time, as UlovDomov prints it. */
// Built once: a formatter costs far more to create than to use.
const PRAGUE_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRAGUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

export function pragueLocal(d: Date): string {
  const parts = Object.fromEntries(PRAGUE_CLOCK.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

const offerType = (l: SimListing) => (l.adType === 'Roommates' ? 'coliving' : l.adType === 'Rent' ? 'rent' : 'sale');
const rental = (l: SimListing) => l.adType === 'Rent' || l.adType === 'Roommates';
const placeId = (name: string) => 1000 + (hashString(name) % 90000);

function propertyType(l: SimListing): string {
  if (l.adType === 'Roommates' || l.dispositionLabel === 'room') return 'room';
  return { Apartment: 'flat', House: 'house', Land: 'land', Commercial: 'commercial', Other: 'other' }[l.realEstateType];
}

function convenience(l: SimListing): string[] {
  const out = l.terraceTypes.map((t) => CONVENIENCE[t]);
  if (l.elevator) out.push('lift');
  if (l.realEstateType === 'House') out.push('garden');
  return out;
}

function price(value: number | null) {
  return value == null ? null : { value, currency: 'CZK' };
}

function v1Offer(l: SimListing) {
  const seo = ulovdomovSeo(l);
  const id = Number(l.listingId);
  return {
    id, title: l.title, seo,
    absoluteUrl: l.url,
    published: pragueLocal(l.publishedAt),
    offerType: offerType(l), propertyType: propertyType(l),
    disposition: l.dispositionLabel && l.dispositionLabel !== 'room' ? V1_DISPOSITION[l.dispositionLabel] ?? null : null,
    houseType: l.houseType ? HOUSE[l.houseType] : null,
    rentalPrice: price(l.price),
    depositPrice: rental(l) && l.price ? price(l.price * 2) : null,
    monthlyFeesPrice: rental(l) && l.price ? price(Math.round(l.price * 0.12 / 100) * 100) : null,
    priceUnit: rental(l) ? 'perMonth' : 'perRealEstate',
    priceNote: l.price == null ? 'Cena na vyžádání' : rental(l) ? '+ energie' : null,
    isNoCommission: l.privateSeller,
    area: l.realEstateType === 'Land' ? l.landArea : l.area,
    floorLevel: l.floor,
    description: l.description,
    availableFrom: rental(l) ? pragueLocal(new Date(l.publishedAt.getTime() + 14 * 86400000)).slice(0, 10) : null,
    geoCoordinates: l.lat != null && l.lon != null ? { lat: l.lat, lng: l.lon } : null,
    village: { id: placeId(l.place.name), title: l.place.pragueDistrict ? 'Praha' : l.place.name },
    villagePart: l.place.cityPart ? { id: placeId(`${l.place.name}/${l.place.cityPart}`), title: l.place.pragueDistrict ? `${l.place.pragueDistrict} - ${l.place.cityPart}` : l.place.cityPart } : null,
    street: l.place.street ? { id: placeId(`${l.place.name}/${l.place.street}`), title: l.place.street } : null,
    convenience: convenience(l),
    houseConvenience: l.realEstateType === 'House' ? ['cellar', 'parking'] : [],
    photos: l.images.map((path, i) => ({ id: id * 100 + i, path, alt: l.title })),
    isTop: l.promoted,
    showScamWarn: false,
  };
}

function v2Detail(l: SimListing, view: PortalView) {
  const o = v1Offer(l);
  const named = (x: { id: number; title: string } | null) => (x ? { id: x.id, name: x.title } : null);
  const parameters = [
    { name: 'offerType', value: o.offerType },
    { name: 'propertyType', value: o.propertyType },
    { name: 'disposition', value: l.dispositionLabel ? V2_DISPOSITION[l.dispositionLabel] ?? null : null },
    { name: 'houseType', value: o.houseType },
    { name: 'price', value: l.price },
    { name: 'priceCurrency', value: 'CZK' },
    { name: 'priceUnit', value: o.priceUnit },
    { name: 'localityCity', value: o.village.title },
    { name: 'floorArea', value: l.area },
    { name: 'plotArea', value: l.landArea },
    { name: 'floorLevel', value: l.floor },
    { name: 'convenience', value: o.convenience },
    { name: 'published', value: o.published },
  ].filter((p) => p.value != null);
  return {
    id: o.id, offerTypeId: o.offerType, title: l.title, description: l.description,
    street: named(o.street), village: named(o.village), villagePart: named(o.villagePart),
    district: { id: placeId(l.place.districtName), name: l.place.pragueDistrict ? 'Hlavní město Praha' : `okres ${l.place.districtName}` },
    region: { id: placeId(l.place.regionName), name: l.place.regionName },
    geoCoordinates: o.geoCoordinates,
    dispositionId: l.dispositionLabel ? Object.keys(V2_DISPOSITION).indexOf(l.dispositionLabel) + 1 : null,
    seo: o.seo,
    rentalPrice: o.rentalPrice,
    priceNote: o.priceNote,
    absoluteUrl: `${view.origin}/ulovdomov/i/${o.id}/${o.seo}`,
    status: l.active ? 'ACTIVE' : 'INACTIVE',
    photos: o.photos.map((p) => ({ ...p, path: `${p.path}?size=large` })),
    parameters,
  };
}

type Bounds = { northEast: { lat: number; lng: number }; southWest: { lat: number; lng: number } };

function validBounds(b: unknown): b is Bounds {
  const x = b as Bounds | undefined;
  return !!x && typeof x.northEast?.lat === 'number' && typeof x.northEast?.lng === 'number' && typeof x.southWest?.lat === 'number' && typeof x.southWest?.lng === 'number';
}

function matching(view: PortalView, body: Record<string, unknown>): SimListing[] {
  const b = body.bounds as Bounds;
  return view.active().filter((l) => {
    if (typeof body.offerType === 'string' && body.offerType !== offerType(l)) return false;
    if (typeof body.propertyType === 'string' && body.propertyType !== propertyType(l)) return false;
    if (l.lat == null || l.lon == null) return false;
    return l.lat <= b.northEast.lat && l.lat >= b.southWest.lat && l.lon <= b.northEast.lng && l.lon >= b.southWest.lng;
  });
}

function sortOffers(list: SimListing[], sorting: string): SimListing[] {
  const by = (f: (l: SimListing) => number) => [...list].sort((a, b) => f(a) - f(b));
  switch (sorting) {
    case 'cheapest': return by((l) => l.price ?? Infinity);
    case 'most_expensive': return by((l) => -(l.price ?? 0));
    case 'biggest': return by((l) => -(l.area ?? l.landArea ?? 0));
    default: return list;
  }
}

function badRequest(res: Response, message: string): void {
  res.status(400).json({ success: false, error: { code: 'udBe.validationError', message } });
}

function find(view: PortalView) {
  return (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!validBounds(body.bounds)) return badRequest(res, 'bounds: This value should not be blank.');
    const page = Math.max(1, Number(req.query.page ?? 1) || 1);
    const perPage = Math.min(100, Math.max(1, Number(req.query.perPage ?? 20) || 20));
    const all = sortOffers(matching(view, body), String(req.query.sorting ?? 'latest'));
    const offers = all.slice((page - 1) * perPage, page * perPage).map(v1Offer);
    if (view.layoutChanged()) {
      res.json({ success: true, data: { items: offers.map((o) => ({ ...o, dispozice: o.disposition, disposition: undefined })) }, meta: { count: all.length } });
      return;
    }
    res.json({ success: true, data: { offers }, extraData: { total: all.length, totalPages: Math.ceil(all.length / perPage), perPage, currentPage: page } });
  };
}

function count(view: PortalView) {
  return (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!validBounds(body.bounds)) return badRequest(res, 'bounds: This value should not be blank.');
    res.json({ success: true, data: { count: matching(view, body).length } });
  };
}

function detail(view: PortalView) {
  return (req: Request, res: Response) => {
    const l = view.byId(String(req.query.offerId ?? ''));
    if (!l || (!l.active && Number(l.listingId) % 2 === 0)) {
      res.status(404).json({ success: false, error: { code: 'udBe.offerNotFound', message: 'Offer not found' } });
      return;
    }
    const data = v2Detail(l, view);
    if (view.layoutChanged()) {
      res.json({ success: true, offer: { ...data, parameters: undefined, params: data.parameters } });
      return;
    }
    res.json({ success: true, data });
  };
}

function sitemap(view: PortalView) {
  return (_req: Request, res: Response) => {
    const urls = view.active()
      .map((l) => `<url><loc>${l.url}</loc><lastmod>${l.updatedAt.toISOString().slice(0, 19)}+00:00</lastmod></url>`)
      .join('\n');
    res.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  };
}

function publicPage(view: PortalView) {
  return (req: Request, res: Response) => {
    const l = view.byId(String(req.params.id));
    if (!l || !l.active) {
      res.status(404).type('html').send('<!DOCTYPE html><html lang="cs"><body><h1>Inzerát již není aktivní</h1></body></html>');
      return;
    }
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    res.type('html').send(`<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>${esc(l.title)} | UlovDomov.cz</title></head>` +
      `<body><h1>${esc(l.title)}</h1><p>${l.price == null ? 'Cena na vyžádání' : `${l.price.toLocaleString('cs-CZ')} Kč`}</p>` +
      `${l.images[0] ? `<img src="${l.images[0]}" alt="">` : ''}<p>${esc(l.description)}</p></body></html>`);
  };
}

export const ulovdomov: PortalRenderer = {
  portal: 'ulovdomov',
  mount(router: Router, view: PortalView) {
    const json = express.json({ limit: '64kb' });
    router.post('/v1/offer/find', json, find(view));
    router.post('/v1/offer/count', json, count(view));
    router.get('/v2/offer/detail', detail(view));
    router.get('/sitemap-offers.xml', sitemap(view));
    router.get('/inzerat/:seo/:id(\\d+)', publicPage(view));
    router.get('/i/:id(\\d+)/:seo', publicPage(view));
  },
};
