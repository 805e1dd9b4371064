import type { Request, Response, Router } from 'express';
import type { RealEstateType } from '@rr/proto';
import type { PortalRenderer, PortalView, SimListing } from './types';

/**
 * RealityMix (realitymix.cz), an aggregator of agency feeds, in HTML.
 * `/reality/{byty|domy|chaty|pozemky|komerce|ostatni}/{prodej|pronajem}` lists one kind and
 * `/reality` everything, newest first, 20 a page, `?stranka=N` from page 2 on. Cards are
 * `li.advert-item` with Tailwind classes that change between deploys (adapters must not select on
 * them). Details at `/detail/{obec}/{title-slug}-{id}.html` keep BEM classes, label/value pairs,
 * `div#print-map` coordinates and a JSON-LD breadcrumb. Agencies often print "Cena na vyžádání",
 * "Rezervováno" or "info v RK" instead of a price. A withdrawn offer answers 410, an unknown one 404.
 */

const PAGE_SIZE = 20;

const KIND: Record<RealEstateType, { slug: string; crumb: string; noun: string }> = {
  Apartment: { slug: 'byty', crumb: 'Byty', noun: 'bytu' },
  House: { slug: 'domy', crumb: 'Domy', noun: 'domu/vily' },
  Land: { slug: 'pozemky', crumb: 'Pozemky', noun: 'pozemku' },
  Commercial: { slug: 'komerce', crumb: 'Komerční prostory', noun: 'komerčního prostoru' },
  Other: { slug: 'ostatni', crumb: 'Ostatní', noun: 'garáže' },
};
const OWNERSHIP = { Direct: 'Osobní', Cooperative: 'Družstevní', Municipal: 'Obecní', Shared: 'Spoluvlastnictví' } as const;
const CONSTRUCTION = { Brick: 'Cihlová', Panel: 'Panelová', Wood: 'Dřevěná', Stone: 'Kamenná', Other: 'Smíšená' } as const;
const HOUSE_NOUN = { Detached: 'domu/vily', Terraced: 'řadového domu', Cottage: 'chalupy', Hut: 'chaty' } as const;
const ON_REQUEST = ['Cena na vyžádání', 'Rezervováno', 'info v RK'];

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const slug = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const money = (value: number): string => Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

const kindSlug = (l: SimListing): string =>
  l.realEstateType === 'House' && (l.houseType === 'Hut' || l.houseType === 'Cottage') ? 'chaty' : KIND[l.realEstateType].slug;

/** Rooms to share are rentals of a "pokoj"; auctions are announced as "Dražba". */
const isRent = (l: SimListing): boolean => l.adType === 'Rent' || l.adType === 'Roommates';
const deal = (l: SimListing): string => (l.adType === 'Auction' ? 'Dražba' : isRent(l) ? 'Pronájem' : 'Prodej');
const offer = (l: SimListing): string => (isRent(l) ? 'pronajem' : 'prodej');

const digitsOf = (id: string): number => [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0);

function priceValue(l: SimListing): string {
  return l.price === null ? ON_REQUEST[digitsOf(l.listingId) % ON_REQUEST.length] : `${money(l.price)} Kč`;
}

function layoutText(label: NonNullable<SimListing['dispositionLabel']>): string {
  return { '6+': '6 pokojů a více', atypical: 'atypický', room: 'pokoj' }[label as string] ?? label;
}

export function realitymixTitle(l: SimListing): string {
  const label = l.dispositionLabel && l.dispositionLabel !== 'room' ? ` ${layoutText(l.dispositionLabel)}` : '';
  const house = l.realEstateType === 'House' ? HOUSE_NOUN[l.houseType ?? 'Detached'] : null;
  const noun = l.dispositionLabel === 'room' ? 'pokoje' : house ?? KIND[l.realEstateType].noun;
  const area = l.realEstateType === 'Land' ? (l.landArea ?? l.area) : l.area;
  return `${deal(l)} ${noun}${label}${area ? `, ${money(area)} m²` : ''}`;
}

