import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The normaliser's state as the journal's projection: one document per offer, per listing and per
 * dedupe lookup key. Bodies are JSON strings (FerretDB converts every nested field it stores or
 * reads; a string costs next to nothing); what queries filter and sort on sits at the top level,
 * with the index that answers it declared here.
 */
export type OfferDoc = {
  _id: string;
  body: string;
  active: boolean;
  adType: string;
  realEstateType: string;
  regionCode: string | null;
  districtCode: string | null;
  municipalityCode: string | null;
  foundAt: Date;
  /**
   * The journal batch that last wrote the offer: the public API's sync cursor (`history/list`)
   * walks `{ seq, _id }` up to the projected mark. Null in documents from before it (set to 0 at start).
   */
  seq: number | null;
};

export type ListingDoc = { _id: string; body: string };

/** `_id` is `<key>|<offerId>`; `facts` what the hard gates compare of the offer, as JSON. */
export type DedupeKeyDoc = { _id: string; key: string; offerId: string; facts: string };

const offerSchema = new Schema<OfferDoc>(
  {
    _id: String, body: String, active: Boolean, adType: String, realEstateType: String,
    regionCode: String, districtCode: String, municipalityCode: String, foundAt: Date, seq: Number,
  },
  { versionKey: false, collection: 'offers' },
);
// Newest first within a place and state; types are checked on the rows walked. `active` is in the
// key because most of a place's offers are withdrawn ones, and because the embedded database
// counts a place's listed offers (the list's total) from the index only when both are in it: a
// region's count read every document's JSON for `active` (1.5 s at national size, 5 ms now).
offerSchema.index({ regionCode: 1, active: 1, foundAt: -1, _id: -1 });
offerSchema.index({ districtCode: 1, active: 1, foundAt: -1, _id: -1 });
offerSchema.index({ municipalityCode: 1, active: 1, foundAt: -1, _id: -1 });
// Nationwide lists and their totals by state (most offers are withdrawn ones). There is no
// `{ foundAt, _id }`: a list of both states merges two ranges, and every index costs each write
// (bench:ingest, docs/decisions.md "Offer lists count up to 10,000").
offerSchema.index({ active: 1, foundAt: -1, _id: -1 });
// Offers changed since a sync cursor, in the order they were journaled.
offerSchema.index({ seq: 1, _id: 1 });

const listingSchema = new Schema<ListingDoc>({ _id: String, body: String }, { versionKey: false, collection: 'listings' });

const dedupeKeySchema = new Schema<DedupeKeyDoc>({ _id: String, key: String, offerId: String, facts: String }, { versionKey: false, collection: 'dedupe_keys' });
dedupeKeySchema.index({ key: 1 });
dedupeKeySchema.index({ offerId: 1 });

export const offerModel = (c: Connection): Model<OfferDoc> => (c.models.Offer as Model<OfferDoc>) ?? c.model<OfferDoc>('Offer', offerSchema);
export const listingModel = (c: Connection): Model<ListingDoc> => (c.models.Listing as Model<ListingDoc>) ?? c.model<ListingDoc>('Listing', listingSchema);
export const dedupeKeyModel = (c: Connection): Model<DedupeKeyDoc> =>
  (c.models.DedupeKey as Model<DedupeKeyDoc>) ?? c.model<DedupeKeyDoc>('DedupeKey', dedupeKeySchema);
