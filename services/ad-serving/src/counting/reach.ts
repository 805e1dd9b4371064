import type { AdDecisionRequest } from '@rr/proto';
import type { StatsRepository } from '../repositories/stats.repository';

export type ReachIncrement = { week: string; regionCode: string; adType: string; emails: number };

/** ISO week of a moment (`2026-W48`), the unit of the /inzerce page's live figures. */
export function isoWeek(ms: number): string {
  const d = new Date(ms);
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 4 - (thursday.getUTCDay() || 7));
  const year = thursday.getUTCFullYear();
  const week = Math.ceil(((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Alert e-mails that could carry a banner, per week, region and offer type: the reach the
 * /inzerce page shows advertisers. Counted from the notifier's decision requests (one per
 * e-mail; the e-mail's first offer's region and type), held in memory between rounds.
 */
export class Reach {
  private counts = new Map<string, ReachIncrement>();

  add(offers: AdDecisionRequest['offers'], now: number): void {
    const o = offers[0];
    const week = isoWeek(now);
    const regionCode = o.regionCode ?? 'unknown';
    const key = `${week}|${regionCode}|${o.adType}`;
    const inc = this.counts.get(key) ?? { week, regionCode, adType: o.adType, emails: 0 };
    inc.emails += 1;
    this.counts.set(key, inc);
  }

  /** Puts back what a round took and could not save. */
  restore(inc: ReachIncrement): void {
    const key = `${inc.week}|${inc.regionCode}|${inc.adType}`;
    const have = this.counts.get(key);
    if (have) have.emails += inc.emails;
    else this.counts.set(key, { ...inc });
  }

  take(): ReachIncrement[] {
    const out = [...this.counts.values()];
    this.counts = new Map();
    return out;
  }

  async save(stats: StatsRepository, increments: ReachIncrement[]): Promise<void> {
    if (increments.length > 0) await stats.addReach(increments);
  }
}
