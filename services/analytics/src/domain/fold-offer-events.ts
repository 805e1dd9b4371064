import { applyOfferEvent, type OfferEvent } from './apply-event';
import { sameFact, type OfferFact } from './offer-fact';

/** An offer whose fact a batch changed: as stored before the batch and as the batch leaves it. */
export type FactChange = { before: OfferFact | null; after: OfferFact };

/** What a batch of offer events does to the read model, once folded in memory. */
export type FoldedOfferEvents = {
  /** Offers whose fact ends different from the stored one, in the order first seen. */
  changes: FactChange[];
  /** Withdrawals of offers still unseen after the batch, to keep aside (new or changed ones only). */
  withdrawalsKept: Map<string, number>;
  /** Withdrawals kept aside before the batch that its publications applied: to delete. */
  withdrawalsUsed: string[];
  /** Events that changed nothing (older fetches, repeated withdrawals, redeliveries). */
  skipped: number;
};

export const offerIdOf = (event: OfferEvent): string => (event.type === 'offer.withdrawn' ? event.payload.offerId : event.payload.offer.id);

/**
 * Applies a batch's events in order to the facts and kept-aside withdrawals read before it, as the
 * events one by one would (`applyOfferEvent`): several events of one offer, a withdrawal read
 * before its publication in the same batch or an earlier one. Only each offer's state before and
 * after the batch matters to its buckets (contributions add up), so the buckets are moved once per
 * offer and a redelivered batch, whose facts are already written, changes nothing.
 */
export function foldOfferEvents(events: readonly OfferEvent[], stored: ReadonlyMap<string, OfferFact>, kept: ReadonlyMap<string, number>): FoldedOfferEvents {
  const facts = new Map<string, OfferFact | null>();
  const withdrawals = new Map<string, number | null>();
  const factOf = (id: string) => (facts.has(id) ? facts.get(id)! : stored.get(id) ?? null);
  const withdrawalOf = (id: string) => (withdrawals.has(id) ? withdrawals.get(id)! : kept.get(id) ?? null);
  let skipped = 0;
  for (const event of events) {
    const offerId = offerIdOf(event);
    const before = factOf(offerId);
    if (!before && event.type === 'offer.withdrawn') {
      withdrawals.set(offerId, Date.parse(event.payload.withdrawnAt));
      continue;
    }
    const pendingWithdrawnAt = before ? null : withdrawalOf(offerId);
    const after = applyOfferEvent(before, event, pendingWithdrawnAt);
    if (!after || sameFact(before, after)) {
      skipped++;
      continue;
    }
    facts.set(offerId, after);
    if (pendingWithdrawnAt !== null) withdrawals.set(offerId, null);
  }
  const changes: FactChange[] = [];
  for (const [offerId, after] of facts) {
    const before = stored.get(offerId) ?? null;
    if (after && !sameFact(before, after)) changes.push({ before, after });
  }
  const withdrawalsKept = new Map<string, number>();
  const withdrawalsUsed: string[] = [];
  for (const [offerId, withdrawnAt] of withdrawals) {
    if (withdrawnAt === null) {
      if (kept.has(offerId)) withdrawalsUsed.push(offerId);
    } else if (kept.get(offerId) !== withdrawnAt) withdrawalsKept.set(offerId, withdrawnAt);
  }
  return { changes, withdrawalsKept, withdrawalsUsed, skipped };
}
