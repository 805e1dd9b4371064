import { Schema, type Connection, type Model } from 'mongoose';
import { bulkWriteInChunks } from '@rr/kit';

/** A campaign's counters of one Prague day: the advertiser report. */
export type DailyRecord = {
  _id: string;
  /** The last counting round added in (each round adds once: a repeated round after a crash adds nothing twice). */
  round?: string;
  campaignId: string;
  advertiserId: string;
  day: string;
  /** Alert e-mails sent with the banner. */
  sent: number;
  /** First fetches of a banner per e-mail (gross). */
  fetched: number;
  /** Net views: fetches by people, the figure the price applies to. */
  views: number;
  clicks: number;
  spend: number;
  /** Net views past the credit or the budget, not charged. */
  free: number;
};

/** The spend and the weeks paid of a campaign, written only by the counting loop. */
export type CampaignTotalsRecord = { _id: string; spent: number; weeksPaid: number[]; updatedAt: Date };

/**
 * One e-mail's banner (`<campaignId>|<emailId>`): whether it was fetched and seen. An opaque
 * token record, no address; kept only as long as billing needs it (`ADS_TOKEN_DAYS`), swept by `at`.
 */
export type ImpressionRecord = {
  _id: string; campaignId: string; day: string; net: boolean;
  /** The counting round that counted it last (its view, or its first fetch while it is filtered), and the one of its first fetch. */
  round: string; fetchedRound?: string;
  /** The Prague day of its view (a filtered fetch seen by a person later may be another day). */
  viewDay?: string | null;
  settled: boolean; at: Date;
};
/** One e-mail sent with a campaign's banner (`<campaignId>|<emailId>`), from the notifier's alert.sent: "sent" counts each once. */
export type SendRecord = { _id: string; campaignId: string; round: string; day: string; settled: boolean; at: Date };
/** One e-mail's counted click (`<campaignId>|<emailId>`), tagged with its round like an impression. */
export type ClickRecord = { _id: string; campaignId: string; round?: string; day?: string; settled?: boolean; at: Date };

const dailySchema = new Schema<DailyRecord>({
  _id: String, round: String, campaignId: String, advertiserId: String, day: String,
  sent: { type: Number, default: 0 }, fetched: { type: Number, default: 0 }, views: { type: Number, default: 0 },
  clicks: { type: Number, default: 0 }, spend: { type: Number, default: 0 }, free: { type: Number, default: 0 },
}, { versionKey: false });
// The report: one campaign's days, or all an advertiser's campaigns' days.
dailySchema.index({ campaignId: 1, day: 1 });
dailySchema.index({ advertiserId: 1, day: 1 });

const totalsSchema = new Schema<CampaignTotalsRecord>({ _id: String, spent: Number, weeksPaid: [Number], updatedAt: Date }, { versionKey: false });
const impressionSchema = new Schema<ImpressionRecord>({
  _id: String, campaignId: String, day: String, net: Boolean, round: String, fetchedRound: String, viewDay: String, settled: Boolean, at: Date,
}, { versionKey: false });
// Recovery reads the rounds a crash left unsettled; the sweep deletes old records by time.
impressionSchema.index({ settled: 1 });
impressionSchema.index({ at: 1 });
const clickSchema = new Schema<ClickRecord>({ _id: String, campaignId: String, round: String, day: String, settled: Boolean, at: Date }, { versionKey: false });
clickSchema.index({ at: 1 });
// Recovery reads the clicks of a round a crash left unsettled.
clickSchema.index({ settled: 1 });
const sendSchema = new Schema<SendRecord>({ _id: String, campaignId: String, round: String, day: String, settled: Boolean, at: Date }, { versionKey: false });
sendSchema.index({ at: 1 });
sendSchema.index({ settled: 1 });

/** Alert e-mails that could carry a banner, per ISO week, region and offer type (the /inzerce figures). */
export type ReachRecord = { _id: string; week: string; regionCode: string; adType: string; emails: number };
const reachSchema = new Schema<ReachRecord>({ _id: String, week: String, regionCode: String, adType: String, emails: Number }, { versionKey: false });
reachSchema.index({ week: 1 });

const COUNTS = ['sent', 'fetched', 'views', 'clicks', 'spend', 'free'] as const;
export type DailyIncrement = { campaignId: string; advertiserId: string; day: string } & Partial<Record<'sent' | 'fetched' | 'views' | 'clicks' | 'spend' | 'free', number>>;

export class StatsRepository {
  readonly daily: Model<DailyRecord>;
  readonly totals: Model<CampaignTotalsRecord>;
  readonly impressions: Model<ImpressionRecord>;
  readonly clicks: Model<ClickRecord>;
  readonly sends: Model<SendRecord>;
  readonly reach: Model<ReachRecord>;

  constructor(db: Connection) {
    this.daily = (db.models.AdDaily as Model<DailyRecord>) ?? db.model<DailyRecord>('AdDaily', dailySchema, 'daily_stats');
    this.totals = (db.models.AdTotals as Model<CampaignTotalsRecord>) ?? db.model<CampaignTotalsRecord>('AdTotals', totalsSchema, 'campaign_totals');
    this.impressions = (db.models.AdImpression as Model<ImpressionRecord>) ?? db.model<ImpressionRecord>('AdImpression', impressionSchema, 'impressions');
    this.reach = (db.models.AdReach as Model<ReachRecord>) ?? db.model<ReachRecord>('AdReach', reachSchema, 'reach_weekly');
    this.clicks = (db.models.AdClick as Model<ClickRecord>) ?? db.model<ClickRecord>('AdClick', clickSchema, 'clicks');
    this.sends = (db.models.AdSend as Model<SendRecord>) ?? db.model<SendRecord>('AdSend', sendSchema, 'sends');
  }

