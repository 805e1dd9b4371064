import { deliveryDueAt, deliveryKeyOf, type Delivery, type HeldFor } from '@rr/proto';
import type { OwnerFacts, WatchdogFacts } from '../repositories/ledger.model';

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

/** A watchdog's new state as one of its waiting entries sees it: the recipient's delivery, or null when they get it no more. */
export type WatchdogChange = { watchdogId: string; at: number; recipient: { delivery: Delivery | undefined; member: boolean } | null };

/** The fields of a waiting entry a change of a watchdog reads and writes. */
export type WaitingEntry = HeldPlan & { watchdogId: string; watchdogIds?: string[]; member?: boolean; watchdogFacts?: WatchdogFacts[] | null };

/**
 * `owner`: what the alert takes from the watchdog it now belongs to, when that is another one and
 * its match was recorded (`watchdogFacts`); `member` on a re-plan is the recipient's role in the
 * changed watchdog's new state.
 */
export type WaitingOutcome =
  | { kind: 'keep' }
  | { kind: 'replan'; plan: Replanned; watchdogId: string; member: boolean; owner?: OwnerFacts }
  | { kind: 'detach'; watchdogIds: string[]; watchdogId: string; owner?: OwnerFacts }
  | { kind: 'drop'; watchdogIds: string[] };

/** What the entry recorded of this watchdog's match (the last record wins), without its id; undefined when not recorded. */
export function factsOf(entry: { watchdogFacts?: WatchdogFacts[] | null }, watchdogId: string): OwnerFacts | undefined {
  const found = entry.watchdogFacts?.filter((f) => f.watchdogId === watchdogId).pop();
  if (!found) return undefined;
  const { watchdogId: _, ...facts } = found;
  return facts;
}

/**
 * What a change of one of the person's watchdogs does to their waiting alert about a property
 * (docs/decisions.md, "Delivery"): the alert is one per person and property, whichever of their
 * watchdogs matched it, and goes at the earliest time any of them still asks for.
 *
 * - The watchdog is deleted, or the person no longer receives it (an invitee who left): it stops
 *   asking. With no other watchdog of theirs that matched, the alert is dropped; otherwise it
 *   stays as planned, owned by one that did, and takes that one's role (owner or invitee) and
 *   what else the e-mail shows of it.
 * - The watchdog that planned it changed its delivery: re-planned as `replanHeld` says.
 * - Another watchdog that matched it changed its delivery: it takes the alert over (role and all)
 *   only when its new delivery sends it earlier (switched to instant: at once); it never delays it.
 */
export function effectOfChange(entry: WaitingEntry, change: WatchdogChange): WaitingOutcome {
  const ids = entry.watchdogIds && entry.watchdogIds.length > 0 ? entry.watchdogIds : [entry.watchdogId];
  if (!change.recipient) {
    if (!ids.includes(change.watchdogId) && entry.watchdogId !== change.watchdogId) return { kind: 'keep' };
    const rest = ids.filter((id) => id !== change.watchdogId);
    if (rest.length === 0) return { kind: 'drop', watchdogIds: ids };
    if (entry.watchdogId !== change.watchdogId) return { kind: 'detach', watchdogIds: rest, watchdogId: entry.watchdogId };
    // Handed to a remaining watchdog: one whose match was recorded, so the alert takes its role (owner or invitee).
    const next = rest.find((id) => factsOf(entry, id)) ?? rest[0];
    return { kind: 'detach', watchdogIds: rest, watchdogId: next, owner: factsOf(entry, next) };
  }
  const { delivery, member } = change.recipient;
  if (entry.watchdogId === change.watchdogId) {
    const plan = replanHeld(entry, { delivery, at: change.at });
    return plan ? { kind: 'replan', plan, watchdogId: change.watchdogId, member } : { kind: 'keep' };
  }
  if (!entry.heldFor) return { kind: 'keep' };
  const next = deliveryDueAt(Math.max(change.at, entry.createdAt.getTime()), delivery);
  if (next.at >= entry.dueAt.getTime()) return { kind: 'keep' };
  return { kind: 'replan', plan: { dueAt: new Date(next.at), heldFor: next.heldFor, deliveryKey: deliveryKeyOf(delivery), deliveryAsOf: new Date(change.at).toISOString() }, watchdogId: change.watchdogId, member, owner: factsOf(entry, change.watchdogId) };
}
