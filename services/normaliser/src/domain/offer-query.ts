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
};

/** Where a page ended: the last offer's `foundAt` (ms) and id, written `<ms>~<id>`. */
export type PageCursor = { foundAt: number; id: string };

export const cursorOf = (o: Pick<Offer, 'foundAt' | 'id'>): string => `${Date.parse(o.foundAt)}~${o.id}`;

export function parseCursor(text: string): PageCursor {
  const [ms, id] = text.split('~');
  return { foundAt: Number(ms), id };
}
