import { Schema, type Connection, type Model } from 'mongoose';

/** A page that did not parse: kept for a week (deleted when the listing journal is compacted) so operators can see what changed. */
export type ParseFailureDoc = { portal: string; url: string; reason: string; at: Date };

const schema = new Schema<ParseFailureDoc>(
  { portal: { type: String, required: true }, url: { type: String, required: true }, reason: { type: String, required: true }, at: { type: Date, required: true } },
  { versionKey: false },
);
schema.index({ portal: 1, at: -1 });

export const parseFailureModel = (connection: Connection): Model<ParseFailureDoc> =>
  connection.models.ParseFailure ?? connection.model<ParseFailureDoc>('ParseFailure', schema, 'parse_failures');
