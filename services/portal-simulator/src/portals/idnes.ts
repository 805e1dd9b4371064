import type { Request, Response, Router } from 'express';
import type { DispositionLabel, RealEstateType } from '@rr/proto';
import type { PortalRenderer, PortalView, SimListing } from './types';

/**
 * iDNES Reality (reality.idnes.cz) as server-rendered HTML: `/s/[{prodej|pronajem}/[{category}/]]`
 * lists newest first, 25 a page, `?page=N` 0-based (the bare URL is page 0); details live at
 * `/detail/{prodej|pronajem}/{byt|dum|…}/{locality-slug}/{24-hex id}/` with a `dataLayer.push`
 * of clean values. Quirks kept: `&zwj;&nbsp;` inside prices, an advert item among the cards,
 * "Cena na vyžádání", GPS missing on some pages, "Nabídka již není aktivní" for withdrawn ones.
 */

const PAGE_SIZE = 25;

const KIND: Record<RealEstateType, { list: string; detail: string; category: string; noun: string }> = {
  Apartment: { list: 'byty', detail: 'byt', category: 'Byty', noun: 'bytu' },
  House: { list: 'domy', detail: 'dum', category: 'Dům', noun: 'domu' },
  Land: { list: 'pozemky', detail: 'pozemek', category: 'Pozemky', noun: 'pozemku' },
  Commercial: { list: 'komercni-nemovitosti', detail: 'komercni-nemovitost', category: 'Komerční nemovitosti', noun: 'komerčního prostoru' },
  Other: { list: 'male-objekty-garaze', detail: 'maly-objekt-nebo-garaz', category: 'Malé objekty, garáže', noun: 'garáže' },
};

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const slug = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** iDNES writes thousands with `&zwj;&nbsp;`, which a plain-space parser does not expect. */
const money = (value: number): string =>
  Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '&zwj;&nbsp;');

/** Rooms to share are rentals of a "pokoj"; auctions are announced as "Dražba". */
const isRent = (l: SimListing): boolean => l.adType === 'Rent' || l.adType === 'Roommates';
const deal = (l: SimListing): string => (l.adType === 'Auction' ? 'Dražba' : isRent(l) ? 'Pronájem' : 'Prodej');
const variant = (l: SimListing): string => (isRent(l) ? 'pronajem' : 'prodej');

function layoutText(label: DispositionLabel): string {
  if (label === '6+') return '6 pokojů a více';
  if (label === 'atypical') return 'atypický';
  return label;
}

export function idnesTitle(l: SimListing): string {
  const head = deal(l).toLowerCase();
  const noun = l.dispositionLabel === 'room' ? 'pokoje' : KIND[l.realEstateType].noun;
  const layout = l.dispositionLabel && l.dispositionLabel !== 'room' ? ` ${layoutText(l.dispositionLabel)}` : '';
  const mainArea = l.realEstateType === 'Land' ? (l.landArea ?? l.area) : l.area;
  const area = mainArea ? ` ${mainArea}&nbsp;m²` : '';
  const plot = l.realEstateType !== 'Land' && l.landArea ? ` s pozemkem ${l.landArea}&nbsp;m²` : '';
  return `${head} ${noun}${layout}${area}${plot}`;
}

function locality(l: SimListing, withDistrict: boolean): string {
  const town = (l.place.pragueDistrict ?? l.place.name) + (l.place.cityPart ? ` - ${l.place.cityPart}` : '');
  const district = withDistrict && !l.place.pragueDistrict ? `, okres ${l.place.districtName}` : '';
  return (l.place.street ? `${l.place.street}, ` : '') + town + district;
}

function priceText(l: SimListing): string {
  if (l.price === null) return 'Cena na vyžádání';
  return `${money(l.price)}&zwj;&nbsp;Kč${isRent(l) ? '/měsíc' : ''}`;
}

