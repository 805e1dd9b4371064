/**
 * The advertising price list (docs/decisions.md, "Advertising"). Money is in haléře (1/100 CZK),
 * VAT included, like billing's. The price per view falls with the credit an advertiser has
 * prepaid in all (the spec: "price per view falls with prepaid credit").
 */
export const PRICE_TIERS: ReadonlyArray<{ fromCredit: number; pricePerView: number }> = [
  { fromCredit: 0, pricePerView: 50 },
  { fromCredit: 500_000, pricePerView: 40 },
  { fromCredit: 2_000_000, pricePerView: 30 },
  { fromCredit: 5_000_000, pricePerView: 25 },
];

/** The weekly campaign price: a week started is a week paid. */
export const WEEKLY_PRICE = 250_000;

/** The smallest top-up (a bank transfer costs more to handle than a smaller one earns). */
export const MIN_TOP_UP = 100_000;
export const MAX_TOP_UP = 100_000_000;

export const BANNER_SIZES = { desktop: { width: 520, height: 250 }, mobile: { width: 320, height: 150 } } as const;
export type BannerSize = keyof typeof BANNER_SIZES;

/** Price of one net view for an advertiser who has prepaid `totalDeposited` haléře so far. */
export function pricePerView(totalDeposited: number): number {
  let price = PRICE_TIERS[0].pricePerView;
  for (const tier of PRICE_TIERS) if (totalDeposited >= tier.fromCredit) price = tier.pricePerView;
  return price;
}

const WEEK_MS = 7 * 86_400_000;

/** The week of a weekly campaign that `at` falls in (0 = the first), counted from the period start. */
export function weekIndex(startsAt: number, at: number): number {
  return Math.max(0, Math.floor((at - startsAt) / WEEK_MS));
}

/** Weeks a weekly campaign of this period costs: every week started. */
export function weeksStarted(startsAt: number, endsAt: number): number {
  return Math.max(1, Math.ceil((endsAt - startsAt) / WEEK_MS));
}
