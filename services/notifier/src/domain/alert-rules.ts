import type { MatchFoundV1 } from '@rr/proto';

/**
 * The rules of docs/decisions.md, "Alerts", as pure functions.
 *
 * One e-mail per person per property: the ledger key is the recipient's e-mail and the property,
 * whichever portal or watchdog found it. A price drop is news about the same property, so it has
 * a key of its own per new price.
 */
export function ledgerKeyOf(match: Pick<MatchFoundV1, 'recipient' | 'offer' | 'reason'>): string {
  const base = `${match.recipient.email.toLowerCase()}|${match.offer.id}`;
  return match.reason === 'priceDrop' ? `${base}|drop:${match.offer.price}` : base;
}

/** The first alert goes at once; later ones wait until the window after the last e-mail closes. */
export function dueAtOf(now: Date, lastEmailAt: Date | null, windowMs: number): Date {
  if (!lastEmailAt) return now;
  const windowEnds = lastEmailAt.getTime() + windowMs;
  return windowEnds > now.getTime() ? new Date(windowEnds) : now;
}

/** Transient failures wait 2 s, 4 s, 8 s … up to 5 minutes, with jitter so senders do not stampede. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(300_000, 1_000 * 2 ** Math.max(1, attempt));
  return Math.round(base * (0.75 + random() / 2));
}
