import { Schema, type Connection, type Model } from 'mongoose';

export type AlertKind = 'zero-results' | 'parse-failures' | 'failing';

/** One raised alert of a portal, from raise to clear: the admin page's alert history. */
export type CrawlAlertDoc = {
  _id: string;
  portal: string;
  kind: AlertKind;
  reason: string;
  raisedAt: Date;
  clearedAt: Date | null;
};

const schema = new Schema<CrawlAlertDoc>(
  { _id: String, portal: String, kind: String, reason: String, raisedAt: Date, clearedAt: { type: Date, default: null } },
  { versionKey: false },
);
schema.index({ portal: 1, raisedAt: -1 });

export const crawlAlertModel = (connection: Connection): Model<CrawlAlertDoc> =>
  connection.models.CrawlAlert ?? connection.model<CrawlAlertDoc>('CrawlAlert', schema, 'crawl_alerts');
