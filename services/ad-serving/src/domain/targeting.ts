import type { AdType, RealEstateType } from '@rr/proto';

/** Whom a campaign is shown to: empty lists mean "any". Regions are NUTS 3 codes, districts LAU 1. */
export type Targeting = { regions: string[]; districts: string[]; adTypes: AdType[]; realEstateTypes: RealEstateType[] };

/** What an alert e-mail is about: its offers' places and kinds (contextual, no profile of the person). */
export type OfferContext = { regionCode: string | null; districtCode: string | null; adType: AdType; realEstateType: RealEstateType };

export function matchesOffer(t: Targeting, o: OfferContext): boolean {
  const placed = (t.regions.length === 0 && t.districts.length === 0)
    || (o.regionCode != null && t.regions.includes(o.regionCode))
    || (o.districtCode != null && t.districts.includes(o.districtCode));
  return placed
    && (t.adTypes.length === 0 || t.adTypes.includes(o.adType))
    && (t.realEstateTypes.length === 0 || t.realEstateTypes.includes(o.realEstateType));
}

/**
 * The running campaigns by place, so a decision looks only at the campaigns of the e-mail's
 * regions and districts plus the nationwide ones, not at every campaign.
 */
export class TargetIndex<C extends { id: string; targeting: Targeting }> {
  private readonly nationwide: C[] = [];
  private readonly byPlace = new Map<string, C[]>();

  constructor(campaigns: Iterable<C>) {
    for (const c of campaigns) {
      const places = [...c.targeting.regions.map((r) => `r:${r}`), ...c.targeting.districts.map((d) => `d:${d}`)];
      if (places.length === 0) this.nationwide.push(c);
      for (const p of places) this.byPlace.set(p, [...(this.byPlace.get(p) ?? []), c]);
    }
  }

  /** Campaigns whose targeting any of the e-mail's offers matches, each once. */
  candidates(offers: OfferContext[]): C[] {
    const out = new Map<string, C>();
    for (const o of offers) {
      const pools = [this.nationwide, o.regionCode ? this.byPlace.get(`r:${o.regionCode}`) : undefined, o.districtCode ? this.byPlace.get(`d:${o.districtCode}`) : undefined];
      for (const pool of pools) {
        if (!pool) continue;
        for (const c of pool) if (!out.has(c.id) && matchesOffer(c.targeting, o)) out.set(c.id, c);
      }
    }
    return [...out.values()];
  }
}
