import type { Request, Response, Router } from 'express';
import type { RealEstateType } from '@rr/proto';
import type { PortalRenderer, PortalView, SimListing } from './types';

/**
 * Reality.cz. The search `/{prodej|pronajem}/{byty|domy|pozemky|komercni|ostatni}/{region}/?s=2`
 * (and `/reality/{region}/?s=2` for every offer type and kind) sorts newest first; 25 a page, the
 * next page being `?s=2&g=1-{page}-{total}` (1-based page). Since 2026 the page is JavaScript-only:
 * its HTML carries the offers as embedded data and a script builds the `div.xvypis` cards, so only a
 * browser sees them. Details at `/{CODE}/` are server-rendered; a withdrawn offer says "tato stránka
 * neexistuje". Prices use dotted thousands ("22.900 Kč/měs."), coordinates sit in the card's class.
 */

const PAGE_SIZE = 25;

const KIND: Record<RealEstateType, { slug: string; word: string; noun: string }> = {
  Apartment: { slug: 'byty', word: 'byt', noun: 'bytu' },
  House: { slug: 'domy', word: 'dům', noun: 'domu' },
  Land: { slug: 'pozemky', word: 'pozemek', noun: 'pozemku' },
  Commercial: { slug: 'komercni', word: 'komerční objekt', noun: 'komerčního objektu' },
  Other: { slug: 'ostatni', word: 'garáž', noun: 'garáže' },
};
const OWNERSHIP = { Direct: 'osobní', Cooperative: 'družstevní', Municipal: 'státní', Shared: 'spoluvlastnictví' } as const;
const CONSTRUCTION = { Brick: 'cihla', Panel: 'panel', Wood: 'dřevostavba', Stone: 'kámen', Other: 'smíšená' } as const;

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const dotted = (value: number): string => Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Rooms to share are rentals of a "pokoj"; auctions are announced as "Dražba". */
const isRent = (l: SimListing): boolean => l.adType === 'Rent' || l.adType === 'Roommates';
const deal = (l: SimListing): string => (l.adType === 'Auction' ? 'Dražba' : isRent(l) ? 'Pronájem' : 'Prodej');
const offer = (l: SimListing): string => (isRent(l) ? 'pronajem' : 'prodej');

/** Areas take the same dotted thousands as prices ("1.250 m²"). */
const m2 = (area: number): string => `${Number.isInteger(area) ? dotted(area) : String(area).replace('.', ',')} m²`;

function priceText(l: SimListing): string {
  if (l.price === null) return 'info v RK';
  return `${dotted(l.price)} Kč${isRent(l) ? '/měs.' : ''}`;
}

function layoutWord(l: SimListing): string {
  if (!l.dispositionLabel) return '';
  if (l.dispositionLabel === '6+') return ' 6 a více';
  if (l.dispositionLabel === 'atypical') return ' atypický';
  if (l.dispositionLabel === 'room') return ' pokoj';
  return ` ${l.dispositionLabel}`;
}

/** "byt 2+kk, 50 m², cihla, osobní": kind, layout, area, construction, ownership. */
export function typeLine(l: SimListing): string {
  const parts = [`${KIND[l.realEstateType].word}${layoutWord(l)}`];
  if (l.realEstateType === 'Land') {
    const plot = l.landArea ?? l.area;
    if (plot) parts.push(m2(plot));
  } else {
    if (l.area) parts.push(m2(l.area));
    if (l.landArea) parts.push(`pozemek ${m2(l.landArea)}`);
  }
  if (l.construction) parts.push(CONSTRUCTION[l.construction]);
  if (l.ownership) parts.push(OWNERSHIP[l.ownership]);
  return parts.join(', ');
}

function locality(l: SimListing): string {
  const town = l.place.pragueDistrict ? `${l.place.pragueDistrict}` : l.place.name;
  return [l.place.street, town + (l.place.cityPart ? ` - ${l.place.cityPart}` : '')].filter(Boolean).join(', ');
}

