import { Schema, type Connection, type Model } from 'mongoose';
import { PRAGUE_TIME_ZONE } from '@rr/proto';

export type DailyMetric = 'alerts' | 'bounces';
type DailyStat = { _id: string; n: number };

const schema = new Schema<DailyStat>({ _id: String, n: { type: Number, default: 0 } }, { versionKey: false });

/** `2026-11-25` in Prague, the day the overview counts in. */
export const pragueDay = (at: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: PRAGUE_TIME_ZONE }).format(at);

/**
 * Counters per metric and day (`alerts:2026-11-25`), bumped by the event handlers, so the
 * overview reads seven documents by `_id` instead of counting a ledger another service owns.
 */
export class DailyStatsRepository {
  private readonly model: Model<DailyStat>;

  constructor(db: Connection) {
    this.model = (db.models.DailyStat as Model<DailyStat>) ?? db.model<DailyStat>('DailyStat', schema, 'daily_stats');
  }

  async bump(metric: DailyMetric, at: Date, by = 1): Promise<void> {
    await this.model.updateOne({ _id: `${metric}:${pragueDay(at)}` }, { $inc: { n: by } }, { upsert: true });
  }

  /** Today and the last seven days (today included). */
  async recent(metric: DailyMetric, now = new Date()): Promise<{ today: number; week: number }> {
    const days = Array.from({ length: 7 }, (_, i) => `${metric}:${pragueDay(new Date(now.getTime() - i * 86_400_000))}`);
    const rows = await this.model.find({ _id: { $in: days } }).lean<DailyStat[]>().exec();
    const byId = new Map(rows.map((r) => [r._id, r.n]));
    return { today: byId.get(days[0]) ?? 0, week: days.reduce((sum, d) => sum + (byId.get(d) ?? 0), 0) };
  }
}
