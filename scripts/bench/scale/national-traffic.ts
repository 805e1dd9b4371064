/**
 * How often the country would make each measured call at bench:scale's size (1,000,000 people,
 * 2,000,000 watchdogs, 1,000,000 offers), and the stated load each is measured at besides the 20
 * closed-loop clients (docs/decisions.md, "Call latency at a national peak"). The closed loop shows
 * the machine's capacity; these rates say what a call's latency is at the load the product expects.
 *
 * A day's calls, with the reasoning: 15 % of the million come on a given day (150,000 people),
 * as the e-mails bring them back; each loads ~6 pages signed in (GET /api/user on each), looks at
 * their watchdogs twice and edits one in three days. Offers are opened from the alerts (~1.7 M
 * alerts a day at ~340 recipients an offer, ~20 % opened) and by browsing; new watchdogs and
 * registrations follow the seeded history (2,000,000 watchdogs and 1,000,000 people in two years,
 * many times over for the margin).
 */
export const CALLS_A_DAY: Record<string, number> = {
  'GET /api/user': 900_000,
  'POST /api/auth/login': 45_000,
  'POST /api/auth/reset known': 3_000,
  'POST /api/auth/reset unknown': 3_000,
  'POST /api/auth/register': 5_000,
  'POST /api/filters logged in': 20_000,
  'POST /api/filters anonymous': 20_000,
  'GET /api/filters': 300_000,
  'PATCH /api/filters/:id': 45_000,
  'admin user search': 2_000,
  'GET /api/offers/:id': 1_000_000,
  'GET /api/offers?regionCode page 50': 500_000,
};

/** The evening's busiest hour carries this share of a day's calls (a web day's peak is ~3× its mean hour). */
export const PEAK_HOUR_SHARE = 0.12;
/** Headroom over the busiest hour's mean second: bursts within it, a campaign, a year's growth. */
export const MARGIN = 3;
/** No call is measured slower than this, so a phase of a few seconds still holds enough requests for a p99. */
export const MIN_RATE = 10;

/** The busiest hour's mean calls a second for a day's count. */
export const peakPerSecond = (perDay: number): number => (perDay * PEAK_HOUR_SHARE) / 3600;

/** The next of 1, 2, 5, 10, 20, 50, … at or above `x`: a rate to state, not a computed decimal. */
export function roundUpToStep(x: number): number {
  if (!(x > 0)) return 0;
  const decade = 10 ** Math.floor(Math.log10(x));
  const step = [1, 2, 5, 10].find((s) => s * decade >= x * (1 - 1e-9))!;
  return step * decade;
}

/** The stated load a call is measured at: its busiest hour with the margin, at least `MIN_RATE`. Null for a call the model does not know. */
export function statedRate(call: string): number | null {
  const perDay = CALLS_A_DAY[call];
  if (perDay === undefined) return null;
  return Math.max(MIN_RATE, roundUpToStep(peakPerSecond(perDay) * MARGIN));
}
