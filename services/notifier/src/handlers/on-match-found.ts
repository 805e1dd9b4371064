import { traceCarrierOf, traceContextOf, type HandlerContext } from '@rr/kit';
import { deliveryDueAt, deliveryKeyOf, type Envelope, type MatchFoundV1 } from '@rr/proto';
import { ledgerKeyOf } from '../domain/alert-rules';
import { predatesWithdrawal } from '../domain/held-plan';
import type { Dispatcher } from '../dispatcher';
import type { WatchdogFacts } from '../repositories/ledger.model';
import type { LedgerRepository, NewEntry } from '../repositories/ledger.repository';
import { withoutUnalertedNotices } from './notice-gate';

/**
 * Records a fetched batch of matches in the ledger (once per person and property: redeliveries,
 * cross-posts and a second matching watchdog stop here) and hands the new entries to the
 * dispatcher without waiting for it. The one insert is all the handler awaits: the offsets are
 * committed after it, so an alert is never lost between Kafka and the ledger, and Kafka is never
 * held up by mail. Entries the dispatcher can send at once go in already claimed.
 */
export function onMatchFound(ledger: LedgerRepository, dispatcher: Dispatcher) {
  return async (fetched: Array<Envelope<MatchFoundV1>>, ctx: HandlerContext): Promise<void> => {
    const events = await withoutUnalertedNotices(ledger, fetched);
    await dispatcher.knowRecipients(events.map((e) => e.data.recipient.email.toLowerCase()));
    const now = new Date();
    const fresh = new Map<string, Omit<NewEntry, 'claim'>>();
    // Every watchdog of the person that matched the property, whichever plans the alert, with what the alert takes from it.
    const matchedBy = new Map<string, Map<string, WatchdogFacts>>();
    for (const event of events) {
      const match = event.data;
      const key = ledgerKeyOf(match);
      // In flight or closed lately: nothing to write. Waiting here (held, or for the window): a
      // second watchdog is recorded, or brings it forward, below, without an insert.
      if (dispatcher.queue.knows(key) && !dispatcher.queue.waitingOf(key)) continue;
      const email = match.recipient.email.toLowerCase();
      const facts: WatchdogFacts = { watchdogId: match.watchdogId, member: match.member === true, withAds: match.withAds, radarPrice: match.radarPrice ?? false, maxOffers: match.maxOffers ?? null, mapArea: match.mapArea ?? null };
      matchedBy.set(key, (matchedBy.get(key) ?? new Map()).set(match.watchdogId, facts));
      // A digest's alert waits for its time, an instant one for the end of quiet hours (docs/decisions.md, "Delivery").
      const held = deliveryDueAt(now.getTime(), match.delivery);
      const dueAt = new Date(Math.max(held.at, dispatcher.queue.readyAt(email, now.getTime())));
      // One person, one property: of two watchdogs (own and shared, instant and digest) the one due first speaks.
      const earlier = fresh.get(key);
      if (earlier && earlier.dueAt <= dueAt) continue;
      fresh.set(key, {
        _id: key, email, locale: match.recipient.locale, userId: match.recipient.userId,
        watchdogId: match.watchdogId, offerId: match.offer.id, reason: match.reason, offer: match.offer,
        withAds: match.withAds, maxOffers: match.maxOffers ?? null, radarPrice: match.radarPrice ?? false, fetchedAt: match.fetchedAt,
        correlationId: event.correlationId, trace: traceCarrierOf(traceContextOf(event)) ?? null,
        dueAt, heldFor: held.heldFor, member: match.member === true, ...(match.mapArea ? { mapArea: match.mapArea } : {}),
        // What the entry was planned with: a later change of the watchdog's delivery re-plans it (dispatch/held-changes.ts).
        deliveryKey: deliveryKeyOf(match.delivery), deliveryAsOf: match.watchdogUpdatedAt ?? null,
      });
    }
    for (const [key, entry] of fresh) {
      const matched = matchedBy.get(key)!;
      entry.watchdogIds = [entry.watchdogId, ...[...matched.keys()].filter((id) => id !== entry.watchdogId)];
      entry.watchdogFacts = [...matched.values()];
    }
    const waiting = new Map([...fresh].filter(([key]) => dispatcher.queue.waitingOf(key)));
    for (const key of waiting.keys()) fresh.delete(key);
    await recordedWithdrawn(ledger, fresh);
    const plan = dispatcher.plan([...fresh.values()].filter((e) => !e.withdrawnAt), now.getTime());
    let outcome: Awaited<ReturnType<LedgerRepository['insertNew']>>;
    try {
      outcome = await ledger.insertNew([...fresh.values()].map((e) => ({ ...e, claim: plan.claimOf(e._id) })), now);
    } catch (err) {
      plan.cancel();
      throw err;
    }
    dispatcher.timings.record('insert', Date.now() - now.getTime());
    dispatcher.accept(outcome.inserted.filter((e) => e.status !== 'withdrawn'), plan);
    // Awaited: the second watchdog must be on the entry before the offset is committed (its deletion may follow).
    if (waiting.size > 0) await dispatcher.matchedWaiting(waiting);
    if (outcome.duplicates.length > 0) {
      dispatcher.adoptIfOpen(outcome.duplicates, new Map(outcome.duplicates.map((key) => [key, fresh.get(key)!]))).catch((err: Error) => ctx.log.warn({ err }, 'duplicate alerts not checked; the rescan will'));
    }
    ctx.log.debug({ matches: events.length, inserted: outcome.inserted.length }, 'matches recorded');
  };
}

/**
 * Matches fetched before their offer's last handled withdrawal (the matcher lagged behind it) go
 * in `withdrawn`, as the withdrawal would have left them; a comeback opens them again. One read by
 * `_id` per batch from the withdrawal records (bounded by their retention, not by history).
 */
async function recordedWithdrawn(ledger: Pick<LedgerRepository, 'withdrawalsOf'>, fresh: Map<string, Omit<NewEntry, 'claim'>>): Promise<void> {
  const live = [...fresh.values()].filter((e) => e.reason !== 'noLongerActive');
  if (live.length === 0) return;
  const withdrawals = await ledger.withdrawalsOf([...new Set(live.map((e) => e.offerId))]);
  if (withdrawals.size === 0) return;
  for (const entry of live) {
    const withdrawnAt = withdrawals.get(entry.offerId)?.toISOString();
    if (withdrawnAt && predatesWithdrawal(entry, withdrawnAt)) entry.withdrawnAt = withdrawnAt;
  }
}
