import type { CheerioAPI } from 'cheerio';
import { loadHtml } from '../czech-html/dom';
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
  const $ = loadHtml(html);
  const refs: ListingRef[] = [];
  $('div.inzeraty').each((_, item) => {
    const card = $(item);
    const link = card.find('h2.nadpis a').first();
    const href = link.attr('href');
    const id = href ? AD_PATH.exec(href.split('?')[0])?.[1] : undefined;
    if (!href || !id) return;
    const price = cleanText(card.find('div.inzeratycena').text());
    const title = cleanText(link.text());
    refs.push({
      listingId: id,
      url: resolveUrl(href, pageUrl),
      fingerprint: `${price}|${title}`,
      promoted: card.find('.ztop').length > 0 || /\bTOP\b/.test(cleanText(card.find('span.velikost10').text())),
    });
  });
  const counter = cleanText($('div.inzeratynadpis').first().text());
  if (refs.length === 0 && !/Zobrazeno\s+0\s+inzerát/i.test(counter)) {
    throw new ParseError('bazos', pageUrl, 'no ad cards (div.inzeraty) on the page');
  }
  const hasMore = $('div.strankovani a').filter((_, a) => /^Další/i.test(cleanText($(a).text()))).length > 0;
  return { refs, hasMore };
}

const GONE = /Inzerát byl smazán|Inzerát neexistuje/i;

export function parseDetail(html: string, url: string): DetailResult {
  const $ = loadHtml(html);
  const title = cleanText($('h1.nadpisdetail').first().text());
  if (!title && GONE.test(html)) return { kind: 'gone' };
  if (!title) throw new ParseError('bazos', url, 'no title (h1.nadpisdetail)');
  const listingId = AD_PATH.exec(new URL(url).pathname)?.[1];
  if (!listingId) throw new ParseError('bazos', url, 'no ad id in the URL');

  const crumb = breadcrumb($);
  const text = cleanText($('div.popisdetail').text());
  // Bazoš has no auction section: an auction is a sale ad whose title says "Dražba".
  const titleAdType = adTypeFromText(title);
  const adType = titleAdType === 'Auction' ? titleAdType : crumb.adType ?? titleAdType;
  const realEstateType = crumb.realEstateType ?? realEstateTypeFromText(title);
  if (!adType || !realEstateType) throw new ParseError('bazos', url, `no sale/rent category in the breadcrumb of "${title}"`);

  const rows = tableRows($);
  const priceText = cleanText(rows.get('Cena')?.text());
  const plot = landAreaOf(`${title} ${text}`);
  const areas = areasFromText(title.replace(LAND_AREA, ''));
  // The title usually names the floor area; private sellers sometimes leave it to the text.
  if (areas.length === 0) areas.push(...areasFromText(text.replace(LAND_AREA, '')));
  const place = rows.get('Lokalita');
  const dispositionLabel = realEstateType === 'Apartment' || realEstateType === 'House' ? dispositionFromText(title) ?? dispositionFromText(text) : null;

  const listing: RawListingInput = {
    portal: 'bazos',
    listingId,
    url,
    title,
    description: text,
    adType: withRoommates(adType, dispositionLabel),
    realEstateType,
    dispositionLabel,
    houseType: realEstateType === 'House' ? houseTypeFromText(`${title} ${text}`) : null,
    landType: realEstateType === 'Land' ? landTypeFromText(title) : null,
    area: realEstateType === 'Land' ? null : areas[0] ?? null,
    landArea: realEstateType === 'Land' ? (plot ?? areas[0] ?? null) : plot,
    price: priceFromText(priceText),
    priceText,
    locality: cleanText(place?.text()),
    ...coordinatesOf(place?.find('a').attr('href')),
    floor: floorFromText(text),
    ownership: ownershipFromText(/vlastnictví\s+([^.,]+)/i.exec(text)?.[1] ?? ''),
    construction: constructionFromText(/stavba\s+([^.,]+)/i.exec(text)?.[1] ?? /(cihlov\S*|panelov\S*|dřevostavb\S*)/i.exec(text)?.[1] ?? ''),
    elevator: /bez\s+výtahu/i.test(text) ? false : /s\s+výtahem|výtah/i.test(text) ? true : null,
    terraceTypes: terraceTypesOf(text),
    images: $('img.carousel-cell-image').toArray()
      .map((img) => $(img).attr('data-flickity-lazyload') ?? $(img).attr('src') ?? '')
      .filter(Boolean),
    contactPerson: cleanText(rows.get('Jméno')?.text()) || null,
    publishedAt: czechDateToIso($('span.velikost10').first().text()),
  };
  return { kind: 'listing', listing };
}

type Cell = ReturnType<CheerioAPI>;

function tableRows($: CheerioAPI): Map<string, Cell> {
  const rows = new Map<string, Cell>();
  $('div.maincontent table tr').each((_, tr) => {
    const cells = $(tr).children('td');
    if (cells.length >= 2) rows.set(cleanText(cells.first().text()).replace(/:$/, ''), cells.eq(1));
  });
  return rows;
}

function breadcrumb($: CheerioAPI): { adType: AdType | null; realEstateType: RealEstateType | null } {
  for (const a of $('div.drobky a').toArray()) {
    const match = /\/(prodam|pronajmu)\/([a-z]+)\/?/.exec($(a).attr('href') ?? '');
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
