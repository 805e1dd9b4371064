import { Schema, type Connection, type Model } from 'mongoose';
import type { AdType, RealEstateType } from '@rr/proto';

/**
 * An offer as stored: what reads filter and sort on as plain fields, the whole proto `Offer` as
 * one JSON string. FerretDB (SQLite) converts every nested field of every document it scans or
 * writes; a flat document with one string costs a fraction (measured: bench:ingest writes 5×
 * faster), and no query looks inside an offer's sources or photos.
 */
export type OfferDoc = {
  _id: string;
  payload: string;
  active: boolean;
  foundAt: string;
  adType: AdType;
  realEstateType: RealEstateType;
  price: number | null;
  municipalityCode: string | null;
  districtCode: string | null;
  regionCode: string | null;
  updatedAt: string;
};

const schema = new Schema<OfferDoc>({ _id: String }, { strict: false, versionKey: false, collection: 'offers' });
schema.index({ active: 1, foundAt: -1 });
schema.index({ municipalityCode: 1, realEstateType: 1, adType: 1, active: 1 });
schema.index({ districtCode: 1, realEstateType: 1, adType: 1, active: 1 });
schema.index({ regionCode: 1, active: 1 });

export function offerModel(connection: Connection): Model<OfferDoc> {
  return (connection.models.Offer as Model<OfferDoc>) ?? connection.model<OfferDoc>('Offer', schema);
}
