import type { Offer } from '@rr/proto';
import type { IndexedPlaces } from './search-plan';

export type OfferFilter = {
  adType?: Offer['adType'];
  realEstateType?: Offer['realEstateType'];
  municipalityCode?: string;
  districtCode?: string;
  regionCode?: string;
  active?: boolean;
};

/** What the read API needs; the offer store answers it from indexed queries. */
export type OfferReader = {
  findById(id: string): Promise<Offer | null>;
  /** Newest found first; `after` (an earlier page's last offer) continues past it by keyset. */
  list(filter: OfferFilter, page: { offset: number; limit: number; after?: PageCursor }): Promise<{ items: Offer[]; total: number }>;
  /** Active offers of the same kind in the same municipality, else the same district. */
  similar(offer: Offer, limit: number): Promise<Offer[]>;
  /**
   * Active offers of the indexed places and a type, newest found first, that `accepts`: at most
   * `scanLimit` rows are read per call, so a page may hold fewer than `limit` (`walkSearch`);
   * `next` is where the next page starts, null when no row is left.
   */
  search(places: IndexedPlaces, filter: Required<Pick<OfferFilter, 'adType' | 'realEstateType'>>, accepts: (o: Offer) => boolean, page: { limit: number; scanLimit: number; after?: PageCursor }): Promise<{ items: Offer[]; next: PageCursor | null }>;
  /** Offers written by journal batches after `after` up to `upToSeq`, in `(seq, id)` order. */
  changedSince(after: ChangeCursor, upToSeq: number, limit: number): Promise<Array<{ offer: Offer; cursor: ChangeCursor }>>;
};


/** Where a sync stopped: the journal sequence and offer id of the last change read, written `<seq>~<id>`. */
export type ChangeCursor = { seq: number; id: string };

export const changeCursorText = (c: ChangeCursor): string => `${c.seq}~${c.id}`;

export function parseChangeCursor(text: string | undefined): ChangeCursor {
  if (!text) return { seq: -1, id: '' };
  const at = text.indexOf('~');
  return { seq: Number(text.slice(0, at)), id: text.slice(at + 1) };
}

export const pageCursorText = (c: PageCursor): string => `${c.foundAt}~${c.id}`;

/** Where a page ended: the last offer's `foundAt` (ms) and id, written `<ms>~<id>`. */
export type PageCursor = { foundAt: number; id: string };

export const cursorOf = (o: Pick<Offer, 'foundAt' | 'id'>): string => `${Date.parse(o.foundAt)}~${o.id}`;

export function parseCursor(text: string): PageCursor {
  const at = text.indexOf('~');
  return { foundAt: Number(text.slice(0, at)), id: text.slice(at + 1) };
}

/** Where listing offers stops counting: past it the answer says "more than" (`totalCapped`), as search engines do. */
export const TOTAL_COUNT_LIMIT = 10_000;
