import type { Document, Element } from 'domhandler';
import { all, attr, children, first, parseHtml, text } from '../czech-html/dom';
import type { AdType, RawListingInput, RealEstateType, TerraceType } from '@rr/proto';
import { ParseError, type DetailResult, type ListPage, type ListingRef } from '../types';
import { resolveUrl } from '../czech-html/http';
import {
  adTypeFromText, areasFromText, cleanText, constructionFromText, coordinate, czechDateToIso, dispositionFromText, floorFromText, houseTypeFromText,
  landTypeFromText, ownershipFromText, priceFromText, realEstateTypeFromText, withRoommates,
} from '../czech-html/text';

/**
 * Bazoš reality pages (portals.md §5.1). Cards are `div.inzeraty`, TOP ads carry `span.ztop`. A
 * detail has no structured attributes: the breadcrumb (`div.drobky`) is the only reliable sale/rent
 * and category signal, and everything else is read from the title and the free text.
 */

const AD_PATH = /\/inzerat\/([^/]+)\/[^/]*$/;

const SECTIONS: Record<string, RealEstateType> = {
  byt: 'Apartment', dum: 'House', chata: 'House', pozemek: 'Land', pozemky: 'Land', zahrada: 'Land',
  kancelar: 'Commercial', prostory: 'Commercial', sklad: 'Commercial', restaurace: 'Commercial', nebytove: 'Commercial',
  garaz: 'Other', ostatni: 'Other',
};

export function parseListPage(html: string, pageUrl: string): ListPage {
  const page = parseHtml(html);
  const refs: ListingRef[] = [];
  for (const card of all(page, 'div.inzeraty')) {
    const link = first(card, 'h2.nadpis a');
    const href = attr(link, 'href');
    const id = href ? AD_PATH.exec(href.split('?')[0])?.[1] : undefined;
    if (!href || !id) continue;
    const price = cleanText(text(all(card, 'div.inzeratycena')));
    const title = cleanText(text(link));
    refs.push({
      listingId: id,
      url: resolveUrl(href, pageUrl),
      fingerprint: `${price}|${title}`,
      promoted: first(card, '.ztop') !== null || /\bTOP\b/.test(cleanText(text(all(card, 'span.velikost10')))),
    });
  }
  const counter = cleanText(text(first(page, 'div.inzeratynadpis')));
  if (refs.length === 0 && !/Zobrazeno\s+0\s+inzerát/i.test(counter)) {
    throw new ParseError('bazos', pageUrl, 'no ad cards (div.inzeraty) on the page');
  }
  const hasMore = all(page, 'div.strankovani a').some((a) => /^Další/i.test(cleanText(text(a))));
  return { refs, hasMore };
}

const GONE = /Inzerát byl smazán|Inzerát neexistuje/i;

