import { createHmac } from 'node:crypto';
import type { AdDecisionRequest, AdDecisionResponse } from '@rr/proto';
import type { Logger } from '@rr/kit';
import { signAdToken } from '../domain/ad-token';
import { FrequencyCap } from '../domain/frequency-cap';
import { LatencyWindow } from '../domain/latency-window';
import { decide, type DecisionState, type ServingCampaign } from '../domain/selection';
import { TargetIndex } from '../domain/targeting';
import type { CampaignRecord } from '../repositories/campaign.repository';
import type { Counter } from '../counting/counter';
import type { LiveState } from './live-state';

export type ServingOptions = { publicUrl: string; tokenSecret: string; tokenMs: number; capPerDay: number };
type Live = ServingCampaign & { record: CampaignRecord };

/**
 * The decision for one alert e-mail, answered from memory: the approved campaigns with both
 * banners, indexed by place, re-read every few seconds and at once after a review.
 */
export class ServingSet {
  private index = new TargetIndex<Live>([]);
  private live = new Map<string, Live>();
  private readonly cap: FrequencyCap;
  private readonly state: DecisionState;
  private readonly base: string;
  private refreshing: Promise<void> | null = null;
  /** How long each decision takes in this process (µs): the health report's p99, the figure bench:ads prints. */
  readonly timings = new LatencyWindow();
  /** Decisions that answered no banner: no campaign targets the e-mail, or none of those may serve now (credit, pacing, cap, period). */
  readonly empty = { noCandidates: 0, noneEligible: 0 };

  constructor(private readonly live$: LiveState, private readonly counter: Counter, private readonly options: ServingOptions, private readonly log: Logger) {
    this.cap = new FrequencyCap(options.capPerDay);
    this.base = options.publicUrl.replace(/\/$/, '');
    this.state = {
      credit: (id) => {
        const c = live$.credits.get(id);
        return c && { balance: c.balance, deposited: c.deposited };
      },
      heldViews: (id) => live$.holds.held(`a:${id}`, Date.now()),
      campaignHeldViews: (id) => live$.holds.held(`c:${id}`, Date.now()),
      cap: this.cap,
      rng: Math.random,
    };
  }

  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  size(): number {
    return this.live.size;
  }

  decide(req: AdDecisionRequest, now = Date.now()): AdDecisionResponse {
    const started = process.hrtime.bigint();
    try {
      return this.choose(req, now);
    } finally {
      this.timings.add(Number(process.hrtime.bigint() - started) / 1_000);
    }
  }

  private choose(req: AdDecisionRequest, now: number): AdDecisionResponse {
    this.counter.reach(req.offers, now);
    const recipientKey = createHmac('sha256', this.options.tokenSecret).update(req.recipient.toLowerCase()).digest('base64url').slice(0, 16);
    const candidates = this.index.candidates(req.offers);
    const chosen = decide(candidates, recipientKey, now, this.state);
    if (!chosen) {
      this.empty[candidates.length === 0 ? 'noCandidates' : 'noneEligible'] += 1;
      return { ad: null };
    }
    const c = chosen.campaign as Live;
    if (chosen.chargeWeek != null) {
      // Optimistic: the counting loop books the week, or takes it back if the credit is gone.
      c.weeksPaid = [...c.weeksPaid, chosen.chargeWeek];
      this.counter.chargeWeek(c.id, c.advertiserId, chosen.chargeWeek);
    }
    this.live$.holds.sent(`c:${c.id}`, now);
    this.live$.holds.sent(`a:${c.advertiserId}`, now);
    const token = signAdToken(this.options.tokenSecret, { campaignId: c.id, emailId: req.emailId, issuedAt: now, expiresAt: now + this.options.tokenMs });
    return {
      ad: {
        campaignId: c.id,
        advertiserId: c.advertiserId,
        imageUrl: `${this.base}/a/i/${token}/d.png`,
        mobileImageUrl: `${this.base}/a/i/${token}/m.png`,
        clickUrl: `${this.base}/a/c/${token}`,
        alt: c.record.alt,
      },
    };
  }

  /** The counting loop moved a campaign's spend or weeks: the decision sees it at once. */
  touch(campaignId: string): void {
    const c = this.live.get(campaignId);
    const t = this.live$.totals.get(campaignId);
    if (c && t) {
      c.spent = t.spent;
      c.weeksPaid = t.weeksPaid;
    }
  }

  private async load(): Promise<void> {
    const records = (await this.live$.repos.campaigns.allByStatusEndingAfter('approved', new Date()))
      .filter((r) => r.banners?.desktop && r.banners?.mobile);
    await Promise.all([this.live$.creditsOf(records.map((r) => r.advertiserId)), this.live$.totalsOf(records.map((r) => r._id))]);
    const live = new Map<string, Live>();
    for (const r of records) {
      this.live$.remember(r);
      const t = this.live$.totals.get(r._id)!;
      live.set(r._id, {
        id: r._id, advertiserId: r.advertiserId, pricing: r.pricing, budget: r.budget, startsAt: r.startsAt.getTime(), endsAt: r.endsAt.getTime(),
        targeting: r.targeting, spent: t.spent, weeksPaid: t.weeksPaid, record: r,
      });
    }
    this.live = live;
    this.index = new TargetIndex(live.values());
    this.log.debug({ campaigns: live.size }, 'serving set read');
  }
}
