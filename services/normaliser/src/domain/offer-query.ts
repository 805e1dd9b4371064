import type { Offer } from '@rr/proto';

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
   * Active offers of one indexed place and type, newest found first, that `accepts`: at most
   * `scanLimit` rows are read per call, so a page may hold fewer than `limit`; `last` is the last
   * row read (the next page starts after it), null when the place has no more rows.
   */
  search(place: IndexedPlace, filter: Pick<OfferFilter, 'adType' | 'realEstateType'>, accepts: (o: Offer) => boolean, page: { limit: number; scanLimit: number; after?: PageCursor }): Promise<{ items: Offer[]; last: PageCursor | null }>;
  /** Offers written by journal batches after `after` up to `upToSeq`, in `(seq, id)` order. */
  changedSince(after: ChangeCursor, upToSeq: number, limit: number): Promise<Array<{ offer: Offer; cursor: ChangeCursor }>>;
};

export type IndexedPlace = { field: 'regionCode' | 'districtCode' | 'municipalityCode'; code: string };

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
  const [ms, id] = text.split('~');
  return { foundAt: Number(ms), id };
}