  async init(): Promise<void> {
    await Promise.all([this.daily.syncIndexes(), this.totals.syncIndexes(), this.impressions.syncIndexes(), this.clicks.syncIndexes(), this.sends.syncIndexes(), this.reach.syncIndexes()]);
  }

  /**
   * Adds one counting round's increments to the day counters, once: a counter that already holds
   * this round is left alone, so a round finished again after a crash (`Counter.recover`) adds
   * only what it had not added. Written only by the counting loop, one round at a time, so the
   * last round is all a counter needs to remember. Missing counters are made first (an upsert
   * cannot be guarded by the round without colliding with the counter it failed to match).
   */
  async addDaily(increments: DailyIncrement[], round: string): Promise<void> {
    if (increments.length === 0) return;
    await bulkWriteInChunks(this.daily, increments.map(({ campaignId, advertiserId, day }) => ({
      updateOne: { filter: { _id: `${campaignId}|${day}` }, update: { $setOnInsert: { campaignId, advertiserId, day } }, upsert: true },
    })));
    await bulkWriteInChunks(this.daily, increments.map((inc) => {
      const counts = Object.fromEntries(COUNTS.flatMap((k) => (inc[k] ? [[k, inc[k]]] : [])));
      return { updateOne: { filter: { _id: `${inc.campaignId}|${inc.day}`, round: { $ne: round } }, update: { $inc: counts, $set: { round } } } };
    }));
  }

  async addReach(increments: Array<Omit<ReachRecord, '_id'>>): Promise<void> {
    await bulkWriteInChunks(this.reach, increments.map(({ week, regionCode, adType, emails }) => ({
      updateOne: { filter: { _id: `${week}|${regionCode}|${adType}` }, update: { $inc: { emails }, $setOnInsert: { week, regionCode, adType } }, upsert: true },
    })));
  }

  reachOfWeek(week: string): Promise<ReachRecord[]> {
    return this.reach.find({ week }).limit(1_000).lean<ReachRecord[]>().exec();
  }

  dailyOfCampaign(campaignId: string, from: string, to: string): Promise<DailyRecord[]> {
    return this.daily.find({ campaignId, day: { $gte: from, $lte: to } }).sort({ day: 1 }).limit(400).lean<DailyRecord[]>().exec();
  }

  dailyOfAdvertiser(advertiserId: string, from: string, to: string): Promise<DailyRecord[]> {
    return this.daily.find({ advertiserId, day: { $gte: from, $lte: to } }).sort({ day: 1 }).limit(20_000).lean<DailyRecord[]>().exec();
  }

  findTotals(ids: string[]): Promise<CampaignTotalsRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.totals.find({ _id: { $in: ids } }).lean<CampaignTotalsRecord[]>().exec();
  }

  async saveTotals(records: CampaignTotalsRecord[]): Promise<void> {
    await bulkWriteInChunks(this.totals, records.map((r) => ({ replaceOne: { filter: { _id: r._id }, replacement: r, upsert: true } })));
  }

  findImpressions(ids: string[]): Promise<ImpressionRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.impressions.find({ _id: { $in: ids } }).lean<ImpressionRecord[]>().exec();
  }

  async insertImpressions(records: ImpressionRecord[]): Promise<void> {
    for (let i = 0; i < records.length; i += 500) await this.impressions.insertMany(records.slice(i, i + 500), { ordered: false });
  }

  async markImpressions(ids: string[], fields: Partial<ImpressionRecord>): Promise<void> {
    await bulkWriteInChunks(this.impressions, ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: fields } } })));
  }

  unsettledImpressions(limit = 10_000): Promise<ImpressionRecord[]> {
    return this.impressions.find({ settled: false }).limit(limit).lean<ImpressionRecord[]>().exec();
  }

  findClicks(ids: string[]): Promise<ClickRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.clicks.find({ _id: { $in: ids } }).lean<ClickRecord[]>().exec();
  }

  async insertClicks(records: ClickRecord[]): Promise<void> {
    if (records.length > 0) await this.clicks.insertMany(records, { ordered: false });
  }

  async markClicks(ids: string[], fields: Partial<ClickRecord>): Promise<void> {
    await bulkWriteInChunks(this.clicks, ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: fields } } })));
  }

  findSends(ids: string[]): Promise<SendRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.sends.find({ _id: { $in: ids } }).select({ _id: 1 }).lean<SendRecord[]>().exec();
  }

  async insertSends(records: SendRecord[]): Promise<void> {
    for (let i = 0; i < records.length; i += 500) await this.sends.insertMany(records.slice(i, i + 500), { ordered: false });
  }

  async markSends(ids: string[], fields: Partial<SendRecord>): Promise<void> {
    await bulkWriteInChunks(this.sends, ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: fields } } })));
  }

  unsettledSends(limit = 10_000): Promise<SendRecord[]> {
    return this.sends.find({ settled: false }).limit(limit).lean<SendRecord[]>().exec();
  }

  unsettledClicks(limit = 10_000): Promise<ClickRecord[]> {
    return this.clicks.find({ settled: false }).limit(limit).lean<ClickRecord[]>().exec();
  }

  /** Token records older than billing needs: deleted in bounded batches by the `at` index. */
  async sweepBefore(before: Date, batch = 1_000): Promise<number> {
    let deleted = 0;
    for (const model of [this.impressions, this.clicks, this.sends] as unknown as Array<Model<{ _id: string; at: Date }>>) {
      const old = await model.find({ at: { $lt: before } }).sort({ at: 1 }).limit(batch).select({ _id: 1 }).lean<Array<{ _id: string }>>().exec();
      if (old.length > 0) deleted += (await model.deleteMany({ _id: { $in: old.map((o) => o._id) } })).deletedCount ?? 0;
    }
    return deleted;
  }
}
