import type { Request, Response, Router } from 'express';
import { PRAGUE_TIME_ZONE, type RealEstateType } from '@rr/proto';
import type { PortalRenderer, PortalView, SimListing } from './types';

/**
 * Bazoš reality (reality.bazos.cz): classifieds in HTML. `/` and `/{offset}/` list every section
 * newest first; `/{prodam|pronajmu}/{section}/[{offset}/]` lists one section. The offset is a path
 * segment stepping by 20, and TOP (paid) ads are pinned above page 1. Details at
 * `/inzerat/{id}/{slug}.php` carry no structured attributes: layout, area, floor and the rest are
 * written into the title and the free text, as private sellers do. Withdrawn ads still answer 200
 * with "Inzerát byl smazán".
 */

const PAGE_SIZE = 20;
const MAX_PINNED = 3;

const SECTION: Record<RealEstateType, { slug: string; name: string; noun: string }> = {
  Apartment: { slug: 'byt', name: 'Byty', noun: 'bytu' },
  House: { slug: 'dum', name: 'Domy', noun: 'rodinného domu' },
  Land: { slug: 'pozemek', name: 'Pozemky', noun: 'pozemku' },
  Commercial: { slug: 'prostory', name: 'Nebytové prostory', noun: 'nebytového prostoru' },
  Other: { slug: 'garaz', name: 'Garáže', noun: 'garáže' },
};

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const slug = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const money = (value: number): string => Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Rooms to share are rentals of a "pokoj"; auctions are announced as "Dražba". */
const isRent = (l: SimListing): boolean => l.adType === 'Rent' || l.adType === 'Roommates';
const deal = (l: SimListing): string => (l.adType === 'Auction' ? 'Dražba' : isRent(l) ? 'Pronájem' : 'Prodej');
const section = (l: SimListing): string => (isRent(l) ? 'pronajmu' : 'prodam');

const town = (l: SimListing): string => l.place.pragueDistrict ?? l.place.name;

