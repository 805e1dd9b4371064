import { recipientsOfWatchdog, type Watchdog } from '@rr/proto';
import { effectOfChange, predatesWithdrawal, type WaitingEntry, type WatchdogChange } from '../domain/held-plan';
import type { LedgerRepository, WatchdogEffect } from '../repositories/ledger.repository';
import { queuedOf, type DispatchContext } from './context';

/** Writes go in chunks of this many entries, so memory holds a page whatever a watchdog or an offer holds. */
const PAGE = 500;

type ChangesLedger = Pick<LedgerRepository, 'pendingOfWatchdogs' | 'applyWatchdogEffects' | 'findByIds' | 'pendingAbout' | 'markWithdrawn' | 'recordWithdrawals'>;


/**
 * What happens to alerts still waiting when the world changes under them (docs/decisions.md,
 * "Delivery" and "Alert kinds"): a watchdog's new delivery (mode, digest times, quiet hours, of the
 * owner or an invitee) re-plans its held entries (and those another watchdog of the person planned
 * and it matched too, when it now sends them earlier), a deleted watchdog or an invitee who left
 * drops the waiting entries nothing else asks for, and a withdrawn offer stops the open entries
 * about it as it was (and is remembered a while, for matches fetched before it that arrive later).
 * Both read the ledger by index, write by `_id` only while the entry is pending (an
 * entry being sent is left to go), and touch the working view only for entries due within its
 * horizon. Applying one event twice changes nothing the second time.
 */
export class HeldChanges {
  constructor(private readonly ledger: ChangesLedger, private readonly ctx: DispatchContext) {}

  /** Watchdog states (`watchdog.changed`, the last per watchdog counts): how many waiting entries changed. */
  async deliveriesChanged(states: Array<{ watchdogId: string; watchdog: Watchdog | null }>): Promise<number> {
    const latest = new Map<string, Watchdog | null>();
    for (const s of states) latest.set(s.watchdogId, s.watchdog);
    if (latest.size === 0) return 0;
    const changeFor = (watchdogId: string, email: string): WatchdogChange => {
      const watchdog = latest.get(watchdogId)!;
      // Deleted: nobody receives it any more (and its late state, if any, is older than the deletion).
      if (!watchdog) return { watchdogId, at: Infinity, recipient: null };
      const recipient = recipientsOfWatchdog(watchdog).find((r) => r.email === email);
      return { watchdogId, at: Date.parse(watchdog.updatedAt), recipient: recipient ? { delivery: recipient.delivery, member: recipient.member } : null };
    };
    let changed = 0;
    let page: WatchdogEffect[] = [];
    const flush = async () => ((changed += await this.apply(page)), (page = []));
    for await (const entry of this.ledger.pendingOfWatchdogs([...latest.keys()])) {
      const effect = this.effectOf(entry, [...latest.keys()], changeFor);
      if (!effect) continue;
      page.push(effect);
      if (page.length >= PAGE) await flush();
    }
    if (page.length > 0) await flush();
    return changed;
  }

  /** Every changed watchdog of the entry, one after the other, folded into one write (or none). */
  private effectOf(entry: WaitingEntry & { _id: string; email: string }, changedIds: string[], changeFor: (watchdogId: string, email: string) => WatchdogChange): WatchdogEffect | null {
    let current: WaitingEntry = { ...entry, watchdogIds: entry.watchdogIds?.length ? entry.watchdogIds : [entry.watchdogId] };
    const set: WatchdogEffect['set'] = {};
    for (const watchdogId of changedIds) {
      if (!current.watchdogIds!.includes(watchdogId) && current.watchdogId !== watchdogId) continue;
      const outcome = effectOfChange(current, changeFor(watchdogId, entry.email));
      if (outcome.kind === 'drop') return { key: entry._id, set: { status: 'dropped', droppedWatchdogIds: outcome.watchdogIds } };
      if (outcome.kind === 'detach') {
        // A new owner: the plan's version was the old watchdog's, so any change of the new one counts;
        // and the e-mail speaks for the new one (the person's role in it, its banner, its area).
        const handedOver = outcome.watchdogId !== current.watchdogId ? { deliveryAsOf: null, ...outcome.owner } : {};
        Object.assign(set, { watchdogIds: outcome.watchdogIds, watchdogId: outcome.watchdogId }, handedOver);
        current = { ...current, watchdogIds: outcome.watchdogIds, watchdogId: outcome.watchdogId, ...handedOver };
      } else if (outcome.kind === 'replan') {
        const watchdogIds = current.watchdogIds!.includes(outcome.watchdogId) ? current.watchdogIds! : [...current.watchdogIds!, outcome.watchdogId];
        Object.assign(set, outcome.plan, outcome.owner, { watchdogId: outcome.watchdogId, member: outcome.member, watchdogIds });
        current = { ...current, ...outcome.plan, ...outcome.owner, watchdogId: outcome.watchdogId, member: outcome.member, watchdogIds };
      }
    }
    return Object.keys(set).length > 0 ? { key: entry._id, set } : null;
  }

