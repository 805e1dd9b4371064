import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One document per (placeKey, adType, realEstateType, month): the histograms of
 * `domain/price-bucket.ts` as a JSON string (FerretDB converts every nested field it writes or
 * reads; a string costs next to nothing). `version` guards read-modify-write between instances.
 */
export type PriceBucketDoc = { _id: string; placeKey: string; adType: string; realEstateType: string; month: string; cells: string; version: number };

const schema = new Schema<PriceBucketDoc>(
  { _id: String, placeKey: String, adType: String, realEstateType: String, month: String, cells: String, version: Number },
  { versionKey: false, collection: 'price_buckets' },
);
// findForReport: a place and an offer type over a range of months (every property type, for the shares).
schema.index({ placeKey: 1, adType: 1, month: 1 });

export function priceBucketModel(connection: Connection): Model<PriceBucketDoc> {
  return (connection.models.PriceBucket as Model<PriceBucketDoc>) ?? connection.model<PriceBucketDoc>('PriceBucket', schema);
}
