import type { Connection, Model } from 'mongoose';
import type { Offer } from '@rr/proto';
import { offerModel, type OfferDoc } from './offer.model';

export type OfferFilter = {
  adType?: Offer['adType'];
  realEstateType?: Offer['realEstateType'];
  municipalityCode?: string;
  districtCode?: string;
  regionCode?: string;
  active?: boolean;
};

/** Offers in and out of the database; nothing outside this file sees a document. */
export class OfferRepository {
  private readonly model: Model<OfferDoc>;

  constructor(connection: Connection) {
    this.model = offerModel(connection);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async findById(id: string): Promise<Offer | null> {
    const doc = await this.model.findById(id).lean<OfferDoc>();
    return doc ? toOffer(doc) : null;
  }

  async findByIds(ids: string[]): Promise<Offer[]> {
    if (ids.length === 0) return [];
    const docs = await this.model.find({ _id: { $in: ids } }).lean<OfferDoc[]>();
    return docs.map(toOffer);
  }

  /** Every stored offer, a page at a time (loading the dedupe index at start). */
  async *all(pageSize = 1000): AsyncGenerator<Offer[]> {
    let after = '';
    for (;;) {
      const docs = await this.model.find({ _id: { $gt: after } }).sort({ _id: 1 }).limit(pageSize).lean<OfferDoc[]>();
      if (docs.length === 0) return;
      yield docs.map(toOffer);
      after = docs[docs.length - 1]._id;
    }
  }

  /** Newest found first. */
  async list(filter: OfferFilter, page: { offset: number; limit: number }): Promise<{ items: Offer[]; total: number }> {
    const query = toQuery(filter);
    const [docs, total] = await Promise.all([
      this.model.find(query).sort({ foundAt: -1, _id: 1 }).skip(page.offset).limit(page.limit).lean<OfferDoc[]>(),
      this.model.countDocuments(query),
    ]);
    return { items: docs.map(toOffer), total };
  }

  /** Active offers of the same kind in the same place (municipality, else the district). */
  async similar(offer: Offer, limit: number): Promise<Offer[]> {
    const base = { adType: offer.adType, realEstateType: offer.realEstateType, active: true };
    const out: Offer[] = [];
    const places: Array<Record<string, string>> = [];
    if (offer.location.municipalityCode) places.push({ municipalityCode: offer.location.municipalityCode });
    if (offer.location.districtCode) places.push({ districtCode: offer.location.districtCode });
    for (const place of places) {
      const docs = await this.model.find({ ...toQuery(base), ...place, _id: { $ne: offer.id } }).sort({ foundAt: -1 }).limit(200).lean<OfferDoc[]>();
      for (const d of docs) if (!out.some((o) => o.id === d._id)) out.push(toOffer(d));
      if (out.length >= limit * 3) break;
    }
    return out;
  }
}

function toQuery(f: OfferFilter): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  for (const key of ['adType', 'realEstateType', 'municipalityCode', 'districtCode', 'regionCode', 'active'] as const) {
    if (f[key] !== undefined) q[key] = f[key];
  }
  return q;
}

export function toOfferDoc(o: Offer, now: string): OfferDoc {
  return {
    _id: o.id,
    payload: JSON.stringify(o),
    active: o.active,
    foundAt: o.foundAt,
    adType: o.adType,
    realEstateType: o.realEstateType,
    price: o.price,
    municipalityCode: o.location.municipalityCode,
    districtCode: o.location.districtCode,
    regionCode: o.location.regionCode,
    updatedAt: now,
  };
}

/** The proto Offer back from its stored form (never a database document). */
export function toOffer(doc: OfferDoc): Offer {
  return JSON.parse(doc.payload) as Offer;
}
