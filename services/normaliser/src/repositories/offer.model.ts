import { Schema, type Connection, type Model } from 'mongoose';
import type { Offer } from '@rr/proto';

/**
 * An offer as stored: the proto `Offer` as is, plus top-level copies of what reads filter on
 * (FerretDB indexes plain fields best).
 */
export type OfferDoc = Omit<Offer, 'id'> & {
  _id: string;
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
