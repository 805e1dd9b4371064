import { randomUUID } from 'node:crypto';
import { capOf } from '../domain/alert-queue';
import type { LedgerEntry } from '../repositories/ledger.model';
import type { DispatchContext } from './context';

/** People the dispatcher will e-mail at once: their new entries are inserted already claimed. */
export type SendPlan = { people: Map<string, string>; claimOf: (key: string) => { batchId: string } | null; cancel: () => void };

/**
 * New alerts on their way into the ledger: a person who can have an e-mail right now gets a batch
 * and the entries go in claimed by it (the insert is the claim's generation 0), so the first alert
 * costs no separate claim; the others wait in the queue for their window.
 */
export class Admission {
  constructor(
    private readonly ctx: DispatchContext,
    /** Room among the e-mails in flight; 0 once stopped. */
    private readonly room: () => number,
  ) {}

  /**
   * For entries about to be inserted: the people who can have their e-mail right now (nothing of
   * theirs waiting or in flight, window over, room among the e-mails in flight) get a batch, and
   * their first entries (up to the cap) are inserted claimed by it.
   */
  plan(all: Array<{ _id: string; email: string; maxOffers?: number | null; dueAt?: Date }>, now: number): SendPlan {
    const { queue, options } = this.ctx;
    // Entries held for a digest or quiet hours are not sent now (and do not hold the person's e-mail back).
    const entries = all.filter((e) => !e.dueAt || e.dueAt.getTime() <= now);
    const people = new Map<string, string>();
    const claims = new Map<string, { batchId: string }>();
    const counts = new Map<string, number>();
    // The tier's cap the alerts carry (the most generous of a person's), else the service's default.
    const caps = new Map<string, number>();
    for (const e of entries) caps.set(e.email, capOf([e, { maxOffers: caps.get(e.email) }], 0));
    for (const { _id, email } of entries) {
      if (!people.has(email)) {
        if (counts.has(email) || this.room() <= 0 || !queue.reserve(email, now)) {
          counts.set(email, 0);
          continue;
        }
        people.set(email, randomUUID());
      }
      const batchId = people.get(email);
      const count = counts.get(email) ?? 0;
      if (!batchId || count >= (caps.get(email) || options.maxOffersPerEmail)) continue;
      counts.set(email, count + 1);
      claims.set(_id, { batchId });
    }
    return { people, claimOf: (key) => claims.get(key) ?? null, cancel: () => people.forEach((_, email) => queue.done(email)) };
  }

  /** Entries just inserted into the ledger: the claimed ones are sent now, the pending ones queued. */
  accept(entries: LedgerEntry[], plan: SendPlan): void {
    const { queue } = this.ctx;
    const now = Date.now();
    const claimed = new Map<string, LedgerEntry[]>();
    for (const entry of entries) {
      if (entry.status === 'claimed' && entry.batchId) claimed.set(entry.batchId, [...(claimed.get(entry.batchId) ?? []), entry]);
      // Held past the view's horizon: the due scan queues it when its time comes near.
      else if (this.ctx.coverage.holds(entry.dueAt)) queue.add({ entry, gen: 0, takeover: false, readyAt: entry.dueAt.getTime() });
    }
    const started: string[] = [];
    for (const [email, batchId] of plan.people) {
      const mine = claimed.get(batchId);
      if (!mine) {
        queue.done(email);
        continue;
      }
      queue.track(mine.map((e) => e._id));
      queue.emailStarted(email, now);
      started.push(email);
      // The insert was generation 0 of the claim.
      this.ctx.startSend({ email, batchId, entries: mine.map((entry) => ({ entry, gen: 0, takeover: false, readyAt: now })) });
    }
    if (started.length > 0) this.ctx.touch(started, now);
    if (entries.length > 0) this.ctx.kick();
  }
}
