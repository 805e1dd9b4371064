import type { CheerioAPI } from 'cheerio';
import { loadHtml } from '../czech-html/dom';
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
  const $ = loadHtml(html);
  const refs: ListingRef[] = [];
  $('.advert-item').each((_, item) => {
    const card = $(item);
    const href = card.find('a[href*="/detail/"]').first().attr('href');
    const id = href ? listingIdOf(href) : null;
    if (!href || !id) return;
    const price = cleanText(card.find('span').filter((_, s) => PRICE_WORDS.test($(s).text())).first().text());
    const title = cleanText(card.find('h2').first().text());
    refs.push({ listingId: id, url: resolveUrl(href, pageUrl), fingerprint: `${price}|${title}`, promoted: false });
  });
  const total = /z\s+celkem\s+([\d\s]+)\s+nalezen/i.exec(cleanText($('body').text()));
  if (refs.length === 0 && !(total && Number(total[1].replace(/\s/g, '')) === 0)) {
    throw new ParseError('realitymix', pageUrl, 'no advert cards (.advert-item) on the page');
  }
  const hasMore = $('a[rel="next"]').length > 0;
  return { refs, hasMore };
}

export function parseDetail(html: string, url: string): DetailResult {
  const $ = loadHtml(html);
  const title = cleanText($('h1.advert-detail-heading__title').first().text());
  if (!title) throw new ParseError('realitymix', url, 'no title (h1.advert-detail-heading__title)');
  const listingId = listingIdOf(url);
  if (!listingId) throw new ParseError('realitymix', url, 'no offer id in the URL');

  const crumbs = breadcrumb($);
  const items = dataItems($);
  const adType = adTypeFromText(crumbs[1] ?? '') ?? adTypeFromText(title);
  const realEstateType = realEstateTypeFromText(crumbs[0] ?? '') ?? realEstateTypeFromText(title);
  if (!adType || !realEstateType) throw new ParseError('realitymix', url, `unknown offer or property type in "${title}"`);

  const priceText = cleanText($('.advert-detail-heading__price-value').first().text());
  const priceType = cleanText($('.advert-detail-heading__price-type').first().text()).replace(/^\(|\)$/g, '');
  const map = $('#print-map');
  const area = areaFromText(items.get('Užitná plocha') ?? '');
  const landArea = areaFromText(items.get('Plocha parcely') ?? '');
  const dispositionLabel = realEstateType === 'Apartment' || realEstateType === 'House'
    ? dispositionFromText(items.get('Dispozice') ?? '') ?? dispositionFromText(title) : null;

  const listing: RawListingInput = {
    portal: 'realitymix',
    listingId,
    url,
    title,
    description: cleanText($('.advert-description').text()),
    adType: withRoommates(adType, dispositionLabel),
    realEstateType,
    dispositionLabel,
    houseType: realEstateType === 'House' ? houseTypeFromText(title) : null,
    area: realEstateType === 'Land' ? null : area ?? areaFromText(title),
    landArea: realEstateType === 'Land' ? (landArea ?? areaFromText(title)) : landArea,
    price: priceFromText(priceText),
    priceText,
    priceNote: priceType || null,
    locality: cleanText($('.advert-detail-heading__address').first().text()) || cleanText(map.attr('data-address')),
    lat: coordinate(map.attr('data-gps-lat'), 90),
    lon: coordinate(map.attr('data-gps-lon'), 180),
    floor: floorFromText(items.get('Podlaží') ?? ''),
    ownership: ownershipFromText(items.get('Vlastnictví') ?? ''),
    construction: constructionFromText(items.get('Druh objektu') ?? items.get('Stavba') ?? ''),
    elevator: items.has('Výtah') ? yesNo(items.get('Výtah') ?? '') : null,
    terraceTypes: ([['Balkón', 'Balcony'], ['Lodžie', 'Loggia'], ['Terasa', 'Terrace']] as const)
      .filter(([label]) => yesNo(items.get(label) ?? '') === true).map(([, type]): TerraceType => type),
    images: $('.gallery a.gallery__item').toArray().map((a) => $(a).attr('href') ?? '').filter(Boolean).map((href) => resolveUrl(href, url)),
    contactPerson: cleanText($('.advert-detail-broker__name').first().text()) || null,
    privateSeller: /bez provize/i.test(items.get('Provize') ?? '') ? true : null,
  };
  return { kind: 'listing', listing };
}

function dataItems($: CheerioAPI): Map<string, string> {
  const items = new Map<string, string>();
  $('li.detail-information__data-item').each((_, li) => {
    const spans = $(li).children('span');
    if (spans.length >= 2) items.set(cleanText(spans.eq(0).text()).replace(/:$/, ''), cleanText(spans.eq(1).text()));
  });
  return items;
}

function breadcrumb($: CheerioAPI): string[] {
  for (const script of $('script[type="application/ld+json"]').toArray()) {
    try {
      const data = JSON.parse($(script).text()) as { '@type'?: string; itemListElement?: { position: number; name: string }[] };
      if (data['@type'] === 'BreadcrumbList' && data.itemListElement) {
        return [...data.itemListElement].sort((a, b) => a.position - b.position).map((item) => item.name);
      }
    } catch {
      // Another JSON-LD block that does not parse says nothing about the category.
    }
  }
  return [];
}

