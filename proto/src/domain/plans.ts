/**
 * The paid tiers' price list, beside the entitlement table (`roles.ts`) and free of zod so the web
 * client can import it. Prices are in whole crowns including 21 % VAT (what a consumer sees);
 * `docs/decisions.md` ("Paid tiers and prices") records why these numbers.
 */
import { ROLES } from './role-levels';

export const PLAN_TIERS = ['MINI', 'STANDARD', 'PREMIUM', 'PROFI', 'ENTERPRISE'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Standard Czech VAT rate, per cent. */
export const VAT_RATE_PERCENT = 21;

export type Plan = {
  tier: PlanTier;
  role: (typeof ROLES)[PlanTier];
  /** Whole CZK including VAT. */
  price: Record<BillingPeriod, number>;
};

export const PLANS: Record<PlanTier, Plan> = {
  MINI: { tier: 'MINI', role: ROLES.MINI, price: { month: 99, year: 990 } },
  STANDARD: { tier: 'STANDARD', role: ROLES.STANDARD, price: { month: 199, year: 1_990 } },
  PREMIUM: { tier: 'PREMIUM', role: ROLES.PREMIUM, price: { month: 399, year: 3_990 } },
  PROFI: { tier: 'PROFI', role: ROLES.PROFI, price: { month: 990, year: 9_900 } },
  ENTERPRISE: { tier: 'ENTERPRISE', role: ROLES.ENTERPRISE, price: { month: 4_990, year: 49_900 } },
};

export const planOfRole = (role: number): Plan | null => PLAN_TIERS.map((t) => PLANS[t]).find((p) => p.role === role) ?? null;

/** Splits a VAT-inclusive amount in haléře into base and VAT (VAT rounded to the haléř, §37 ZDPH). */
export function vatSplit(totalHalere: number, ratePercent = VAT_RATE_PERCENT): { base: number; vat: number; total: number } {
  const vat = Math.round((totalHalere * ratePercent) / (100 + ratePercent));
  return { base: totalHalere - vat, vat, total: totalHalere };
}

/** Length of a period: the same day of the next month or year (clamped to the month's end). */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  if (period === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
