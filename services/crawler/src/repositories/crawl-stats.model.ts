import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Counters of one portal in one clock hour (UTC), incremented after every crawl. The admin page's
 * figures and charts read at most 7 days × 24 hours × 7 portals of these, never the history.
 */
export type CrawlStatsDoc = {
  /** `<portal>:<hour ISO>` */
  _id: string;
  portal: string;
  hour: Date;
  crawls: number;
  failedCrawls: number;
  listingsSeen: number;
  emitted: number;
  withdrawn: number;
  parseFailures: number;
  fetchErrors: number;
};

export const STAT_FIELDS = ['crawls', 'failedCrawls', 'listingsSeen', 'emitted', 'withdrawn', 'parseFailures', 'fetchErrors'] as const;
export type StatField = (typeof STAT_FIELDS)[number];

const schema = new Schema<CrawlStatsDoc>(
  {
    _id: String, portal: String, hour: Date,
    ...Object.fromEntries(STAT_FIELDS.map((f) => [f, { type: Number, default: 0 }])),
  },
  { versionKey: false },
);
// The page reads "every portal since <hour>"; the sweep deletes "before <hour>".
schema.index({ hour: 1 });

export const crawlStatsModel = (connection: Connection): Model<CrawlStatsDoc> =>
  connection.models.CrawlStats ?? connection.model<CrawlStatsDoc>('CrawlStats', schema, 'crawl_stats');
