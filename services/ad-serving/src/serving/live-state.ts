import type { Logger } from '@rr/kit';
import type { CampaignRecord, CampaignRepository } from '../repositories/campaign.repository';
import type { CreditAccountRecord, CreditRepository } from '../repositories/credit.repository';
import type { CampaignTotalsRecord, StatsRepository } from '../repositories/stats.repository';
import { HoldBook } from '../domain/hold-book';

export type Repos = { campaigns: CampaignRepository; credit: CreditRepository; stats: StatsRepository };

/**
 * What serving and counting share in memory. The counting loop is the only writer of credit
 * accounts and campaign totals, so once read, the copies here are the truth and the database
 * holds their last saved state. Campaign records are cached by id (bounded by the campaigns
 * that exist, not by traffic).
 */
export class LiveState {
  readonly credits = new Map<string, CreditAccountRecord>();
  readonly totals = new Map<string, CampaignTotalsRecord>();
  readonly holds: HoldBook;
  private readonly campaignCache = new Map<string, { record: CampaignRecord; readAt: number }>();

  constructor(readonly repos: Repos, holdMs: number, private readonly log: Logger) {
    this.holds = new HoldBook(holdMs);
  }

  async creditsOf(ids: string[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.credits.has(id));
    if (missing.length === 0) return;
    const found = new Map((await this.repos.credit.findAccounts(missing)).map((a) => [a._id, a]));
    for (const id of missing) {
      if (!this.credits.has(id)) this.credits.set(id, found.get(id) ?? { _id: id, deposited: 0, charged: 0, balance: 0, updatedAt: new Date(0) });
    }
  }

  async totalsOf(ids: string[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.totals.has(id));
    if (missing.length === 0) return;
    const found = new Map((await this.repos.stats.findTotals(missing)).map((t) => [t._id, t]));
    for (const id of missing) {
      if (!this.totals.has(id)) this.totals.set(id, found.get(id) ?? { _id: id, spent: 0, weeksPaid: [], updatedAt: new Date(0) });
    }
  }

  /** A campaign by id, from the cache when read within `maxAgeMs` (banner and click requests). */
  async campaign(id: string, maxAgeMs = 60_000): Promise<CampaignRecord | null> {
    const cached = this.campaignCache.get(id);
    if (cached && Date.now() - cached.readAt < maxAgeMs) return cached.record;
    const record = await this.repos.campaigns.findById(id).catch((err: Error) => {
      this.log.warn({ err, campaignId: id }, 'campaign not read; using the cached copy');
      return cached?.record ?? null;
    });
    if (record) this.remember(record);
    return record;
  }

  remember(record: CampaignRecord): void {
    this.campaignCache.set(record._id, { record, readAt: Date.now() });
  }
}
