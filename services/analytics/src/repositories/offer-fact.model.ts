import { Schema, type Connection, type Model } from 'mongoose';
import type { OfferFact } from '../domain/offer-fact';

/**
 * One row per offer and place level it lies in (`placeKey`: `m:`, `d:`, `r:`, `p:` + code), so a
 * report for any place is one equality + range read on top-level fields, the shape FerretDB
 * answers from its SQLite indexes. `_id` = `<placeKey>|<offerId>`.
 */
export type OfferFactRow = OfferFact & { _id: string; placeKey: string };

const schema = new Schema<OfferFactRow>(
  {
    _id: String, placeKey: String, offerId: String, adType: String, realEstateType: String, dispositionLabel: String,
    area: Number, price: Number, lat: Number, lon: Number, regionCode: String, districtCode: String,
    municipalityCode: String, pragueDistrictCode: String, publishedAt: Number, publishedMonth: String, withdrawnAt: Number, seenAt: Number,
  },
  { versionKey: false, collection: 'offer_facts' },
);
// findInPlace: a place, an offer and property type, a window of publication dates.
schema.index({ placeKey: 1, adType: 1, realEstateType: 1, publishedAt: 1 });
// findByOfferIds: the facts of a batch's offers, before their events are applied (and findByOfferId, an estimate's).
schema.index({ offerId: 1 });

export function offerFactModel(connection: Connection): Model<OfferFactRow> {
  return (connection.models.OfferFact as Model<OfferFactRow>) ?? connection.model<OfferFactRow>('OfferFact', schema);
}
