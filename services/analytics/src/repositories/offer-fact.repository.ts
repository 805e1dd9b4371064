import type { AdType, RealEstateType } from '@rr/proto';
import { bulkWriteInChunks } from '@rr/kit';
import type { Connection, Model } from 'mongoose';
import { placeKeysOf } from '../domain/apply-event';
import type { FactChange } from '../domain/fold-offer-events';
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

  /** The facts of these offers (those it has), in one read from the `{offerId}` index; an offer has a row per place key, all alike. */
  async findByOfferIds(offerIds: readonly string[]): Promise<Map<string, OfferFact>> {
    if (offerIds.length === 0) return new Map();
    const rows = await this.model.find({ offerId: { $in: offerIds } }, PROJECTION).lean<OfferFact[]>();
    return new Map(rows.map((r) => [r.offerId, r]));
  }

  /** Writes each fact under each of its place keys and drops rows of places it no longer lies in, in bulk. */
  async saveAll(changes: readonly FactChange[]): Promise<void> {
    await bulkWriteInChunks(this.model, changes.flatMap(({ before, after }) => {
      const keys = placeKeysOf(after);
      const stale = before ? placeKeysOf(before).filter((k) => !keys.includes(k)) : [];
      return [
        ...keys.map((placeKey) => ({
          replaceOne: { filter: { _id: `${placeKey}|${after.offerId}` }, replacement: { ...after, _id: `${placeKey}|${after.offerId}`, placeKey }, upsert: true },
        })),
        ...stale.map((placeKey) => ({ deleteOne: { filter: { _id: `${placeKey}|${after.offerId}` } } })),
      ];
    }));
  }
}