function detailPath(base: string, l: SimListing): string {
  const where = slug([l.place.name, l.place.cityPart, l.place.street].filter(Boolean).join(' '));
  return `${base}/detail/${variant(l)}/${KIND[l.realEstateType].detail}/${where}/${l.listingId}/`;
}

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>${esc(title)} | iDNES.cz</title>${head}</head>` +
    `<body><header class="c-header"><a href="/" class="c-header__logo">Reality iDNES.cz</a></header>${body}</body></html>`;
}

function card(base: string, l: SimListing, changed: boolean): string {
  const perM2 = l.price !== null && !isRent(l) && l.area ? `<span>(${money(l.price / l.area)}&zwj;&nbsp;Kč/m²)</span>` : '';
  const img = l.images[0] ? `<span class="c-products__img"><img data-src="${esc(l.images[0])}" alt=""></span>` : '';
  const brand = l.privateSeller ? '' : ` data-brand="Realitní kancelář ${esc(l.contactPerson ?? 'Reality')}"`;
  if (changed) {
    return `<article class="estate-tile"><a class="estate-tile__link" href="${detailPath(base, l)}"${brand}>${img}` +
      `<h3 class="estate-tile__name">${idnesTitle(l)}</h3><div class="estate-tile__place">${esc(locality(l, false))}</div>` +
      `<div class="estate-tile__cost"><b>${priceText(l)}</b></div></a></article>`;
  }
  return `<div class="c-products__item"><a href="${detailPath(base, l)}" class="c-products__link"${brand}>${img}` +
    `<h2 class="c-products__title"><span class="text-capitalize">${idnesTitle(l).replace(/^(\S+) /, '$1</span> ')}</h2>` +
    `<p class="c-products__info">${esc(locality(l, false))}</p>` +
    `<p class="c-products__price"><strong>${priceText(l)}</strong>${perM2}</p></a></div>`;
}

const ADVERT = '<div class="c-products__item c-products__item-advertisment"><div class="c-advert"><a href="https://hypoteky.example/">Hypotéka od 4,19 %</a></div></div>';

function listFilter(req: Request): ((l: SimListing) => boolean) | null {
  const { adType, category } = req.params;
  if (adType && adType !== 'prodej' && adType !== 'pronajem') return null;
  const kinds = Object.entries(KIND).filter(([, k]) => !category || k.list === category).map(([type]) => type);
  if (category && kinds.length === 0) return null;
  return (l) => (!adType || variant(l) === adType) && kinds.includes(l.realEstateType);
}

function renderList(view: PortalView, req: Request, res: Response): void {
  const filter = listFilter(req);
  const pageNo = Math.max(0, Number.parseInt(String(req.query.page ?? '0'), 10) || 0);
  if (!filter) {
    res.status(404).type('html').send(page('Stránka nenalezena', '<h1>Stránka nenalezena</h1>'));
    return;
  }
  const all = view.active().filter(filter);
  const slice = all.slice(pageNo * PAGE_SIZE, (pageNo + 1) * PAGE_SIZE);
  if (pageNo > 0 && slice.length === 0) {
    // The real site sends a page past the end to a 404 (through a 302).
    res.status(404).type('html').send(page('Stránka nenalezena', '<h1>Stránka nenalezena</h1>'));
    return;
  }
  const base = `${view.origin}${req.baseUrl}`;
  const changed = view.layoutChanged();
  const items = slice.map((l) => card(base, l, changed));
  if (pageNo === 0 && items.length > 3 && !changed) items.splice(3, 0, ADVERT);
  const hasNext = (pageNo + 1) * PAGE_SIZE < all.length;
  const next = hasNext ? `<a class="btn paging__item next" href="?page=${pageNo + 1}">Další</a>` : '';
  const body = changed
    ? `<main class="estate-results"><p class="estate-results__total">${all.length} nabídek</p>${items.join('')}${next ? `<nav class="pager">${next}</nav>` : ''}</main>`
    : `<div class="b-filter"><h1 class="b-filter__title">Nemovitosti</h1><p class="b-filter__count">${all.length} nemovitostí</p></div>` +
      `<div class="c-products"><div class="c-products__list">${items.join('') || '<p class="c-products__empty">Bohužel jsme nenašli žádné nemovitosti.</p>'}</div></div>` +
      `<div class="paging">${next}</div>`;
  res.type('html').send(page('Nemovitosti', body));
}

function dataLayer(l: SimListing): string {
  const values: Record<string, string | number> = {
    event: 'listing_detail',
    listing_id: l.listingId,
    listing_name: idnesTitle(l).replace(/&nbsp;/g, ' '),
    listing_price: l.price ?? 0,
    listing_type: l.realEstateType === 'Apartment' ? 'byt' : KIND[l.realEstateType].detail,
    listing_brand: l.privateSeller ? '' : `Realitní kancelář ${l.contactPerson ?? 'Reality'}`,
    listing_category: `${KIND[l.realEstateType].category}/${subCategory(l)}`,
    listing_variant: deal(l),
    listing_localityRegion: l.place.regionName,
    listing_localityDistrict: l.place.districtName,
    listing_localityCity: l.place.name,
    listing_localityCityArea: l.place.cityPart ?? '',
    listing_localityState: 'CZ',
  };
  if (l.area) values.listing_area = l.area;
  if (l.landArea) values.listing_landArea = l.landArea;
  if (l.lat !== null && l.lon !== null) Object.assign(values, { listing_lat: l.lat, listing_lon: l.lon });
  if (l.images[0]) values.listing_image = l.images[0];
  return `<script>window.dataLayer = window.dataLayer || [];\ndataLayer.push(${JSON.stringify(values)});</script>`;
}

function subCategory(l: SimListing): string {
  if (l.realEstateType === 'Apartment') return l.dispositionLabel ? layoutText(l.dispositionLabel) : 'Byt';
  if (l.realEstateType === 'House') {
    return { Detached: 'Rodinný dům', Terraced: 'Řadový dům', Cottage: 'Chalupa', Hut: 'Chata' }[l.houseType ?? 'Detached'];
  }
  if (l.realEstateType === 'Land') return { BuildPlot: 'Stavební pozemek', Commercial: 'Komerční pozemek', Other: 'Ostatní pozemek' }[l.landType ?? 'Other'];
  if (l.realEstateType === 'Commercial') return 'Kanceláře';
  return 'Garáž';
}

const OWNERSHIP = { Direct: 'osobní', Cooperative: 'družstevní', Municipal: 'státní/obecní', Shared: 'spoluvlastnictví' } as const;
const CONSTRUCTION = { Brick: 'cihlová', Panel: 'panelová', Wood: 'dřevostavba', Stone: 'kamenná', Other: 'smíšená' } as const;
const ICON = (yes: boolean): string => `<span class="icon icon--${yes ? 'check' : 'cross'}"></span>`;

function parameters(l: SimListing): string {
  const rows: [string, string][] = [['Číslo zakázky', `N${l.listingId.slice(-6).toUpperCase()}`], ['Cena', priceText(l)]];
  if (l.construction) rows.push(['Konstrukce budovy', CONSTRUCTION[l.construction]]);
  if (l.ownership) rows.push(['Vlastnictví', OWNERSHIP[l.ownership]]);
  if (l.area) rows.push([l.realEstateType === 'Apartment' ? 'Užitná plocha' : 'Podlahová plocha', `${l.area} m<sup>2</sup>`]);
  if (l.landArea) rows.push(['Plocha pozemku', `${l.landArea} m<sup>2</sup>`]);
  if (l.floor !== null) rows.push(['Podlaží', l.floor === 0 ? 'přízemí' : `${l.floor}. patro (${l.floor + 1}. NP)`]);
  for (const [type, label] of [['Balcony', 'Balkon'], ['Loggia', 'Lodžie'], ['Terrace', 'Terasa']] as const) {
    rows.push([label, ICON(l.terraceTypes.includes(type))]);
  }
  if (l.elevator !== null) rows.push(['Výtah', ICON(l.elevator)]);
  return rows.map(([dt, dd]) => `<dt>${dt}</dt><dd>${dd}</dd>`).join('');
}

function renderDetail(view: PortalView, req: Request, res: Response): void {
  const l = view.byId(req.params.id);
  if (!l) {
    res.status(404).type('html').send(page('Stránka nenalezena', '<h1>Stránka nenalezena</h1>'));
    return;
  }
  const title = idnesTitle(l);
  const plainTitle = title.replace(/&nbsp;/g, ' ').replace(/^./, (c) => c.toUpperCase());
  if (!l.active) {
    res.type('html').send(page(plainTitle, `<div class="b-intro b-intro--inactive"><p class="b-intro__text">Nabídka již není aktivní</p>` +
      `<p>Inzerát byl stažen, evidujeme nabídku jako neaktivní.</p></div>`));
    return;
  }
  const gallery = l.images.map((src, i) => `<a data-fancybox="images" href="${esc(src)}${src.includes('?') ? '&' : '?'}gt=${1700000000 + i}"><img src="${esc(src)}" alt=""></a>`).join('');
  const map = l.lat !== null && l.lon !== null
    ? `<div class="b-map" data-maptiler-json='${JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [l.lon, l.lat] } }] })}'></div>`
    : '';
  const author = l.contactPerson ? `<div class="b-author"><h2 class="b-author__name">${esc(l.contactPerson)}</h2><p class="b-author__phone">+420 600 000 000</p></div>` : '';
  const body = view.layoutChanged()
    ? `<main class="listing"><h1 class="listing__heading">${plainTitle}</h1><div class="listing__where">${esc(locality(l, true))}</div>` +
      `<div class="listing__cost">${priceText(l)}</div><section class="listing__text">${esc(l.description)}</section></main>`
    : `<div class="b-detail"><h1 class="b-detail__title"><span>${plainTitle}</span></h1>` +
      `<p class="b-detail__info">${esc(locality(l, true))}</p><p class="b-detail__price"><strong>${priceText(l)}</strong></p></div>` +
      `<div class="b-gallery">${gallery}</div><div class="b-desc"><p>${esc(l.description)}</p></div>` +
      `<div class="b-definition-columns"><dl>${parameters(l)}</dl></div>${author}${map}`;
  const head = `<meta property="og:title" content="${esc(plainTitle)} – skvělá příležitost">` + (view.layoutChanged() ? '' : dataLayer(l));
  res.type('html').send(page(plainTitle, body, head));
}

export const idnesRenderer: PortalRenderer = {
  portal: 'idnes',
  mount(router: Router, view: PortalView): void {
    router.get(['/s', '/s/:adType', '/s/:adType/:category'], (req, res) => renderList(view, req, res));
    router.get('/detail/:adType/:kind/:locality/:id', (req, res) => renderDetail(view, req, res));
  },
};
