import type { Connection, Model } from 'mongoose';
import type { Portal } from '@rr/proto';
import { crawlStatsModel, type CrawlStatsDoc, type StatField } from './crawl-stats.model';

const HOUR = 3_600_000;
/** Hours of counters kept: the page shows 7 days; a little more lets a week be compared whole. */
export const STATS_KEPT_HOURS = 8 * 24;

export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR);

export type HourlyStats = Omit<CrawlStatsDoc, '_id'>;

/** Hourly counters per portal: one upsert per crawl, a range read for the admin page. */
export class CrawlStatsRepository {
  private readonly model: Model<CrawlStatsDoc>;
  private lastSweep = 0;

  constructor(connection: Connection) {
    this.model = crawlStatsModel(connection);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async add(portal: Portal, at: Date, counts: Partial<Record<StatField, number>>): Promise<void> {
    const hour = hourOf(at);
    await this.model.updateOne(
      { _id: `${portal}:${hour.toISOString()}` },
      { $inc: counts, $setOnInsert: { portal, hour } },
      { upsert: true },
    );
    await this.sweepIfDue(at);
  }

  /** Every portal's hours from `from` on, oldest first (≤ 7 portals × the hours asked). */
  since(from: Date): Promise<HourlyStats[]> {
    return this.model.find({ hour: { $gte: hourOf(from) } }, { _id: 0 }).sort({ hour: 1 }).lean<HourlyStats[]>().exec();
  }

  /** FerretDB has no TTL indexes: old hours go once an hour, from the index. */
  private async sweepIfDue(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < HOUR) return;
    this.lastSweep = now.getTime();
    await this.model.deleteMany({ hour: { $lt: new Date(hourOf(now).getTime() - STATS_KEPT_HOURS * HOUR) } });
  }
}