const gpsClass = (l: SimListing): string => (l.lat !== null && l.lon !== null ? `gpsx${l.lat} gpsy${l.lon}` : 'gpsx0 gpsy0');

function page(title: string, base: string, body: string): string {
  return `<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><base href="${esc(base)}/"><title>${esc(title)} | Reality.cz</title></head>` +
    `<body><div id="hlavicka"><a href="./">Reality.cz</a></div>${body}</body></html>`;
}

type Card = { code: string; gps: string; name: string; type: string; price: string; broker: string; thumb: string | null; isNew: boolean };

function cardData(l: SimListing, now: number): Card {
  return {
    code: l.listingId,
    gps: gpsClass(l),
    name: locality(l),
    type: typeLine(l),
    price: priceText(l),
    broker: l.privateSeller ? 'soukromý inzerent' : l.contactPerson ? `Makléř: ${l.contactPerson}` : 'realitní kancelář',
    thumb: l.images.length ? `thumb/${Math.floor(l.updatedAt.getTime() / 1000)}/${l.listingId}_0.jpg` : null,
    isNew: now - l.publishedAt.getTime() < 24 * 3600 * 1000,
  };
}

/** Builds the cards in the browser, as the real page does; the served HTML has none. */
const CARD_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('vypis-data').textContent);
  var list = document.getElementById('vypis');
  list.innerHTML = '';
  data.items.forEach(function (item) {
    var card = document.createElement('div');
    function add(tag, cls, text) { var el = document.createElement(tag); if (cls) el.className = cls; if (text) el.textContent = text; return el; }
    if (data.changed) {
      card.className = 'offer-card';
      var link = add('a', 'offer-card__link', item.name); link.setAttribute('href', item.code + '/'); card.appendChild(link);
      card.appendChild(add('span', 'offer-card__price', item.price));
      list.appendChild(card); return;
    }
    card.className = 'xvypis ' + item.gps;
    card.id = 'id' + item.code.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (item.thumb) { var img = add('img', 'vypisfoto'); img.setAttribute('src', item.thumb); card.appendChild(img); }
    var p = add('p', 'vypisnaz'); var a = add('a', '', item.name); a.setAttribute('href', item.code + '/?c=' + data.session); p.appendChild(a); card.appendChild(p);
    card.appendChild(add('p', 'lokalita', item.type));
    var cena = add('p', 'vypiscena'); cena.appendChild(add('strong', '', item.price)); card.appendChild(cena);
    if (item.isNew) { var nov = add('img'); nov.setAttribute('title', 'Novinka'); nov.setAttribute('src', 'img/novinka.png'); card.appendChild(nov); }
    card.appendChild(add('div', 'oballoga', item.broker));
    list.appendChild(card);
  });
})();`;

function renderList(view: PortalView, req: Request, res: Response, filter: (l: SimListing) => boolean): void {
  const all = view.active().filter(filter);
  const pageNo = Math.max(0, (Number(/^\d+-(\d+)-/.exec(String(req.query.g ?? ''))?.[1] ?? 1) || 1) - 1);
  const slice = all.slice(pageNo * PAGE_SIZE, (pageNo + 1) * PAGE_SIZE);
  const base = `${view.origin}${req.baseUrl}`;
  const now = Date.now();
  const data = { session: 'ab12', changed: view.layoutChanged(), items: slice.map((l) => cardData(l, now)) };
  const path = req.path.endsWith('/') ? req.path : `${req.path}/`;
  const next = (pageNo + 1) * PAGE_SIZE < all.length
    ? `<p class="dalsi"><a href="${esc(`${base}${path}?s=2&g=1-${pageNo + 2}-${all.length}`)}">Dalších ${PAGE_SIZE} nabídek</a></p>` : '';
  const body = `<div class="zahlavi"><h1>Nabídka nemovitostí</h1><p><strong>${all.length}</strong> nabídek</p>` +
    `<select name="sort"><option value="1">nejlepší shoda</option><option value="2" selected>od nejnovějších</option></select></div>` +
    `<div id="vypis" class="vypis"><p class="nacitani">Načítám nabídky…</p></div>${next}` +
    `<script id="vypis-data" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>` +
    `<script>${CARD_SCRIPT}</script>`;
  res.type('html').send(page('Nabídka nemovitostí', base, body));
}

function parameters(l: SimListing): string {
  const rows: [string, string][] = [['Typ', `${KIND[l.realEstateType].word}${layoutWord(l)}`]];
  if (l.area) rows.push(['Užitná plocha', m2(l.area)]);
  if (l.landArea) rows.push(['Plocha pozemku', m2(l.landArea)]);
  if (l.floor !== null) rows.push(['Podlaží', l.floor === 0 ? 'přízemí' : `${l.floor}. podlaží`]);
  if (l.ownership) rows.push(['Vlastnictví', OWNERSHIP[l.ownership]]);
  if (l.construction) rows.push(['Stavba', CONSTRUCTION[l.construction]]);
  if (l.elevator !== null) rows.push(['Výtah', l.elevator ? 'ano' : 'ne']);
  const outdoor = l.terraceTypes.map((t) => ({ Balcony: 'balkon', Loggia: 'lodžie', Terrace: 'terasa' }[t]));
  if (outdoor.length) rows.push(['Venkovní prostory', outdoor.join(', ')]);
  return rows.map(([th, td]) => `<tr><th>${th}:</th><td>${esc(td)}</td></tr>`).join('');
}

function renderDetail(view: PortalView, req: Request, res: Response): void {
  const l = view.byId(req.params.code);
  const base = `${view.origin}${req.baseUrl}`;
  if (!l || !l.active) {
    res.status(l ? 200 : 404).type('html')
      .send(page('Stránka nenalezena', base, '<div class="chyba"><h1>Je nám líto, tato stránka neexistuje.</h1></div>'));
    return;
  }
  const room = l.dispositionLabel === 'room';
  const title = `${deal(l)} ${room ? 'pokoje' : KIND[l.realEstateType].noun}${room ? '' : layoutWord(l)}${l.area ? `, ${m2(l.area)}` : ''}`;
  const photos = l.images.map((src) => `<a class="foto" href="${esc(src)}"><img src="${esc(src)}" alt=""></a>`).join('');
  const gps = gpsClass(l);
  const broker = l.contactPerson ? `<div class="makler"><p class="jmeno">${esc(l.contactPerson)}</p><p class="telefon">+420 600 000 000</p></div>` : '';
  const body = view.layoutChanged()
    ? `<article class="offer"><h1 class="offer__title">${esc(title)}</h1><p class="offer__place">${esc(locality(l))}</p>` +
      `<p class="offer__price">${priceText(l)}</p></article>`
    : `<div class="detail ${gps}" id="detail-${esc(l.listingId)}"><h1 class="nazev">${esc(title)}</h1><p class="adresa">${esc(locality(l))}</p>` +
      `<p class="cena"><strong>${priceText(l)}</strong></p><table class="parametry">${parameters(l)}</table>` +
      `<div class="popis">${esc(l.description)}</div><div class="fotky">${photos}</div>${l.lat !== null ? '<div id="mapa" class="mapa"></div>' : ''}${broker}` +
      `<p class="kod">Kód nabídky: ${esc(l.listingId)}</p></div>`;
  res.type('html').send(page(title, base, body));
}

export const realityczRenderer: PortalRenderer = {
  portal: 'realitycz',
  mount(router: Router, view: PortalView): void {
    router.get('/reality/:region', (req, res) => renderList(view, req, res, () => true));
    router.get('/:offer(prodej|pronajem)/:kind(byty|domy|pozemky|komercni|ostatni)/:region', (req, res) => {
      const kind = Object.entries(KIND).find(([, k]) => k.slug === req.params.kind)?.[0];
      renderList(view, req, res, (l) => offer(l) === req.params.offer && l.realEstateType === kind);
    });
    router.get('/:code', (req, res) => renderDetail(view, req, res));
  },
};