export function parseDetail(html: string, url: string): DetailResult {
  const page = parseHtml(html);
  const title = cleanText(text(first(page, 'h1.nadpisdetail')));
  if (!title && GONE.test(html)) return { kind: 'gone' };
  if (!title) throw new ParseError('bazos', url, 'no title (h1.nadpisdetail)');
  const listingId = AD_PATH.exec(new URL(url).pathname)?.[1];
  if (!listingId) throw new ParseError('bazos', url, 'no ad id in the URL');

  const crumb = breadcrumb(page);
  const body = cleanText(text(all(page, 'div.popisdetail')));
  // Bazoš has no auction section: an auction is a sale ad whose title says "Dražba".
  const titleAdType = adTypeFromText(title);
  const adType = titleAdType === 'Auction' ? titleAdType : crumb.adType ?? titleAdType;
  const realEstateType = crumb.realEstateType ?? realEstateTypeFromText(title);
  if (!adType || !realEstateType) throw new ParseError('bazos', url, `no sale/rent category in the breadcrumb of "${title}"`);

  const rows = tableRows(page);
  const priceText = cleanText(text(rows.get('Cena')));
  const plot = landAreaOf(`${title} ${body}`);
  const areas = areasFromText(title.replace(LAND_AREA, ''));
  // The title usually names the floor area; private sellers sometimes leave it to the text.
  if (areas.length === 0) areas.push(...areasFromText(body.replace(LAND_AREA, '')));
  const place = rows.get('Lokalita');
  const dispositionLabel = realEstateType === 'Apartment' || realEstateType === 'House' ? dispositionFromText(title) ?? dispositionFromText(body) : null;

  const listing: RawListingInput = {
    portal: 'bazos',
    listingId,
    url,
    title,
    description: body,
    adType: withRoommates(adType, dispositionLabel),
    realEstateType,
    dispositionLabel,
    houseType: realEstateType === 'House' ? houseTypeFromText(`${title} ${body}`) : null,
    landType: realEstateType === 'Land' ? landTypeFromText(title) : null,
    area: realEstateType === 'Land' ? null : areas[0] ?? null,
    landArea: realEstateType === 'Land' ? (plot ?? areas[0] ?? null) : plot,
    price: priceFromText(priceText),
    priceText,
    locality: cleanText(text(place)),
    ...coordinatesOf(attr(first(place, 'a'), 'href')),
    floor: floorFromText(body),
    ownership: ownershipFromText(/vlastnictví\s+([^.,]+)/i.exec(body)?.[1] ?? ''),
    construction: constructionFromText(/stavba\s+([^.,]+)/i.exec(body)?.[1] ?? /(cihlov\S*|panelov\S*|dřevostavb\S*)/i.exec(body)?.[1] ?? ''),
    elevator: /bez\s+výtahu/i.test(body) ? false : /s\s+výtahem|výtah/i.test(body) ? true : null,
    terraceTypes: terraceTypesOf(body),
    images: all(page, 'img.carousel-cell-image')
      .map((img) => attr(img, 'data-flickity-lazyload') ?? attr(img, 'src') ?? '')
      .filter(Boolean),
    contactPerson: cleanText(text(rows.get('Jméno'))) || null,
    publishedAt: czechDateToIso(text(first(page, 'span.velikost10'))),
  };
  return { kind: 'listing', listing };
}

function tableRows(page: Document): Map<string, Element> {
  const rows = new Map<string, Element>();
  for (const tr of all(page, 'div.maincontent table tr')) {
    const cells = children(tr, 'td');
    if (cells.length >= 2) rows.set(cleanText(text(cells[0])).replace(/:$/, ''), cells[1]);
  }
  return rows;
}

function breadcrumb(page: Document): { adType: AdType | null; realEstateType: RealEstateType | null } {
  for (const a of all(page, 'div.drobky a')) {
    const match = /\/(prodam|pronajmu)\/([a-z]+)\/?/.exec(attr(a, 'href') ?? '');
    if (match) return { adType: match[1] === 'prodam' ? 'Sale' : 'Rent', realEstateType: SECTIONS[match[2]] ?? 'Other' };
  }
  return { adType: null, realEstateType: null };
}

const LAND_AREA = /pozem\S*\s*(?:o\s+výměře\s+)?(\d[\d ]*(?:[.,]\d+)?)\s*m(?:²|2)/i;

function landAreaOf(text: string): number | null {
  const match = LAND_AREA.exec(text);
  return match ? Number(match[1].replace(/ /g, '').replace(',', '.')) : null;
}

/** The map link points at the ad's place, often only the town centre; a text query has no coordinates. */
function coordinatesOf(href: string | undefined): { lat: number | null; lon: number | null } {
  const match = /[?&/@=](-?\d{1,2}\.\d+),\s*(-?\d{1,3}\.\d+)/.exec(decodeURIComponent(href ?? ''));
  if (!match) return { lat: null, lon: null };
  return { lat: coordinate(match[1], 90), lon: coordinate(match[2], 180) };
}

function terraceTypesOf(text: string): TerraceType[] {
  const types: TerraceType[] = [];
  if (/(?<!bez\s)balk[oó]n/i.test(text)) types.push('Balcony');
  if (/(?<!bez\s)lodži/i.test(text)) types.push('Loggia');
  if (/(?<!bez\s)teras/i.test(text)) types.push('Terrace');
  return types;
}
