import { deliveryDueAt, deliveryKeyOf, type Delivery, type HeldFor } from '@rr/proto';

/** What a held entry was planned with: its times, and the delivery and watchdog version they came from. */
export type HeldPlan = {
  dueAt: Date;
  heldFor?: HeldFor | null;
  createdAt: Date;
  /** `deliveryKeyOf` the delivery the entry was held under; missing on entries written before it was kept. */
  deliveryKey?: string | null;
  /** The watchdog's `updatedAt` in the state that delivery came from; missing on older entries and events. */
  deliveryAsOf?: string | null;
};

/** A recipient's delivery in a watchdog's new state, and when that state was written (its `updatedAt`). */
export type DeliveryChange = { delivery: Delivery | undefined; at: number };

export type Replanned = { dueAt: Date; heldFor: HeldFor | null; deliveryKey: string; deliveryAsOf: string };

/**
 * When a held alert (digest, quiet hours) goes under the recipient's new delivery, or null when the
 * change does not concern it (docs/decisions.md, "Delivery"):
 *
 * - a state no newer than the one the entry was planned with changes nothing (a redelivered or
 *   late event; the match may carry a newer state than the notifier has read), and nor does one
 *   whose delivery holds alerts alike (a republish for another reason);
 * - otherwise the entry is planned again as if it had been matched at the change (or at its own
 *   creation, when the matcher had not seen the change yet): switched to instant, it goes at once
 *   (or when the quiet hours then running end); new digest times or quiet hours re-time it.
 *
 * Deterministic in its inputs, so the same event applied twice plans the same time.
 */
export function replanHeld(entry: HeldPlan, change: DeliveryChange): Replanned | null {
  if (!entry.heldFor) return null;
  const asOf = entry.deliveryAsOf ? Date.parse(entry.deliveryAsOf) : entry.deliveryKey == null ? entry.createdAt.getTime() : -Infinity;
  if (change.at <= asOf) return null;
  const deliveryKey = deliveryKeyOf(change.delivery);
  if (entry.deliveryKey != null && entry.deliveryKey === deliveryKey) return null;
  const next = deliveryDueAt(Math.max(change.at, entry.createdAt.getTime()), change.delivery);
  return { dueAt: new Date(next.at), heldFor: next.heldFor, deliveryKey, deliveryAsOf: new Date(change.at).toISOString() };
}

/**
 * Whether an open alert is about the offer as it was before this withdrawal (fetched before it):
 * then it must not go out as a live offer. An alert fetched after it is about the offer back on the
 * market, and a notice of this very withdrawal carries its time.
 */
export function predatesWithdrawal(entry: { fetchedAt: string; reason: string }, withdrawnAt: string): boolean {
  return entry.reason !== 'noLongerActive' && Date.parse(entry.fetchedAt) < Date.parse(withdrawnAt);
}
