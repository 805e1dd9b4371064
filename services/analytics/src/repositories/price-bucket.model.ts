import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One document per (placeKey, adType, realEstateType, month): the histograms of
 * `domain/price-bucket.ts` as a JSON string (FerretDB converts every nested field it writes or
 * reads; a string costs next to nothing). `version` guards read-modify-write between instances;
 * `writtenBy` is the token of the write that set it (`versioned-writes.ts`: which of a bulk's
 * conditional updates won); `marks` names the batch each source (topic partition) filed last
 * (`bucket-filing.ts`: a batch filed again after a failure finds what it wrote).
 */
export type PriceBucketDoc = { _id: string; placeKey: string; adType: string; realEstateType: string; month: string; cells: string; version: number; writtenBy?: string; marks?: Record<string, string> };

const schema = new Schema<PriceBucketDoc>(
  { _id: String, placeKey: String, adType: String, realEstateType: String, month: String, cells: String, version: Number, writtenBy: String, marks: Schema.Types.Mixed },
  { versionKey: false, collection: 'price_buckets' },
);
// findForPlaces: places (a radius's grid cells), an offer and property type, a range of months.
schema.index({ placeKey: 1, adType: 1, realEstateType: 1, month: 1 });

/**
 * The offers per layout of every bucket of one (placeKey, adType), all months and property types
 * in one small document (`_id` = `<placeKey>|<adType>`): the radius widening and the shares of
 * property types read one of these per key. FerretDB's cost grows with the documents it reads
 * (a few hundred small per-bucket rows took ~30 ms), so the counts are folded per key.
 * `months` is JSON `{ "2026-10": { "Apartment": { "v": 3, "l": { "2+kk": 12 } } } }`, `v` the
 * bucket version the entry came from (writers can finish out of order).
 */
export type BucketCountDoc = { _id: string; placeKey: string; adType: string; months: string; version: number; writtenBy?: string };

const countSchema = new Schema<BucketCountDoc>(
  { _id: String, placeKey: String, adType: String, months: String, version: Number, writtenBy: String },
  { versionKey: false, collection: 'bucket_counts' },
);

export function priceBucketModel(connection: Connection): Model<PriceBucketDoc> {
  return (connection.models.PriceBucket as Model<PriceBucketDoc>) ?? connection.model<PriceBucketDoc>('PriceBucket', schema);
}

export function bucketCountModel(connection: Connection): Model<BucketCountDoc> {
  return (connection.models.BucketCount as Model<BucketCountDoc>) ?? connection.model<BucketCountDoc>('BucketCount', countSchema);
}
