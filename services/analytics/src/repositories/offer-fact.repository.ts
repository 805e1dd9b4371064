import type { AdType, RealEstateType } from '@rr/proto';
import type { Connection, Model } from 'mongoose';
import { placeKeysOf } from '../domain/apply-event';
import type { OfferFact } from '../domain/offer-fact';
import { offerFactModel, type OfferFactRow } from './offer-fact.model';

export type PlaceWindow = { placeKey: string; adType: AdType; realEstateType: RealEstateType; from: number; to: number };

const PROJECTION = { _id: 0, placeKey: 0 } as const;

export class OfferFactRepository {
  private readonly model: Model<OfferFactRow>;

  constructor(connection: Connection) {
    this.model = offerFactModel(connection);
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  async findByOfferId(offerId: string): Promise<OfferFact | null> {
    const row = await this.model.findOne({ offerId }, PROJECTION).lean<OfferFact>();
    return row ?? null;
  }

  /** Offers of a place published in [from, to), oldest first. */
  async findInPlace(w: PlaceWindow): Promise<OfferFact[]> {
    return this.model
      .find({ placeKey: w.placeKey, adType: w.adType, realEstateType: w.realEstateType, publishedAt: { $gte: w.from, $lt: w.to } }, PROJECTION)
      .sort({ placeKey: 1, adType: 1, realEstateType: 1, publishedAt: 1 })
      .lean<OfferFact[]>();
  }

  /** Writes the fact under each of its place keys and drops rows of places it no longer lies in. */
  async save(fact: OfferFact, before: OfferFact | null): Promise<void> {
    const keys = placeKeysOf(fact);
    const stale = before ? placeKeysOf(before).filter((k) => !keys.includes(k)) : [];
    await this.model.bulkWrite([
      ...keys.map((placeKey) => ({
        replaceOne: { filter: { _id: `${placeKey}|${fact.offerId}` }, replacement: { ...fact, _id: `${placeKey}|${fact.offerId}`, placeKey }, upsert: true },
      })),
      ...stale.map((placeKey) => ({ deleteOne: { filter: { _id: `${placeKey}|${fact.offerId}` } } })),
    ], { ordered: false });
  }
}
