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
  /** Newest found first. */
  list(filter: OfferFilter, page: { offset: number; limit: number }): Promise<{ items: Offer[]; total: number }>;
  /** Active offers of the same kind in the same municipality, else the same district. */
  similar(offer: Offer, limit: number): Promise<Offer[]>;
};
