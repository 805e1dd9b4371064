import type { Document } from 'domhandler';
import { all, attr, first, parseHtml, text } from '../czech-html/dom';
import type { RawListingInput, RealEstateType, TerraceType } from '@rr/proto';
import { ParseError, type DetailResult, type ListPage, type ListingRef } from '../types';
import {
  adTypeFromText, areaFromText, areasFromText, cleanText, constructionFromText, coordinate, dispositionFromText, floorFromText, houseTypeFromText,
  landTypeFromText, ownershipFromText, priceFromText, realEstateTypeFromText, withRoommates, yesNo,
} from '../czech-html/text';

/**
 * Reality.cz pages (portals.md §7). The list must be the page as a browser rendered it: the served
 * HTML has no cards. Cards are `div.xvypis` with the coordinates in their class (`gpsx… gpsy…`,
 * `gpsx0 gpsy0` when unknown) and the type line "byt 2+kk, 50 m², cihla, osobní". No cards at all is
 * a failure, never "zero offers": the page may be in maintenance or its layout may have changed.
 */

/** Maintenance pages come and go; they are the portal being away, not a page we misread. */
export const MAINTENANCE = /údržb[ay]\s+serveru|probíhá\s+údržba/i;

export function parseListPage(html: string, pageUrl: string): ListPage {
  const page = parseHtml(html);
  const base = baseOf(page, pageUrl);
  const refs: ListingRef[] = [];
  for (const card of all(page, 'div.xvypis')) {
    const href = attr(first(card, 'p.vypisnaz a'), 'href');
    if (!href) continue;
    const detail = detailUrl(href, base);
    const code = codeOf(detail);
    if (!code) continue;
    const price = cleanText(text(all(card, 'p.vypiscena')));
    refs.push({
      listingId: code, url: detail, fingerprint: `${price}|${cleanText(text(all(card, 'p.lokalita')))}`, promoted: false,
      privateSeller: sellerOfCard(cleanText(text(all(card, 'div.oballoga')))),
    });
  }
  if (refs.length === 0) {
    throw new ParseError('realitycz', pageUrl, 'no offer cards (div.xvypis) in the rendered page');
  }
  const hasMore = all(page, 'a').some((a) => /^Další/i.test(cleanText(text(a))));
  return { refs, hasMore };
}

/**
 * Who publishes, from the card's `div.oballoga` (portals.md §7): "Makléř: …" or "realitní kancelář"
 * is an agency, "soukromý inzerent" a private seller; anything else (an empty or changed box) is
 * not known. The detail page has no such marker, so the adapter carries this into the listing.
 */
export function sellerOfCard(box: string): boolean | null {
  if (/soukrom\S*\s+inzerent/i.test(box)) return true;
  if (/^makléř[:\s]|realitní\s+kancelář/i.test(box)) return false;
  return null;
}

/** Coordinates as Reality.cz writes them into a class: `gpsx{lat} gpsy{lon}`, zero when it does not know. */
export function gpsFromClass(className: string): { lat: number | null; lon: number | null } {
  const lat = coordinate(/\bgpsx(-?[\d.]+)/.exec(className)?.[1], 90);
  const lon = coordinate(/\bgpsy(-?[\d.]+)/.exec(className)?.[1], 180);
  return lat !== null && lon !== null ? { lat, lon } : { lat: null, lon: null };
}

const GONE = /tato stránka neexistuje/i;

export function parseDetail(html: string, url: string): DetailResult {
  const page = parseHtml(html);
  const title = cleanText(text(first(page, 'div.detail h1.nazev')));
  if (!title && GONE.test(html)) return { kind: 'gone' };
  if (!title) throw new ParseError('realitycz', url, 'no title (div.detail h1.nazev)');
  const listingId = codeOf(url);
  if (!listingId) throw new ParseError('realitycz', url, 'no offer code in the URL');

  const params = parameterTable(page);
  const typeText = params.get('Typ') ?? '';
  const adType = adTypeFromText(title);
  const realEstateType: RealEstateType | null = realEstateTypeFromText(typeText) ?? realEstateTypeFromText(title);
  if (!adType || !realEstateType) throw new ParseError('realitycz', url, `unknown offer or property type in "${title}"`);

  const priceText = cleanText(text(first(page, 'div.detail p.cena')));
  const area = areaFromText(params.get('Užitná plocha') ?? params.get('Podlahová plocha') ?? '') ?? areasFromText(title)[0] ?? null;
  const landArea = areaFromText(params.get('Plocha pozemku') ?? '');
  const outdoor = (params.get('Venkovní prostory') ?? '').toLowerCase();
  const dispositionLabel = realEstateType === 'Apartment' || realEstateType === 'House' ? dispositionFromText(typeText || title) : null;

  const listing: RawListingInput = {
    portal: 'realitycz',
    listingId,
    url,
    title,
    description: cleanText(text(all(page, 'div.detail div.popis'))),
    adType: withRoommates(adType, dispositionLabel),
    realEstateType,
    dispositionLabel,
    houseType: realEstateType === 'House' ? houseTypeFromText(typeText) : null,
    landType: realEstateType === 'Land' ? landTypeFromText(typeText) : null,
    area: realEstateType === 'Land' ? null : area,
    landArea: realEstateType === 'Land' ? (landArea ?? area) : landArea,
    price: priceFromText(priceText),
    priceText,
    locality: cleanText(text(first(page, 'div.detail p.adresa'))),
    ...gpsFromClass(attr(first(page, 'div.detail'), 'class') ?? ''),
    floor: floorFromText(params.get('Podlaží') ?? ''),
    ownership: ownershipFromText(params.get('Vlastnictví') ?? ''),
    construction: constructionFromText(params.get('Stavba') ?? ''),
    elevator: params.has('Výtah') ? yesNo(params.get('Výtah') ?? '') : null,
    terraceTypes: ([['balkon', 'Balcony'], ['lodži', 'Loggia'], ['teras', 'Terrace']] as const)
      .filter(([word]) => outdoor.includes(word)).map(([, type]): TerraceType => type),
    images: imagesOf(page, baseOf(page, url)),
    contactPerson: cleanText(text(first(page, 'div.makler p.jmeno'))) || null,
    // The detail names no seller kind; the list card does, and the adapter carries it over (`withCardFacts`).
    privateSeller: null,
  };
  return { kind: 'listing', listing };
}

function parameterTable(page: Document): Map<string, string> {
  const table = new Map<string, string>();
  for (const tr of all(page, 'table.parametry tr')) {
    table.set(cleanText(text(all(tr, 'th'))).replace(/:$/, ''), cleanText(text(all(tr, 'td'))));
  }
  return table;
}

function imagesOf(page: Document, base: string): string[] {
  return all(page, 'div.fotky a.foto').map((a) => attr(a, 'href') ?? '').filter(Boolean).map((href) => new URL(href, base).toString());
}

function baseOf(page: Document, pageUrl: string): string {
  const href = attr(first(page, 'base[href]'), 'href');
  return href ? new URL(href, pageUrl).toString() : pageUrl;
}

/** Card links are relative ("DMQ-003729/?c=…"); the offer's address is `{site}/{CODE}/` without the session parameter. */
function detailUrl(href: string, base: string): string {
  const resolved = new URL(href, base);
  return `${resolved.origin}${resolved.pathname.endsWith('/') ? resolved.pathname : `${resolved.pathname}/`}`;
}

function codeOf(url: string): string | null {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  const code = segments[segments.length - 1];
  return code && /^[A-Za-z0-9][A-Za-z0-9-]*$/.test(code) ? code : null;
}
