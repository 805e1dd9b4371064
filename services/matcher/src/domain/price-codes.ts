/**
 * Prices as 16-bit codes in the order of their values, so an index row holds both bounds of a
 * price range in one 32-bit unit and compares them as integers. A code stands for m · 10^e with
 * three and a half significant digits (m in 0 … 4095 for e = 0, 410 … 4095 above), which holds
 * the round bounds people set (12 000, 3 990 000, 4 500 000) exactly. Other bounds are rounded
 * outwards, which can only let an entry through; the index flags them and checks the exact bounds.
 *
 * A range [from, to] holds a price p exactly when `code(from) ≤ codeDown(p)` and
 * `code(to) ≥ codeUp(p)`, for bounds that have a code of their own.
 */

/** No lower bound: below every price, negative ones included. */
export const NO_LOWER = 0;
/** No upper bound: above every price. */
export const NO_UPPER = 0xffff;

/** Codes per decade above the first (m = 410 … 4095). */
const PER_DECADE = 4096 - 410;
/** 4095 · 10¹⁰ (40 trillion crowns) is the largest value with a code; products m · 10^e stay exact doubles. */
const MAX_EXPONENT = 10;
const POWERS = Array.from({ length: MAX_EXPONENT + 1 }, (_, e) => 10 ** e);
const codeOf = (e: number, m: number) => (e === 0 ? 1 + m : 1 + 4096 + (e - 1) * PER_DECADE + (m - 410));
/** The code of the largest value with one. */
export const MAX_PRICE_CODE = codeOf(MAX_EXPONENT, 4095);
const MAX_VALUE = 4095 * POWERS[MAX_EXPONENT];

/** The value a code stands for (±∞ for the open ends). */
export function priceOf(code: number): number {
  if (code === NO_LOWER) return -Infinity;
  if (code > MAX_PRICE_CODE) return Infinity;
  if (code <= 4096) return code - 1;
  const k = code - 1 - 4096;
  const e = 1 + Math.floor(k / PER_DECADE);
  return (410 + (k % PER_DECADE)) * POWERS[e];
}

/** The exponent for a value in [4096, MAX_VALUE]: the one that brings it into [409.6, 4096). */
function exponentOf(value: number): number {
  let e = 1;
  while (e < MAX_EXPONENT && value >= 4096 * POWERS[e]) e++;
  return e;
}

/** The largest code whose value is ≤ `value` (`NO_LOWER` below 0). */
export function priceCodeDown(value: number): number {
  if (!(value >= 0)) return NO_LOWER;
  if (value < 4096) return codeOf(0, Math.floor(value));
  if (value >= MAX_VALUE) return MAX_PRICE_CODE;
  const e = exponentOf(value);
  const scale = POWERS[e];
  let m = Math.floor(value / scale);
  // A quotient rounded up to a whole number: step back.
  if (m * scale > value) m--;
  // Between 4095 · 10^(e-1) and 410 · 10^e: the top of the decade below.
  return m < 410 ? codeOf(e - 1, 4095) : codeOf(e, m);
}

/** The smallest code whose value is ≥ `value` (`NO_UPPER` above the largest). */
export function priceCodeUp(value: number): number {
  if (!(value > 0)) return value === 0 || value < 0 ? codeOf(0, 0) : NO_UPPER;
  if (value <= 4095) return codeOf(0, Math.ceil(value));
  if (value > MAX_VALUE) return NO_UPPER;
  const e = exponentOf(value);
  const scale = POWERS[e];
  let m = Math.ceil(value / scale);
  // A quotient rounded down to a whole number: step on.
  if (m * scale < value) m++;
  if (m < 410) return codeOf(e, 410);
  return m > 4095 ? (e < MAX_EXPONENT ? codeOf(e + 1, 410) : NO_UPPER) : codeOf(e, m);
}

/** A price range as one 32-bit unit: the lower bound's code in the low half, the upper's in the high; `exact` when both have codes of their own. */
export function packPrices(from: number, to: number): { packed: number; exact: boolean } {
  const low = from === -Infinity ? NO_LOWER : priceCodeDown(from);
  const high = to === Infinity ? NO_UPPER : priceCodeUp(to);
  const exact = priceOf(low) === from && priceOf(high) === to;
  return { packed: (low | (high << 16)) | 0, exact };
}
