import type { Connection, Model } from 'mongoose';
import type { Portal } from '@rr/proto';
import { crawlAlertModel, type AlertKind, type CrawlAlertDoc } from './crawl-alert.model';

/** Alerts kept per portal: raised rarely (once per outage), so a short history is enough. */
const KEPT_PER_PORTAL = 50;

export class CrawlAlertRepository {
  private readonly model: Model<CrawlAlertDoc>;

  constructor(connection: Connection) {
    this.model = crawlAlertModel(connection);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /** `_id` = portal and raise time: the instance that raised it writes it once. */
  async raised(portal: Portal, kind: AlertKind, reason: string, at: Date): Promise<void> {
    await this.model.updateOne(
      { _id: `${portal}:${at.toISOString()}` },
      { $setOnInsert: { portal, kind, reason, raisedAt: at, clearedAt: null } },
      { upsert: true },
    );
    const old = await this.model.find({ portal }, { _id: 1 }).sort({ raisedAt: -1 }).skip(KEPT_PER_PORTAL).limit(100).lean();
    if (old.length) await this.model.deleteMany({ _id: { $in: old.map((d) => d._id) } });
  }

  /** Clears the portal's newest alert (the one open), found through the index. */
  async cleared(portal: Portal, at: Date): Promise<void> {
    const [open] = await this.model.find({ portal }).sort({ raisedAt: -1 }).limit(1).lean();
    if (open && !open.clearedAt) await this.model.updateOne({ _id: open._id }, { $set: { clearedAt: at } });
  }

  recent(portal: Portal, limit = 10): Promise<CrawlAlertDoc[]> {
    return this.model.find({ portal }).sort({ raisedAt: -1 }).limit(limit).lean<CrawlAlertDoc[]>().exec();
  }
}
