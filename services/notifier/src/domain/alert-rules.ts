import type { MatchFoundV1 } from '@rr/proto';

/**
 * The rules of docs/decisions.md, "Alerts", as pure functions.
 *
 * One e-mail per person per property: the ledger key is the recipient's e-mail and the property,
 * whichever portal or watchdog found it. A price drop, a comeback and a withdrawal are news about
 * the same property, so each has a key of its own: per new price, per withdrawal it ends, per
 * withdrawal it announces (docs/decisions.md, "Alert kinds").
 */
export function ledgerKeyOf(match: Pick<MatchFoundV1, 'recipient' | 'offer' | 'reason' | 'withdrawnAt'>): string {
  const base = alertedKeyOf(match);
  switch (match.reason) {
    case 'new': return base;
    case 'priceDrop': return `${base}|drop:${match.offer.price}`;
    case 'backOnMarket': return `${base}|back:${match.withdrawnAt ?? 'unknown'}`;
    case 'noLongerActive': return `${base}|gone:${match.withdrawnAt ?? 'unknown'}`;
  }
}

/** The key of the person's new-offer alert about the property: whether they were alerted to it. */
export function alertedKeyOf(match: Pick<MatchFoundV1, 'recipient' | 'offer'>): string {
  return `${match.recipient.email.toLowerCase()}|${match.offer.id}`;
}

/**
 * A no-longer-active notice goes only to a person the ledger says was sent the offer; any other
 * kind needs no earlier alert.
 */
export function mayNotify(match: Pick<MatchFoundV1, 'reason'>, alerted: { status: string } | null | undefined): boolean {
  return match.reason !== 'noLongerActive' || alerted?.status === 'sent';
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
