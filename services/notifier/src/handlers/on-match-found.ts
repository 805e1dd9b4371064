import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, MatchFoundV1 } from '@rr/proto';
import { dueAtOf, ledgerKeyOf } from '../domain/alert-rules';
import type { Dispatcher } from '../dispatcher';
import type { LedgerRepository } from '../repositories/ledger.repository';

/**
 * Records the alert in the ledger (once per person and property: redeliveries, cross-posts and a
 * second matching watchdog stop here) and asks the dispatcher to send what is due. The offset is
 * committed after the ledger write, so an alert is never lost between Kafka and the ledger.
 */
export function onMatchFound(ledger: LedgerRepository, dispatcher: Dispatcher, windowMs: number) {
  return async (event: Envelope<MatchFoundV1>, ctx: HandlerContext): Promise<HandlerResult> => {
    const match = event.data;
    const email = match.recipient.email.toLowerCase();
    const now = new Date();
    const recipient = await ledger.recipient(email);
    const outcome = await ledger.insertPending({
      _id: ledgerKeyOf(match), email, locale: match.recipient.locale, userId: match.recipient.userId,
      watchdogId: match.watchdogId, offerId: match.offer.id, reason: match.reason, offer: match.offer,
      withAds: match.withAds, fetchedAt: match.fetchedAt,
      dueAt: dueAtOf(now, recipient?.lastEmailAt ?? null, windowMs),
    }, now);
    if (outcome === 'duplicate') {
      ctx.log.debug({ email, offerId: match.offer.id }, 'already alerted about this property');
      return 'skipped';
    }
    void dispatcher.kick(email);
    return 'processed';
  };
}
