import type { Document, Element } from 'domhandler';
import { all, attr, first, next, parseHtml, text, textWithout } from '../czech-html/dom';
import type { RawListingInput, RealEstateType, TerraceType } from '@rr/proto';
import { ParseError, type DetailResult, type ListPage, type ListingRef } from '../types';
import { resolveUrl } from '../czech-html/http';
import {
  adTypeFromText, areaFromText, cleanText, constructionFromText, coordinate, dispositionFromText, floorFromText, houseTypeFromText,
  landTypeFromText, ownershipFromText, priceFromText, realEstateTypeFromText, withRoommates, yesNo,
} from '../czech-html/text';

/**
 * iDNES Reality pages (portals.md §4): list cards `div.c-products__item` (adverts mixed in are
 * skipped), details with `h1.b-detail__title`, a `dt`/`dd` parameter table and a `dataLayer.push`
 * of clean values, which win over the printed text where both exist.
 */

const DETAIL_PATH = /\/detail\/(prodej|pronajem)\/([a-z-]+)\/[^/]+\/([0-9a-f]{24}|[^/?#]+)\/?/i;

const KIND_OF_SEGMENT: Record<string, RealEstateType> = {
  byt: 'Apartment', dum: 'House', pozemek: 'Land', 'komercni-nemovitost': 'Commercial', 'maly-objekt-nebo-garaz': 'Other',
};

export function listingIdOf(url: string): string | null {
  return DETAIL_PATH.exec(url)?.[3] ?? null;
}

export function parseListPage(html: string, pageUrl: string): ListPage {
  const page = parseHtml(html);
  const refs: ListingRef[] = [];
  for (const card of all(page, 'div.c-products__item')) {
    if ((attr(card, 'class') ?? '').includes('advertisment')) continue;
    const href = attr(first(card, 'a.c-products__link'), 'href');
    const id = href ? listingIdOf(href) : null;
    if (!href || !id) continue;
    const title = cleanText(text(all(card, 'h2.c-products__title')));
    const price = cleanText(text(first(card, 'p.c-products__price strong')));
    refs.push({ listingId: id, url: resolveUrl(href, pageUrl), fingerprint: `${price}|${title}`, promoted: false });
  }
  if (refs.length === 0 && !isEmptyResult(page)) {
    throw new ParseError('idnes', pageUrl, 'no listing cards (div.c-products__item) on the page');
  }
  const hasMore = all(page, 'a.paging__item').some((a) => (attr(a, 'class') ?? '').includes('next'));
  return { refs, hasMore };
}

/** An honest "nothing found" keeps the results list and says so; a changed layout has neither. */
function isEmptyResult(page: Document): boolean {
  return first(page, 'div.c-products__list') !== null &&
    (/\b0\s+nemovitost/.test(cleanText(text(all(page, '.b-filter__count')))) || first(page, '.c-products__empty') !== null);
}

const GONE = /Nabídka již není aktivní|evidujeme nabídku jako neaktivní/i;

export function parseDetail(html: string, url: string): DetailResult {
  if (!DETAIL_PATH.test(url) || GONE.test(html)) return { kind: 'gone' };
  const page = parseHtml(html);
  const title = cleanText(text(first(page, 'h1.b-detail__title span')));
  if (!title) throw new ParseError('idnes', url, 'no title (h1.b-detail__title span)');
  const listingId = listingIdOf(url);
  if (!listingId) throw new ParseError('idnes', url, 'no listing id in the URL');
  const facts = dataLayerOf(page);
  const params = parameterTable(page);
  const path = DETAIL_PATH.exec(url);

  const adType = adTypeFromText(String(facts.listing_variant ?? '')) ?? adTypeFromText(title) ?? adTypeFromText(path?.[1] ?? '');
  const realEstateType = KIND_OF_SEGMENT[path?.[2] ?? ''] ?? realEstateTypeFromText(String(facts.listing_category ?? title));
  if (!adType || !realEstateType) throw new ParseError('idnes', url, `unknown offer or property type in "${title}"`);

  // A discounted price prints the old one struck out (<del>) beside the new one.
  const priceText = cleanText(textWithout(first(page, 'p.b-detail__price strong'), 'del')) || cleanText(text(params.get('Cena')));
  const area = numberOr(facts.listing_area) ?? areaFromText(cleanText(text(params.get('Užitná plocha') ?? params.get('Podlahová plocha'))));
  const landArea = numberOr(facts.listing_landArea) ?? areaFromText(cleanText(text(params.get('Plocha pozemku'))));
  const listedPrice = numberOr(facts.listing_price);
  const category = String(facts.listing_category ?? '');
  const dispositionLabel = realEstateType === 'Apartment' || realEstateType === 'House' ? dispositionFromText(title) : null;

  const listing: RawListingInput = {
    portal: 'idnes',
    listingId,
    url,
    title,
    description: cleanText(text(all(page, 'div.b-desc'))),
    adType: withRoommates(adType, dispositionLabel),
    realEstateType,
    dispositionLabel,
    houseType: realEstateType === 'House' ? houseTypeFromText(category) : null,
    landType: realEstateType === 'Land' ? landTypeFromText(category) : null,
    area: realEstateType === 'Land' ? null : area,
    landArea: realEstateType === 'Land' ? (landArea ?? area) : landArea,
    price: listedPrice !== null && listedPrice > 1 ? listedPrice : priceFromText(priceText),
    priceText,
    locality: cleanText(text(first(page, 'p.b-detail__info'))),
    ...coordinatesOf(page, facts),
    floor: floorFromText(cleanText(text(params.get('Podlaží')))),
    ownership: ownershipFromText(cleanText(text(params.get('Vlastnictví')))),
    construction: constructionFromText(cleanText(text(params.get('Konstrukce budovy')))),
    elevator: flag(params.get('Výtah')),
    terraceTypes: terraceTypesOf(params),
    images: imagesOf(page),
    contactPerson: cleanText(text(first(page, '.b-author__name'))) || null,
    privateSeller: sellerOfBrand(facts.listing_brand),
  };
  return { kind: 'listing', listing };
}

type Facts = Record<string, unknown>;

/**
 * iDNES names the agency of an advert in the dataLayer's `listing_brand` (and the list's
 * `data-brand`); a private advert leaves it empty. Missing altogether (another page layout): unknown.
 */
function sellerOfBrand(brand: unknown): boolean | null {
  if (typeof brand !== 'string') return null;
  return cleanText(brand) === '';
}
/** A parameter's value cell (`dd`); null when its `dt` is not followed by one. */
type Cell = Element | null;

function dataLayerOf(page: Document): Facts {
  for (const script of all(page, 'script')) {
    const match = /dataLayer\.push\((\{[\s\S]*?\})\);/.exec(text(script));
    if (!match) continue;
    try {
      return JSON.parse(match[1]) as Facts;
    } catch {
      return {};
    }
  }
  return {};
}

function parameterTable(page: Document): Map<string, Cell> {
  const table = new Map<string, Cell>();
  for (const dt of all(page, 'div.b-definition-columns dl dt')) {
    table.set(cleanText(text(dt)).replace(/:$/, ''), next(dt, 'dd'));
  }
  return table;
}

function numberOr(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

function coordinatesOf(page: Document, facts: Facts): { lat: number | null; lon: number | null } {
  const lat = coordinate(facts.listing_lat as string | undefined, 90);
  const lon = coordinate(facts.listing_lon as string | undefined, 180);
  if (lat !== null && lon !== null) return { lat, lon };
  try {
    const geo = JSON.parse(attr(first(page, '[data-maptiler-json]'), 'data-maptiler-json') ?? 'null') as
      { features?: { geometry?: { coordinates?: [number, number] } }[] } | null;
    const point = geo?.features?.[0]?.geometry?.coordinates;
    if (point) return { lat: coordinate(String(point[1]), 90), lon: coordinate(String(point[0]), 180) };
  } catch {
    // A broken map config only costs the coordinates.
  }
  return { lat: null, lon: null };
}

/** Amenities show an icon (`icon--check` / `icon--cross`), a word, or an area meaning "yes". */
function flag(cell: Cell | undefined): boolean | null {
  if (!cell) return null;
  if (first(cell, '.icon--check')) return true;
  if (first(cell, '.icon--cross')) return false;
  const value = cleanText(text(cell));
  return yesNo(value) ?? (areaFromText(value) !== null ? true : null);
}

function terraceTypesOf(params: Map<string, Cell>): TerraceType[] {
  const types: TerraceType[] = [];
  for (const [label, type] of [['Balkon', 'Balcony'], ['Lodžie', 'Loggia'], ['Terasa', 'Terrace']] as const) {
    if (flag(params.get(label))) types.push(type);
  }
  return types;
}

function imagesOf(page: Document): string[] {
  return all(page, 'a[data-fancybox="images"]')
    .map((a) => (attr(a, 'href') ?? '').replace(/([?&])gt=[^&]*&?/, '$1').replace(/[?&]$/, ''))
    .filter((href) => href && !/\.mp4(\?|$)|matterport/i.test(href));
}
