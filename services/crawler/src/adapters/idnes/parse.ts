import type { CheerioAPI } from 'cheerio';
import { loadHtml } from '../czech-html/dom';
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
  const $ = loadHtml(html);
  const refs: ListingRef[] = [];
  $('div.c-products__item').each((_, item) => {
    const card = $(item);
    if ((card.attr('class') ?? '').includes('advertisment')) return;
    const href = card.find('a.c-products__link').attr('href');
    const id = href ? listingIdOf(href) : null;
    if (!href || !id) return;
    const title = cleanText(card.find('h2.c-products__title').text());
    const price = cleanText(card.find('p.c-products__price strong').first().text());
    refs.push({ listingId: id, url: resolveUrl(href, pageUrl), fingerprint: `${price}|${title}`, promoted: false });
  });
  if (refs.length === 0 && !isEmptyResult($)) {
    throw new ParseError('idnes', pageUrl, 'no listing cards (div.c-products__item) on the page');
  }
  const hasMore = $('a.paging__item').filter((_, a) => ($(a).attr('class') ?? '').includes('next')).length > 0;
  return { refs, hasMore };
}

/** An honest "nothing found" keeps the results list and says so; a changed layout has neither. */
function isEmptyResult($: CheerioAPI): boolean {
  return $('div.c-products__list').length > 0 &&
    (/\b0\s+nemovitost/.test(cleanText($('.b-filter__count').text())) || $('.c-products__empty').length > 0);
}

const GONE = /Nabídka již není aktivní|evidujeme nabídku jako neaktivní/i;

export function parseDetail(html: string, url: string): DetailResult {
  if (!DETAIL_PATH.test(url) || GONE.test(html)) return { kind: 'gone' };
  const $ = loadHtml(html);
  const title = cleanText($('h1.b-detail__title span').first().text());
  if (!title) throw new ParseError('idnes', url, 'no title (h1.b-detail__title span)');
  const listingId = listingIdOf(url);
  if (!listingId) throw new ParseError('idnes', url, 'no listing id in the URL');
  const facts = dataLayerOf($);
  const params = parameterTable($);
  const path = DETAIL_PATH.exec(url);

  const adType = adTypeFromText(String(facts.listing_variant ?? '')) ?? adTypeFromText(title) ?? adTypeFromText(path?.[1] ?? '');
  const realEstateType = KIND_OF_SEGMENT[path?.[2] ?? ''] ?? realEstateTypeFromText(String(facts.listing_category ?? title));
  if (!adType || !realEstateType) throw new ParseError('idnes', url, `unknown offer or property type in "${title}"`);

  const priceElement = $('p.b-detail__price strong').first().clone();
  priceElement.find('del').remove();
  const priceText = cleanText(priceElement.text()) || cleanText(params.get('Cena')?.text());
  const area = numberOr(facts.listing_area) ?? areaFromText(cleanText((params.get('Užitná plocha') ?? params.get('Podlahová plocha'))?.text()));
  const landArea = numberOr(facts.listing_landArea) ?? areaFromText(cleanText(params.get('Plocha pozemku')?.text()));
  const listedPrice = numberOr(facts.listing_price);
  const category = String(facts.listing_category ?? '');
  const dispositionLabel = realEstateType === 'Apartment' || realEstateType === 'House' ? dispositionFromText(title) : null;

  const listing: RawListingInput = {
    portal: 'idnes',
    listingId,
    url,
    title,
    description: cleanText($('div.b-desc').text()),
    adType: withRoommates(adType, dispositionLabel),
    realEstateType,
    dispositionLabel,
    houseType: realEstateType === 'House' ? houseTypeFromText(category) : null,
    landType: realEstateType === 'Land' ? landTypeFromText(category) : null,
    area: realEstateType === 'Land' ? null : area,
    landArea: realEstateType === 'Land' ? (landArea ?? area) : landArea,
    price: listedPrice !== null && listedPrice > 1 ? listedPrice : priceFromText(priceText),
    priceText,
    locality: cleanText($('p.b-detail__info').first().text()),
    ...coordinatesOf($, facts),
    floor: floorFromText(cleanText(params.get('Podlaží')?.text())),
    ownership: ownershipFromText(cleanText(params.get('Vlastnictví')?.text())),
    construction: constructionFromText(cleanText(params.get('Konstrukce budovy')?.text())),
    elevator: flag($, params.get('Výtah')),
    terraceTypes: terraceTypesOf($, params),
    images: imagesOf($),
    contactPerson: cleanText($('.b-author__name').first().text()) || null,
  };
  return { kind: 'listing', listing };
}

type Facts = Record<string, unknown>;
type Cell = ReturnType<CheerioAPI>;

function dataLayerOf($: CheerioAPI): Facts {
  for (const script of $('script').toArray()) {
    const match = /dataLayer\.push\((\{[\s\S]*?\})\);/.exec($(script).text());
    if (!match) continue;
    try {
      return JSON.parse(match[1]) as Facts;
    } catch {
      return {};
    }
  }
  return {};
}

function parameterTable($: CheerioAPI): Map<string, Cell> {
  const table = new Map<string, Cell>();
  $('div.b-definition-columns dl dt').each((_, dt) => {
    table.set(cleanText($(dt).text()).replace(/:$/, ''), $(dt).next('dd'));
  });
  return table;
}

function numberOr(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

function coordinatesOf($: CheerioAPI, facts: Facts): { lat: number | null; lon: number | null } {
  const lat = coordinate(facts.listing_lat as string | undefined, 90);
  const lon = coordinate(facts.listing_lon as string | undefined, 180);
  if (lat !== null && lon !== null) return { lat, lon };
  try {
    const geo = JSON.parse($('[data-maptiler-json]').attr('data-maptiler-json') ?? 'null') as
      { features?: { geometry?: { coordinates?: [number, number] } }[] } | null;
    const point = geo?.features?.[0]?.geometry?.coordinates;
    if (point) return { lat: coordinate(String(point[1]), 90), lon: coordinate(String(point[0]), 180) };
  } catch {
    // A broken map config only costs the coordinates.
  }
  return { lat: null, lon: null };
}

/** Amenities show an icon (`icon--check` / `icon--cross`), a word, or an area meaning "yes". */
function flag($: CheerioAPI, cell: Cell | undefined): boolean | null {
  if (!cell || cell.length === 0) return null;
  if (cell.find('.icon--check').length) return true;
  if (cell.find('.icon--cross').length) return false;
  const text = cleanText(cell.text());
  return yesNo(text) ?? (areaFromText(text) !== null ? true : null);
}

function terraceTypesOf($: CheerioAPI, params: Map<string, Cell>): TerraceType[] {
  const types: TerraceType[] = [];
  for (const [label, type] of [['Balkon', 'Balcony'], ['Lodžie', 'Loggia'], ['Terasa', 'Terrace']] as const) {
    if (flag($, params.get(label))) types.push(type);
  }
  return types;
}

function imagesOf($: CheerioAPI): string[] {
  return $('a[data-fancybox="images"]').toArray()
    .map((a) => ($(a).attr('href') ?? '').replace(/([?&])gt=[^&]*&?/, '$1').replace(/[?&]$/, ''))
    .filter((href) => href && !/\.mp4(\?|$)|matterport/i.test(href));
}