  /** Offers withdrawn from every portal (`offer.withdrawn`): how many open entries were stopped. */
  async offersWithdrawn(withdrawals: Array<{ offerId: string; withdrawnAt: string }>): Promise<number> {
    const latest = new Map<string, string>();
    for (const w of withdrawals) if (!latest.has(w.offerId) || Date.parse(w.withdrawnAt) > Date.parse(latest.get(w.offerId)!)) latest.set(w.offerId, w.withdrawnAt);
    if (latest.size === 0) return 0;
    // Remembered first: a match fetched before the withdrawal that is inserted after the read below
    // finds the record (on-match-found) instead of going out as a live offer.
    await this.ledger.recordWithdrawals([...latest].map(([offerId, withdrawnAt]) => ({ offerId, withdrawnAt: new Date(withdrawnAt) })), new Date());
    let stopped = 0;
    let page: Array<{ key: string; withdrawnAt: string }> = [];
    const flush = async () => {
      // Out of memory first, so the pump cannot claim them meanwhile; a failed write is retried with
      // the event (and until then the rescan may queue them again: they would go as before).
      this.ctx.queue.withdraw(page.map((p) => p.key));
      await this.ledger.markWithdrawn(page);
      stopped += page.length;
      page = [];
    };
    for await (const entry of this.ledger.pendingAbout([...latest.keys()])) {
      const withdrawnAt = latest.get(entry.offerId)!;
      if (!predatesWithdrawal(entry, withdrawnAt)) continue;
      page.push({ key: entry._id, withdrawnAt });
      if (page.length >= PAGE) await flush();
    }
    if (page.length > 0) await flush();
    return stopped;
  }

  /** Writes the effects, then moves the entries in the working view (or brings in those now due within it, or drops them). */
  private async apply(page: WatchdogEffect[]): Promise<number> {
    const { queue, coverage, options } = this.ctx;
    const dropped = page.filter((e) => e.set.status === 'dropped').map((e) => e.key);
    // Out of memory first, so the pump cannot claim them meanwhile (as with a withdrawal).
    if (dropped.length > 0) queue.withdraw(dropped);
    await this.ledger.applyWatchdogEffects(page);
    const bringIn: string[] = [];
    for (const { key, set } of page) {
      if (set.status === 'dropped') continue;
      // Handed to another watchdog without a new time: the entry waiting here speaks for that one too.
      if (!set.dueAt) {
        queue.amend(key, set);
        continue;
      }
      const inView = coverage.holds(set.dueAt);
      if (!queue.replan(key, { ...set, dueAt: set.dueAt, heldFor: set.heldFor ?? null }, inView) && inView && !queue.knows(key)) bringIn.push(key);
    }
    // The due scan reads only time it has not covered yet: entries moved into covered time are queued here.
    if (bringIn.length > 0) for (const entry of await this.ledger.findByIds(bringIn)) if (entry.status === 'pending') queue.add(queuedOf(entry, options.claimTimeoutMs));
    this.ctx.kick();
    return page.length;
  }
}