// Built once: a formatter costs far more to create than to use.
const PRAGUE_DATE = new Intl.DateTimeFormat('cs-CZ', { timeZone: PRAGUE_TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric' });

const dateText = (date: Date): string => {
  const parts = PRAGUE_DATE.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}. ${part('year')}`;
};

export function bazosTitle(l: SimListing): string {
  const head = deal(l);
  const noun = l.dispositionLabel === 'room' ? 'pokoje' : SECTION[l.realEstateType].noun;
  const layout = l.dispositionLabel && l.dispositionLabel !== 'room'
    ? ` ${l.dispositionLabel === '6+' ? '6 pokojů a více' : l.dispositionLabel === 'atypical' ? 'atypický' : l.dispositionLabel}`
    : '';
  const area = l.realEstateType === 'Land' ? (l.landArea ?? l.area) : l.area;
  const plot = l.realEstateType !== 'Land' && l.landArea ? `, pozemek ${l.landArea} m2` : '';
  return `${head} ${noun}${layout}${area ? `, ${area} m2` : ''}${plot}, ${town(l)}${l.place.cityPart ? ` - ${l.place.cityPart}` : ''}`;
}

/** Private sellers write the facts into the text; the adapter has to read them back from there. */
function description(l: SimListing): string {
  const facts: string[] = [];
  if (l.floor !== null) facts.push(l.floor === 0 ? 'Nachází se v přízemí' : `Nachází se v ${l.floor}. patře`);
  if (l.elevator !== null) facts.push(l.elevator ? 's výtahem' : 'bez výtahu');
  const sentences = facts.length ? [`${facts.join(', ')}.`] : [];
  if (l.ownership) {
    sentences.push(`Vlastnictví ${{ Direct: 'osobní', Cooperative: 'družstevní', Municipal: 'obecní', Shared: 'spoluvlastnictví (podíl)' }[l.ownership]}.`);
  }
  if (l.construction) {
    sentences.push(`Stavba ${{ Brick: 'cihlová', Panel: 'panelová', Wood: 'dřevostavba', Stone: 'kamenná', Other: 'smíšená' }[l.construction]}.`);
  }
  const outdoor = l.terraceTypes.map((t) => ({ Balcony: 'balkon', Loggia: 'lodžie', Terrace: 'terasa' }[t]));
  if (outdoor.length) sentences.push(`K dispozici ${outdoor.join(', ')}.`);
  return [...sentences, l.description].join(' ');
}

function priceText(l: SimListing): string {
  return l.price === null ? 'Dohodou' : `${money(l.price)} Kč`;
}

/** The same address as the simulator core's `listingUrl` (its slug comes from the listing's own title). */
function adPath(base: string, l: SimListing): string {
  return `${base}/inzerat/${l.listingId}/${slug(l.title).slice(0, 60)}.php`;
}

function card(base: string, l: SimListing, changed: boolean): string {
  const href = adPath(base, l);
  const img = l.images[0] ? `<a href="${href}"><img src="${esc(l.images[0])}" class="obrazek" alt="${esc(bazosTitle(l))}"></a>` : '';
  const top = l.promoted ? '<span class="ztop">TOP</span> - ' : '';
  if (changed) {
    return `<section class="ad-card"><a class="ad-card__title" href="${href}">${esc(bazosTitle(l))}</a>` +
      `<p class="ad-card__price">${priceText(l)}</p><p class="ad-card__place">${esc(town(l))}</p></section>`;
  }
  return `<div class="inzeraty inzeratyflex"><div class="inzeratynadpis">${img}` +
    `<h2 class=nadpis><a href="${href}">${esc(bazosTitle(l))}</a></h2><span class="velikost10"> - ${top}[${dateText(l.publishedAt)}]</span>` +
    `<div class=popis>${esc(description(l).slice(0, 160))}</div></div>` +
    `<div class="inzeratycena"><b><span translate="no">${priceText(l)}</span></b></div>` +
    `<div class="inzeratylok">${esc(town(l))}<br>${esc(l.place.postcode)}</div><div class="inzeratyview">${40 + (l.listingId.length * 7) % 300} x</div></div>`;
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><title>${esc(title)} - Bazoš.cz</title></head>` +
    `<body><div class="sirka"><div class="flexmain">${body}</div></div></body></html>`;
}

function renderList(view: PortalView, req: Request, res: Response): void {
  const { sectionSlug, categorySlug } = req.params as Record<string, string | undefined>;
  const offset = Number(req.params.offset ?? 0);
  const kind = categorySlug ? Object.entries(SECTION).find(([, s]) => s.slug === categorySlug)?.[0] : undefined;
  if ((sectionSlug && sectionSlug !== 'prodam' && sectionSlug !== 'pronajmu') || (categorySlug && !kind) || offset % PAGE_SIZE !== 0) {
    res.status(404).type('html').send(page('Stránka nenalezena', '<h1>404 - Stránka nenalezena</h1>'));
    return;
  }
  const all = view.active().filter((l) => (!sectionSlug || section(l) === sectionSlug) && (!kind || l.realEstateType === kind));
  const pinned = all.filter((l) => l.promoted).slice(0, MAX_PINNED);
  const regular = all.filter((l) => !pinned.includes(l));
  const slice = [...(offset === 0 ? pinned : []), ...regular.slice(offset, offset + PAGE_SIZE)];
  const base = `${view.origin}${req.baseUrl}`;
  const here = `${base}${sectionSlug ? `/${sectionSlug}/${categorySlug}` : ''}`;
  const changed = view.layoutChanged();
  const cards = slice.map((l) => card(base, l, changed)).join('');
  const next = offset + PAGE_SIZE < regular.length ? `<a href="${here}/${offset + PAGE_SIZE}/"><b>Další</b></a>` : '';
  const shown = slice.length ? `Zobrazeno ${offset + 1}-${offset + slice.length} inzerátů z ${money(all.length)}` : `Zobrazeno 0 inzerátů z ${money(all.length)}`;
  const body = changed
    ? `<main class="ads"><p class="ads__count">${money(all.length)} inzerátů</p>${cards}${next ? `<nav class="ads__pager">${next}</nav>` : ''}</main>`
    : `<div class="maincontent"><div class="listainzerat inzeratyflex"><div class="inzeratynadpis">${shown}</div></div>${cards}` +
      `<div class="strankovani">${offset > 0 ? `<a href="${here}/${Math.max(0, offset - PAGE_SIZE)}/">Předchozí</a> ` : ''}${next}</div></div>`;
  res.type('html').send(page('Reality', body));
}

function mapLink(l: SimListing): string {
  const where = `${l.place.postcode} ${town(l)}`;
  const query = l.lat !== null && l.lon !== null ? `${l.lat},${l.lon}` : encodeURIComponent(where);
  return `<a href="https://www.google.com/maps?q=${query}" target="_blank" rel="noopener">${esc(where)}</a>`;
}

function renderDetail(view: PortalView, req: Request, res: Response): void {
  const l = view.byId(req.params.id);
  if (!l || !l.active) {
    const message = l ? 'Inzerát byl smazán' : 'Inzerát neexistuje';
    res.type('html').send(page(message, `<div class="maincontent"><h1>${message}</h1><p>${message}, nebo mu vypršela platnost.</p></div>`));
    return;
  }
  const base = `${view.origin}${req.baseUrl}`;
  const title = bazosTitle(l);
  const gallery = l.images.map((src) => `<img class="carousel-cell-image" data-flickity-lazyload="${esc(src)}" alt="${esc(title)}">`).join('');
  const body = view.layoutChanged()
    ? `<article class="ad"><h1 class="ad__title">${esc(title)}</h1><div class="ad__text">${esc(description(l))}</div>` +
      `<dl class="ad__facts"><dt>Cena</dt><dd>${priceText(l)}</dd><dt>Místo</dt><dd>${mapLink(l)}</dd></dl></article>`
    : `<div class="drobky"><a href="${base}/">Reality</a> &gt; <a href="${base}/${section(l)}/${SECTION[l.realEstateType].slug}/">` +
      `${isRent(l) ? 'Pronajmu' : 'Prodám'} - ${SECTION[l.realEstateType].name}</a> &gt; ${esc(title)}</div>` +
      `<div class="maincontent"><h1 class=nadpisdetail>${esc(title)}</h1><span class="velikost10"> - [${dateText(l.publishedAt)}]</span>` +
      `<div class="carousel">${gallery}</div><div class=popisdetail>${esc(description(l))}</div>` +
      `<table><tr><td class=listadvlevo>Jméno:</td><td><b>${esc(l.contactPerson ?? 'Inzerent')}</b></td></tr>` +
      `<tr><td class=listadvlevo>Telefon:</td><td>+420 7** *** ***</td></tr>` +
      `<tr><td class=listadvlevo>Lokalita:</td><td>${mapLink(l)}</td></tr>` +
      `<tr><td class=listadvlevo>Vidělo:</td><td>505 lidí</td></tr>` +
      `<tr><td class=listadvlevo>Cena:</td><td><b>${priceText(l)}</b></td></tr></table></div>`;
  res.type('html').send(page(title, body));
}

export const bazosRenderer: PortalRenderer = {
  portal: 'bazos',
  mount(router: Router, view: PortalView): void {
    router.get(['/', '/:offset(\\d+)'], (req, res) => renderList(view, req, res));
    router.get(['/:sectionSlug/:categorySlug', '/:sectionSlug/:categorySlug/:offset(\\d+)'], (req, res) => renderList(view, req, res));
    router.get('/inzerat/:id/:slug', (req, res) => renderDetail(view, req, res));
  },
};
