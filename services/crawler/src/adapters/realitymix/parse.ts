import type { Document } from 'domhandler';
import { all, attr, children, first, parseHtml, text } from '../czech-html/dom';
import type { RawListingInput, TerraceType } from '@rr/proto';
import { ParseError, type DetailResult, type ListPage, type ListingRef } from '../types';
import { resolveUrl } from '../czech-html/http';
import {
  adTypeFromText, areaFromText, cleanText, constructionFromText, coordinate, dispositionFromText, floorFromText, houseTypeFromText,
  ownershipFromText, priceFromText, realEstateTypeFromText, withRoommates, yesNo,
} from '../czech-html/text';

/**
 * RealityMix pages (portals.md §8). Cards (`.advert-item`) are styled with Tailwind classes that
 * change between deploys, so a card is read by structure: the detail link, `h2`, `p.text-body-light`
 * and whichever span holds "Kč" (or a price-on-request phrase). Details keep BEM classes, label/value
 * pairs and a JSON-LD breadcrumb (kind → offer type → region → district → municipality).
 */

const DETAIL = /\/detail\/[^/]+\/[^/]*-([A-Za-z0-9]+)\.html(?:[?#].*)?$/;
const PRICE_WORDS = /Kč|na vyžádání|Rezervováno|info v RK/i;

export function listingIdOf(url: string): string | null {
  return DETAIL.exec(url)?.[1] ?? null;
}

export function parseListPage(html: string, pageUrl: string): ListPage {
  const page = parseHtml(html);
  const refs: ListingRef[] = [];
  for (const card of all(page, '.advert-item')) {
    const href = attr(first(card, 'a[href*="/detail/"]'), 'href');
    const id = href ? listingIdOf(href) : null;
    if (!href || !id) continue;
    const price = cleanText(text(all(card, 'span').find((span) => PRICE_WORDS.test(text(span)))));
    const title = cleanText(text(first(card, 'h2')));
    refs.push({ listingId: id, url: resolveUrl(href, pageUrl), fingerprint: `${price}|${title}`, promoted: false });
  }
  const total = /z\s+celkem\s+([\d\s]+)\s+nalezen/i.exec(cleanText(text(all(page, 'body'))));
  if (refs.length === 0 && !(total && Number(total[1].replace(/\s/g, '')) === 0)) {
    throw new ParseError('realitymix', pageUrl, 'no advert cards (.advert-item) on the page');
  }
  const hasMore = first(page, 'a[rel="next"]') !== null;
  return { refs, hasMore };
}

export function parseDetail(html: string, url: string): DetailResult {
  const page = parseHtml(html);
  const title = cleanText(text(first(page, 'h1.advert-detail-heading__title')));
  if (!title) throw new ParseError('realitymix', url, 'no title (h1.advert-detail-heading__title)');
  const listingId = listingIdOf(url);
  if (!listingId) throw new ParseError('realitymix', url, 'no offer id in the URL');

  const crumbs = breadcrumb(page);
  const items = dataItems(page);
  const adType = adTypeFromText(crumbs[1] ?? '') ?? adTypeFromText(title);
  const realEstateType = realEstateTypeFromText(crumbs[0] ?? '') ?? realEstateTypeFromText(title);
  if (!adType || !realEstateType) throw new ParseError('realitymix', url, `unknown offer or property type in "${title}"`);

  const priceText = cleanText(text(first(page, '.advert-detail-heading__price-value')));
  const priceType = cleanText(text(first(page, '.advert-detail-heading__price-type'))).replace(/^\(|\)$/g, '');
  const map = first(page, '#print-map');
  const area = areaFromText(items.get('Užitná plocha') ?? '');
  const landArea = areaFromText(items.get('Plocha parcely') ?? '');
  const dispositionLabel = realEstateType === 'Apartment' || realEstateType === 'House'
    ? dispositionFromText(items.get('Dispozice') ?? '') ?? dispositionFromText(title) : null;

  const listing: RawListingInput = {
    portal: 'realitymix',
    listingId,
    url,
    title,
    description: cleanText(text(all(page, '.advert-description'))),
    adType: withRoommates(adType, dispositionLabel),
    realEstateType,
    dispositionLabel,
    houseType: realEstateType === 'House' ? houseTypeFromText(title) : null,
    area: realEstateType === 'Land' ? null : area ?? areaFromText(title),
    landArea: realEstateType === 'Land' ? (landArea ?? areaFromText(title)) : landArea,
    price: priceFromText(priceText),
    priceText,
    priceNote: priceType || null,
    locality: cleanText(text(first(page, '.advert-detail-heading__address'))) || cleanText(attr(map, 'data-address')),
    lat: coordinate(attr(map, 'data-gps-lat'), 90),
    lon: coordinate(attr(map, 'data-gps-lon'), 180),
    floor: floorFromText(items.get('Podlaží') ?? ''),
    ownership: ownershipFromText(items.get('Vlastnictví') ?? ''),
    construction: constructionFromText(items.get('Druh objektu') ?? items.get('Stavba') ?? ''),
    elevator: items.has('Výtah') ? yesNo(items.get('Výtah') ?? '') : null,
    terraceTypes: ([['Balkón', 'Balcony'], ['Lodžie', 'Loggia'], ['Terasa', 'Terrace']] as const)
      .filter(([label]) => yesNo(items.get(label) ?? '') === true).map(([, type]): TerraceType => type),
    images: all(page, '.gallery a.gallery__item').map((a) => attr(a, 'href') ?? '').filter(Boolean).map((href) => resolveUrl(href, url)),
    contactPerson: cleanText(text(first(page, '.advert-detail-broker__name'))) || null,
    privateSeller: sellerOfCommission(items.get('Provize')),
  };
  return { kind: 'listing', listing };
}

/**
 * RealityMix states the commission ("Provize"): "Bez provize" is how owners advertise, a commission
 * ("Součástí ceny", a sum) means an agency. Not fully reliable: an agency that waives the buyer's
 * commission reads as private (docs/decisions.md, "Seller"). No row: unknown.
 */
function sellerOfCommission(commission: string | undefined): boolean | null {
  const stated = cleanText(commission ?? '');
  if (!stated) return null;
  return /bez provize/i.test(stated);
}

function dataItems(page: Document): Map<string, string> {
  const items = new Map<string, string>();
  for (const li of all(page, 'li.detail-information__data-item')) {
    const spans = children(li, 'span');
    if (spans.length >= 2) items.set(cleanText(text(spans[0])).replace(/:$/, ''), cleanText(text(spans[1])));
  }
  return items;
}

function breadcrumb(page: Document): string[] {
  for (const script of all(page, 'script[type="application/ld+json"]')) {
    try {
      const data = JSON.parse(text(script)) as { '@type'?: string; itemListElement?: { position: number; name: string }[] };
      if (data['@type'] === 'BreadcrumbList' && data.itemListElement) {
        return [...data.itemListElement].sort((a, b) => a.position - b.position).map((item) => item.name);
      }
    } catch {
      // Another JSON-LD block that does not parse says nothing about the category.
    }
  }
  return [];
}

