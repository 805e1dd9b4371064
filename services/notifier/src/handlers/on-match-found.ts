import { traceCarrierOf, traceContextOf, type HandlerContext } from '@rr/kit';
import type { Envelope, MatchFoundV1 } from '@rr/proto';
import { ledgerKeyOf } from '../domain/alert-rules';
import type { Dispatcher } from '../dispatcher';
import type { LedgerRepository, NewEntry } from '../repositories/ledger.repository';

/**
 * Records a fetched batch of matches in the ledger (once per person and property: redeliveries,
 * cross-posts and a second matching watchdog stop here) and hands the new entries to the
 * dispatcher without waiting for it. The one insert is all the handler awaits: the offsets are
 * committed after it, so an alert is never lost between Kafka and the ledger, and Kafka is never
 * held up by mail. Entries the dispatcher can send at once go in already claimed.
 */
export function onMatchFound(ledger: LedgerRepository, dispatcher: Dispatcher) {
  return async (events: Array<Envelope<MatchFoundV1>>, ctx: HandlerContext): Promise<void> => {
    await dispatcher.knowRecipients(events.map((e) => e.data.recipient.email.toLowerCase()));
    const now = new Date();
    const fresh = new Map<string, Omit<NewEntry, 'claim'>>();
    for (const event of events) {
      const match = event.data;
      const key = ledgerKeyOf(match);
      // Known to this process means already in the ledger: no write needed.
      if (fresh.has(key) || dispatcher.queue.knows(key)) continue;
      const email = match.recipient.email.toLowerCase();
      fresh.set(key, {
        _id: key, email, locale: match.recipient.locale, userId: match.recipient.userId,
        watchdogId: match.watchdogId, offerId: match.offer.id, reason: match.reason, offer: match.offer,
        withAds: match.withAds, maxOffers: match.maxOffers ?? null, radarPrice: match.radarPrice ?? false, fetchedAt: match.fetchedAt,
        correlationId: event.correlationId, trace: traceCarrierOf(traceContextOf(event)) ?? null,
        dueAt: new Date(dispatcher.queue.readyAt(email, now.getTime())),
      });
    }
    const plan = dispatcher.plan([...fresh.values()], now.getTime());
    let outcome: Awaited<ReturnType<LedgerRepository['insertNew']>>;
    try {
      outcome = await ledger.insertNew([...fresh.values()].map((e) => ({ ...e, claim: plan.claimOf(e._id) })), now);
    } catch (err) {
      plan.cancel();
      throw err;
    }
    dispatcher.timings.record('insert', Date.now() - now.getTime());
    dispatcher.accept(outcome.inserted, plan);
    if (outcome.duplicates.length > 0) {
      dispatcher.adoptIfOpen(outcome.duplicates).catch((err: Error) => ctx.log.warn({ err }, 'duplicate alerts not checked; the rescan will'));
    }
    ctx.log.debug({ matches: events.length, inserted: outcome.inserted.length }, 'matches recorded');
  };
}
