/**
 * Even pacing of a budget over the campaign's period: by time t the campaign may have committed
 * the budget's share of the elapsed period plus a little slack. Near the line the serve
 * probability falls smoothly to zero (a probabilistic throttle rather than an on/off switch, so
 * a small campaign does not oscillate), and it rises again as time passes.
 */
export type PacingInput = {
  budget: number;
  startsAt: number;
  endsAt: number;
  now: number;
  /** Charged so far plus the value of banners sent and not yet counted. */
  committed: number;
  pricePerView: number;
};

export function slackOf(budget: number, pricePerView: number): number {
  return Math.max(budget * 0.02, pricePerView * 20);
}

export function allowedSpend(i: Pick<PacingInput, 'budget' | 'startsAt' | 'endsAt' | 'now' | 'pricePerView'>): number {
  const span = Math.max(1, i.endsAt - i.startsAt);
  const elapsed = Math.min(1, Math.max(0, (i.now - i.startsAt) / span));
  return Math.min(i.budget, i.budget * elapsed + slackOf(i.budget, i.pricePerView));
}

/** The probability of serving now: 1 well behind the schedule, 0 at or past it or the budget. */
export function serveProbability(i: PacingInput): number {
  if (i.now < i.startsAt || i.now >= i.endsAt || i.committed + i.pricePerView > i.budget) return 0;
  const headroom = allowedSpend(i) - i.committed;
  if (headroom <= 0) return 0;
  return Math.min(1, headroom / slackOf(i.budget, i.pricePerView));
}