function address(l: SimListing): string {
  const town = (l.place.pragueDistrict ?? l.place.name) + (l.place.cityPart ? ` - ${l.place.cityPart}` : '');
  return [l.place.street, town, l.place.pragueDistrict ? null : `okres ${l.place.districtName}`].filter(Boolean).join(', ');
}

/** The same address as the simulator core's `listingUrl`. */
function detailPath(base: string, l: SimListing): string {
  return `${base}/detail/${slug(l.place.name)}/${slug(l.title).slice(0, 60)}-${l.listingId}.html`;
}

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>${esc(title)} | RealityMix</title>${head}</head>` +
    `<body class="font-sans antialiased"><header class="site-header"><a href="/">RealityMix</a></header>${body}</body></html>`;
}

function card(base: string, l: SimListing, changed: boolean): string {
  const href = detailPath(base, l);
  // Tailwind utility classes: a deploy renames them, so they vary here too.
  const tw = `text-${['lg', 'xl'][digitsOf(l.listingId) % 2]} font-bold whitespace-nowrap`;
  if (changed) {
    return `<div class="property-tile"><a class="property-tile__link" href="${href}">${esc(realitymixTitle(l))}</a>` +
      `<div class="property-tile__meta">${esc(address(l))} · ${priceValue(l)}</div></div>`;
  }
  const img = l.images[0] ? `<img src="${esc(l.images[0])}" alt="${esc(realitymixTitle(l))}" loading="lazy" class="h-48 w-full object-cover">` : '';
  return `<li class="advert-item relative flex flex-col rounded-lg shadow"><a href="${href}" class="block">${img}</a>` +
    `<div class="p-4"><a href="${href}"><h2 class="text-base font-semibold">${esc(realitymixTitle(l))}</h2></a>` +
    `<p class="text-body-light text-sm">${esc(address(l))}</p><span class="${tw}">${priceValue(l)}</span></div></li>`;
}

function renderList(view: PortalView, req: Request, res: Response, filter: (l: SimListing) => boolean): void {
  const all = view.active().filter(filter);
  const pageNo = Math.max(1, Number.parseInt(String(req.query.stranka ?? '1'), 10) || 1);
  const slice = all.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE);
  const base = `${view.origin}${req.baseUrl}`;
  const changed = view.layoutChanged();
  const cards = slice.map((l) => card(base, l, changed)).join('');
  const next = pageNo * PAGE_SIZE < all.length ? `<a rel="next" class="paginator__next" href="?stranka=${pageNo + 1}">Další</a>` : '';
  const body = changed
    ? `<main class="results"><div class="results__grid">${cards}</div>${next ? `<div class="results__more">${next}</div>` : ''}</main>`
    : `<main><p class="search-results-count">Zobrazeno ${slice.length ? `${(pageNo - 1) * PAGE_SIZE + 1}–${(pageNo - 1) * PAGE_SIZE + slice.length}` : '0'} ` +
      `z celkem ${all.length} nalezených</p><ul class="advert-list grid gap-4">${cards}</ul><nav class="paginator">${next}</nav></main>`;
  res.type('html').send(page('Reality', body));
}

function dataItems(l: SimListing): string {
  const rows: [string, string][] = [];
  if (l.dispositionLabel) rows.push(['Dispozice', layoutText(l.dispositionLabel)]);
  if (l.construction) rows.push(['Druh objektu', CONSTRUCTION[l.construction]]);
  if (l.ownership) rows.push(['Vlastnictví', OWNERSHIP[l.ownership]]);
  if (l.area) rows.push(['Užitná plocha', `${money(l.area)} m2`]);
  if (l.landArea) rows.push(['Plocha parcely', `${money(l.landArea)} m2`]);
  if (l.floor !== null) rows.push(['Podlaží', l.floor === 0 ? 'přízemí' : `${l.floor}. podlaží`]);
  if (l.elevator !== null) rows.push(['Výtah', l.elevator ? 'Ano' : 'Ne']);
  for (const [type, label] of [['Balcony', 'Balkón'], ['Loggia', 'Lodžie'], ['Terrace', 'Terasa']] as const) {
    if (l.terraceTypes.includes(type)) rows.push([label, 'Ano']);
  }
  rows.push(['Provize', l.privateSeller ? 'Bez provize' : 'Součástí ceny']);
  return rows.map(([k, v]) => `<li class="detail-information__data-item"><span>${k}:</span><span>${esc(v)}</span></li>`).join('');
}

function breadcrumb(l: SimListing): string {
  const names = [KIND[l.realEstateType].crumb, l.adType === 'Auction' ? 'Dražby' : isRent(l) ? 'Pronájem' : 'Prodej', l.place.regionName, l.place.districtName, l.place.name];
  const items = names.map((name, i) => ({ '@type': 'ListItem', position: i + 1, name }));
  return `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items })}</script>`;
}

function renderDetail(view: PortalView, req: Request, res: Response): void {
  const id = /-([^-]+)\.html$/.exec(req.params.file)?.[1];
  const l = id ? view.byId(id) : undefined;
  if (!l || !l.active) {
    res.status(l ? 410 : 404).type('html').send(page('Nabídka nenalezena', '<main><h1>Tato nabídka již není k dispozici.</h1></main>'));
    return;
  }
  const title = realitymixTitle(l);
  const price = `<span class="advert-detail-heading__price-value">${priceValue(l)}</span>` +
    (l.price !== null && isRent(l) ? ' <span class="advert-detail-heading__price-type">(za měsíc)</span>' : '');
  const map = l.lat !== null && l.lon !== null
    ? `<div id="print-map" data-gps-lat="${l.lat}" data-gps-lon="${l.lon}" data-address="${esc(address(l))}"></div>` : '';
  const gallery = l.images.map((src, i) => `<a class="gallery__item" href="${esc(src)}" data-index="${i}"><img src="${esc(src)}" alt=""></a>`).join('');
  const broker = l.contactPerson
    ? `<div class="advert-detail-broker" data-fk_rk="${1000 + (digitsOf(l.listingId) % 900)}" data-cislo_rk_id="RK-${esc(l.listingId)}">` +
      `<p class="advert-detail-broker__name">${esc(l.contactPerson)}</p><p class="advert-detail-broker__company">Reality Ukázka s.r.o.</p></div>` : '';
  const body = view.layoutChanged()
    ? `<main class="offer-detail"><h1 class="offer-detail__headline">${esc(title)}</h1><p class="offer-detail__where">${esc(address(l))}</p>` +
      `<p class="offer-detail__price">${priceValue(l)}</p></main>`
    : `<main><div class="advert-detail-heading"><h1 class="advert-detail-heading__title">${esc(title)}</h1>` +
      `<p class="advert-detail-heading__address">${esc(address(l))}</p><p class="advert-detail-heading__price">${price}</p></div>` +
      `<div class="gallery">${gallery}</div><div class="advert-description">${esc(l.description)}</div>` +
      `<ul class="detail-information">${dataItems(l)}</ul><div class="energy-efficiency energy-efficiency--g">G</div>${map}${broker}</main>`;
  res.type('html').send(page(title, body, view.layoutChanged() ? '' : breadcrumb(l)));
}

export const realitymixRenderer: PortalRenderer = {
  portal: 'realitymix',
  mount(router: Router, view: PortalView): void {
    router.get('/reality', (req, res) => renderList(view, req, res, () => true));
    router.get('/reality/:kind/:offer', (req, res) => {
      const { kind, offer: wanted } = req.params;
      if (!['byty', 'domy', 'chaty', 'pozemky', 'komerce', 'ostatni'].includes(kind) || !['prodej', 'pronajem'].includes(wanted)) {
        res.status(404).type('html').send(page('Stránka nenalezena', '<main><h1>Stránka nenalezena</h1></main>'));
        return;
      }
      renderList(view, req, res, (l) => kindSlug(l) === kind && offer(l) === wanted);
    });
    router.get('/detail/:obec/:file', (req, res) => renderDetail(view, req, res));
  },
};
