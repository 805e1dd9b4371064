/** One entry of an advertiser's credit ledger (append-only; the balance is derived from it). */
export type LedgerEntryKind = 'deposit' | 'charge' | 'weekly';
export type LedgerLine = { kind: LedgerEntryKind; amount: number };

export type Balance = { deposited: number; charged: number; balance: number };

/** credit − charges = balance, from the entries alone. */
export function balanceOf(entries: Iterable<LedgerLine>): Balance {
  let deposited = 0;
  let charged = 0;
  for (const e of entries) {
    if (e.kind === 'deposit') deposited += e.amount;
    else charged += e.amount;
  }
  return { deposited, charged, balance: deposited - charged };
}

export type ChargeInput = {
  /** Net views counted in this round for the campaign. */
  views: number;
  pricePerView: number;
  /** What the advertiser has left. */
  balance: number;
  /** What the campaign's budget has left (Infinity without a budget). */
  budgetLeft: number;
};

/**
 * Charges the views of one round: each view once, at the price, but never beyond the credit or
 * the budget. Views past either are shown free of charge (`free`): the overspend the advertiser
 * never pays, bounded by the banners already sent when serving stopped.
 */
export function chargeViews(input: ChargeInput): { charged: number; amount: number; free: number } {
  const { views, pricePerView: price } = input;
  if (views <= 0 || price <= 0) return { charged: 0, amount: 0, free: Math.max(0, views) };
  const affordable = Math.max(0, Math.floor(Math.min(input.balance, input.budgetLeft) / price));
  const charged = Math.min(views, affordable);
  return { charged, amount: charged * price, free: views - charged };
}
