import { PLANS, ROLES, periodEnd, type BillingPeriod, type PaymentPurpose, type PlanTier, type SubscriptionStatus } from '@rr/proto';

/** The part of a subscription the rules decide; the repository adds ids, e-mail and revision. */
export type SubscriptionTerms = {
  tier: PlanTier;
  period: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  nextTier: PlanTier | null;
};

const DAY = 86_400_000;
const tierRank = (t: PlanTier) => PLANS[t].role;

export const isUpgrade = (from: PlanTier, to: PlanTier) => tierRank(to) > tierRank(from);

/**
 * A paid payment applied to the subscription it belongs to. An initial payment starts a period
 * (or extends a running period of the same tier from its end); an upgrade starts the new tier at
 * once; a renewal continues from the period's end, taking a downgrade chosen for then.
 */
export function applyPaid(current: SubscriptionTerms | null, p: { purpose: PaymentPurpose; tier: PlanTier; period: BillingPeriod; paidAt: Date }): SubscriptionTerms {
  const running = current && current.status !== 'expired' && current.currentPeriodEnd > p.paidAt ? current : null;
  if (p.purpose === 'renewal' && current) {
    const start = current.currentPeriodEnd;
    const tier = current.nextTier ?? current.tier;
    return { tier, period: current.period, status: 'active', currentPeriodStart: start, currentPeriodEnd: periodEnd(start, current.period), cancelAtPeriodEnd: false, nextTier: null };
  }
  const extendsRunning = p.purpose === 'initial' && running && running.tier === p.tier;
  const start = extendsRunning ? running.currentPeriodEnd : p.paidAt;
  return { tier: p.tier, period: p.period, status: 'active', currentPeriodStart: start, currentPeriodEnd: periodEnd(start, p.period), cancelAtPeriodEnd: false, nextTier: null };
}

/**
 * The role and its end for the account service. Access lasts to the period's end, and while a
 * renewal is due (not cancelled) for the grace days after it, so a slow or failed charge does not
 * take it away at once (dunning runs meanwhile).
 */
export function roleOf(terms: SubscriptionTerms, graceDays: number, now: Date): { role: number; roleExpiresAt: Date | null } {
  if (terms.status === 'expired') return { role: ROLES.USER, roleExpiresAt: null };
  const end = terms.cancelAtPeriodEnd ? terms.currentPeriodEnd : new Date(terms.currentPeriodEnd.getTime() + graceDays * DAY);
  if (end <= now) return { role: ROLES.USER, roleExpiresAt: null };
  return { role: PLANS[terms.tier].role, roleExpiresAt: end };
}

/**
 * What an upgrade costs now: the new tier's price for a fresh period, less the unused part of the
 * current one (its price times the share of the period left, in haléře). At least 1 Kč, the
 * gateways' minimum charge.
 */
export function upgradeCharge(current: SubscriptionTerms, to: PlanTier, period: BillingPeriod, now: Date): { credit: number; amount: number } {
  const total = current.currentPeriodEnd.getTime() - current.currentPeriodStart.getTime();
  const left = Math.max(0, current.currentPeriodEnd.getTime() - now.getTime());
  const paid = PLANS[current.tier].price[current.period] * 100;
  const credit = total > 0 ? Math.floor((paid * left) / total) : 0;
  const price = PLANS[to].price[period] * 100;
  return { credit, amount: Math.max(100, price - credit) };
}

/** When renewal is due: a few days before the period ends, so a failed charge has time for retries. */
export const renewalDueAt = (terms: SubscriptionTerms, daysBefore: number) => new Date(terms.currentPeriodEnd.getTime() - daysBefore * DAY);
