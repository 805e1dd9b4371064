import { recipientsOfWatchdog, type Watchdog } from '@rr/proto';
import { predatesWithdrawal, replanHeld, type DeliveryChange, type Replanned } from '../domain/held-plan';
import type { LedgerRepository } from '../repositories/ledger.repository';
import { queuedOf, type DispatchContext } from './context';

/** Writes go in chunks of this many entries, so memory holds a page whatever a watchdog or an offer holds. */
const PAGE = 500;

type ChangesLedger = Pick<LedgerRepository, 'heldForWatchdogs' | 'replan' | 'findByIds' | 'pendingAbout' | 'markWithdrawn'>;

/**
 * What happens to alerts still waiting when the world changes under them (docs/decisions.md,
 * "Delivery" and "Alert kinds"): a watchdog's new delivery (mode, digest times, quiet hours, of the
 * owner or an invitee) re-plans its held entries, and a withdrawn offer stops the open entries about
 * it as it was. Both read the ledger by index, write by `_id` only while the entry is pending (an
 * entry being sent is left to go), and touch the working view only for entries due within its
 * horizon. Applying one event twice changes nothing the second time.
 */
export class HeldChanges {
  constructor(private readonly ledger: ChangesLedger, private readonly ctx: DispatchContext) {}

  /** Watchdog states (`watchdog.changed`, the last per watchdog counts): how many entries were re-planned. */
  async deliveriesChanged(states: Array<{ watchdogId: string; watchdog: Watchdog | null }>): Promise<number> {
    const latest = new Map<string, Watchdog | null>();
    for (const s of states) latest.set(s.watchdogId, s.watchdog);
    const changes = new Map<string, Map<string, DeliveryChange>>();
    for (const [watchdogId, watchdog] of latest) {
      // A deleted watchdog holds its alerts as they were (its recipients are not known any more).
      if (!watchdog) continue;
      const at = Date.parse(watchdog.updatedAt);
      changes.set(watchdogId, new Map(recipientsOfWatchdog(watchdog).map((r) => [r.email, { delivery: r.delivery, at }])));
    }
    if (changes.size === 0) return 0;
    let replanned = 0;
    let page: Array<Replanned & { key: string }> = [];
    for await (const entry of this.ledger.heldForWatchdogs([...changes.keys()])) {
      const change = changes.get(entry.watchdogId)?.get(entry.email);
      const plan = change && replanHeld(entry, change);
      if (!plan) continue;
      page.push({ key: entry._id, ...plan });
      if (page.length >= PAGE) (replanned += await this.replan(page), (page = []));
    }
    if (page.length > 0) replanned += await this.replan(page);
    return replanned;
  }

  /** Offers withdrawn from every portal (`offer.withdrawn`): how many open entries were stopped. */
  async offersWithdrawn(withdrawals: Array<{ offerId: string; withdrawnAt: string }>): Promise<number> {
    const latest = new Map<string, string>();
    for (const w of withdrawals) if (!latest.has(w.offerId) || Date.parse(w.withdrawnAt) > Date.parse(latest.get(w.offerId)!)) latest.set(w.offerId, w.withdrawnAt);
    if (latest.size === 0) return 0;
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

  /** Writes the new plans, then moves the entries in the working view (or brings in those now due within it). */
  private async replan(page: Array<Replanned & { key: string }>): Promise<number> {
    const { queue, coverage, options } = this.ctx;
    await this.ledger.replan(page);
    const bringIn: string[] = [];
    for (const { key, dueAt, heldFor } of page) {
      const inView = coverage.holds(dueAt);
      if (!queue.replan(key, { dueAt, heldFor }, inView) && inView && !queue.knows(key)) bringIn.push(key);
    }
    // The due scan reads only time it has not covered yet: entries moved into covered time are queued here.
    if (bringIn.length > 0) for (const entry of await this.ledger.findByIds(bringIn)) if (entry.status === 'pending') queue.add(queuedOf(entry, options.claimTimeoutMs));
    this.ctx.kick();
    return page.length;
  }
}
