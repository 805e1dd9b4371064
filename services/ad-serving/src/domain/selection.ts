import type { FrequencyCap } from './frequency-cap';
import { serveProbability } from './pacing';
import { WEEKLY_PRICE, pricePerView, weekIndex } from './pricing';
import type { Targeting } from './targeting';

export type PricingModel = 'per-view' | 'weekly';

/** An approved, unpaused campaign as the decision needs it (held in memory, refreshed from the database). */
export type ServingCampaign = {
  id: string;
  advertiserId: string;
  pricing: PricingModel;
  /** Haléře; null = until the credit runs out (pay per view only). */
  budget: number | null;
  startsAt: number;
  endsAt: number;
  targeting: Targeting;
  /** Charged to this campaign so far. */
  spent: number;
  /** Weekly campaigns: the weeks already charged (0 = the first). */
  weeksPaid: number[];
};

export type AdvertiserCredit = { balance: number; deposited: number };

export type DecisionState = {
  credit: (advertiserId: string) => AdvertiserCredit | undefined;
  /** Banners of the advertiser sent recently and not yet counted: credit they may still use. */
  heldViews: (advertiserId: string) => number;
  campaignHeldViews: (campaignId: string) => number;
  cap: FrequencyCap;
  rng: () => number;
};

export type Decision = { campaign: ServingCampaign; pricePerView: number; chargeWeek: number | null };

/** Whether the campaign may be shown now, and with which probability (pacing). */
export function eligibility(c: ServingCampaign, now: number, s: DecisionState): { p: number; price: number; chargeWeek: number | null } | null {
  if (now < c.startsAt || now >= c.endsAt) return null;
  const credit = s.credit(c.advertiserId);
  if (!credit) return null;
  const price = pricePerView(credit.deposited);
  if (c.pricing === 'weekly') {
    const week = weekIndex(c.startsAt, now);
    if (c.weeksPaid.includes(week)) return { p: 1, price, chargeWeek: null };
    return credit.balance >= WEEKLY_PRICE ? { p: 1, price, chargeWeek: week } : null;
  }
  // Per view: the credit must cover the banners already out and one more.
  if (credit.balance - s.heldViews(c.advertiserId) * price < price) return null;
  if (c.budget == null) return { p: 1, price, chargeWeek: null };
  const committed = c.spent + s.campaignHeldViews(c.id) * price;
  const p = serveProbability({ budget: c.budget, startsAt: c.startsAt, endsAt: c.endsAt, now, committed, pricePerView: price });
  return p > 0 ? { p, price, chargeWeek: null } : null;
}

/**
 * One banner for one e-mail, or none: among the candidates (already matched by targeting) those
 * running, with credit, within the recipient's frequency cap and passing the pacing throttle;
 * one of them at random, so campaigns of one place share its e-mails.
 */
export function decide(candidates: ServingCampaign[], recipientKey: string, now: number, s: DecisionState): Decision | null {
  const passing: Decision[] = [];
  for (const c of candidates) {
    if (!s.cap.allows(recipientKey, c.id, now)) continue;
    const e = eligibility(c, now, s);
    if (!e || (e.p < 1 && s.rng() >= e.p)) continue;
    passing.push({ campaign: c, pricePerView: e.price, chargeWeek: e.chargeWeek });
  }
  if (passing.length === 0) return null;
  const chosen = passing[Math.min(passing.length - 1, Math.floor(s.rng() * passing.length))];
  s.cap.record(recipientKey, chosen.campaign.id, now);
  return chosen;
}
