import type { Portal, RawListingInput } from '@rr/proto';
import { ParseError, type ListingRef, type PortalAdapter } from '../../src/adapters/types';

export type FakeListing = { id: string; price: number; promoted?: boolean; broken?: boolean; gone?: boolean };

/**
 * An in-memory portal and its adapter: newest first, `pageSize` per page, promoted items at the
 * head of page 1. Counts the calls so tests can tell what the crawler fetched.
 */
export function fakePortal(portal: Portal = 'sreality', pageSize = 3) {
  let listings: FakeListing[] = [];
  const calls = { list: [] as number[], detail: [] as string[] };
  let brokenListPages = new Set<number>();

  const refOf = (l: FakeListing): ListingRef => ({ listingId: l.id, url: `http://portal.test/${portal}/${l.id}`, fingerprint: `p${l.price}`, promoted: !!l.promoted });

  const adapter: PortalAdapter = {
    portal,
    async listPage(_client, _baseUrl, page) {
      calls.list.push(page);
      if (brokenListPages.has(page)) throw new ParseError(portal, `http://portal.test/${portal}/list?page=${page}`, 'no listing cards found');
      const visible = listings.filter((l) => !l.gone);
      const ordered = [...visible.filter((l) => l.promoted), ...visible.filter((l) => !l.promoted)];
      const refs = ordered.slice(page * pageSize, (page + 1) * pageSize).map(refOf);
      return { refs, hasMore: (page + 1) * pageSize < ordered.length };
    },
    async fetchDetail(_client, _baseUrl, ref) {
      calls.detail.push(ref.listingId);
      const l = listings.find((x) => x.id === ref.listingId);
      if (!l || l.gone) return { kind: 'gone' };
      if (l.broken) throw new ParseError(portal, ref.url, 'price element missing');
      return { kind: 'listing', listing: rawListing(portal, l) };
    },
  };

  return {
    adapter,
    calls,
    /** Newest first: `publish` puts listings at the head. */
    publish: (...items: FakeListing[]) => void (listings = [...items, ...listings]),
    set: (id: string, patch: Partial<FakeListing>) => void (listings = listings.map((l) => (l.id === id ? { ...l, ...patch } : l))),
    breakListPage: (page: number) => void brokenListPages.add(page),
    fixListPages: () => void (brokenListPages = new Set()),
    resetCalls: () => void ((calls.list = []), (calls.detail = [])),
  };
}

export function rawListing(portal: Portal, l: { id: string; price: number }): RawListingInput {
  return {
    portal,
    listingId: l.id,
    url: `http://portal.test/${portal}/${l.id}`,
    title: `Prodej bytu 2+kk ${l.id}`,
    adType: 'Sale',
    realEstateType: 'Apartment',
    dispositionLabel: '2+kk',
    area: 54,
    landArea: null,
    price: l.price,
    priceText: `${l.price.toLocaleString('cs-CZ')} Kč`,
    locality: 'Praha 8 - Troja',
    lat: 50.11,
    lon: 14.42,
  };
}

export const ids = (count: number, from = 1) => Array.from({ length: count }, (_, i) => ({ id: String(from + i), price: 5_000_000 + i }));
