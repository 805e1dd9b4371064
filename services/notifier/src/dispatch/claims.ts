import type { QueuedEntry } from '../domain/alert-queue';
import type { LedgerRepository } from '../repositories/ledger.repository';
import { giveBack, queuedOf, type Batch, type DispatchContext } from './context';

/** The ledger calls the claim protocol makes. */
export type ClaimLedger = Pick<LedgerRepository, 'claim' | 'markClaimed' | 'findById' | 'findByIds' | 'findClaim'>;

/**
 * Claims due batches: compare-and-set per entry and generation, so of two senders (two
 * instances, or a rescan's stale view) exactly one sends an entry. A won takeover (an entry
 * another sender claimed and did not confirm in time) is read again and sent only if still open;
 * a lost claim puts the entry back as it now is, or as a takeover once the holder's claim times out.
 */
export class Claims {
  private readonly resolving = new Set<Promise<void>>();

  constructor(private readonly ledger: ClaimLedger, private readonly ctx: DispatchContext) {}

  /** Waits for the lost claims being looked into. */
  async idle(): Promise<void> {
    while (this.resolving.size > 0) await Promise.allSettled([...this.resolving]);
  }

  async claim(batches: Batch[], now: number): Promise<void> {
    const { queue } = this.ctx;
    const statements = batches.flatMap((b) => b.entries.map((q) => ({ key: q.entry._id, gen: q.gen, batchId: b.batchId })));
    let outcome: Awaited<ReturnType<ClaimLedger['claim']>>;
    try {
      outcome = await this.ledger.claim(statements, new Date(now));
      this.ctx.timings.record('claim', Date.now() - now);
    } catch (err) {
      this.ctx.pause(err as Error, 'claiming alerts failed');
      for (const b of batches) giveBack(queue, b, b.entries);
      return;
    }
    const won = batches.flatMap((b) => b.entries.filter((q) => outcome.won.has(q.entry._id)));
    const stillOpen = await this.stillOpen(won.filter((q) => q.takeover));
    const lost = batches.flatMap((b) => b.entries.filter((q) => !outcome.won.has(q.entry._id)));
    if (lost.length > 0) {
      const resolving = this.resolveLost(lost).finally(() => this.resolving.delete(resolving));
      this.resolving.add(resolving);
    }
    const started: Batch[] = [];
    for (const b of batches) {
      const mine = b.entries.filter((q) => outcome.won.has(q.entry._id) && (!q.takeover || stillOpen.has(q.entry._id)));
      if (mine.length === 0) {
        queue.done(b.email);
        continue;
      }
      queue.emailStarted(b.email, now);
      started.push({ ...b, entries: mine });
    }
    if (started.length === 0) return;
    this.ctx.touch(started.map((b) => b.email), now);
    // One write records every won claim of the round (one statement per entry, one command).
    const marked = this.ledger.markClaimed(started.flatMap((b) => b.entries.map((q) => ({ key: q.entry._id, gen: q.gen, batchId: b.batchId }))), new Date(now))
      .catch((err: Error) => this.ctx.log.warn({ err, emails: started.length }, 'claims not recorded in the ledger entries'));
    for (const b of started) this.ctx.startSend(b, marked);
  }

  /**
   * Claims won from a sender that may have finished after all: read again, and only entries still
   * open are sent (the others are closed here). The rest of the takeovers wait for the rescan when
   * the read fails.
   */
  private async stillOpen(takeovers: QueuedEntry[]): Promise<Set<string>> {
    const open = new Set<string>();
    if (takeovers.length === 0) return open;
    const keys = takeovers.map((q) => q.entry._id);
    try {
      for (const entry of await this.ledger.findByIds(keys)) if (entry.status === 'pending' || entry.status === 'claimed') open.add(entry._id);
    } catch (err) {
      this.ctx.log.warn({ err }, 'taken-over alerts not checked; left to the rescan');
      this.ctx.queue.forget(keys);
      return open;
    }
    this.ctx.queue.close(keys.filter((k) => !open.has(k)));
    if (open.size < keys.length) this.ctx.log.info({ finished: keys.length - open.size }, 'taken-over alerts had been sent meanwhile');
    return open;
  }

  /**
   * Claims lost: another sender holds that generation, or this view was stale. Entries still open
   * go back to the queue as they are now, or as a takeover once the holder's claim times out.
   */
  private async resolveLost(lost: QueuedEntry[]): Promise<void> {
    const { queue, options } = this.ctx;
    for (const q of lost) {
      const key = q.entry._id;
      try {
        const [current, claim] = await Promise.all([this.ledger.findById(key), this.ledger.findClaim(key, q.gen)]);
        // Stopped by a withdrawal: not remembered as closed (a comeback may open it again).
        if (current?.status === 'withdrawn') queue.forget([key]);
        else if (!current || (current.status !== 'pending' && current.status !== 'claimed')) queue.close([key]);
        else if ((current.claims ?? 0) > q.gen) queue.putBack([queuedOf(current, options.claimTimeoutMs)]);
        else queue.putBack([{ entry: current, gen: q.gen + 1, takeover: true, readyAt: (claim?.at.getTime() ?? Date.now()) + options.claimTimeoutMs }]);
      } catch (err) {
        this.ctx.log.warn({ err, key }, 'lost claim not checked; left to the rescan');
        queue.forget([key]);
      }
    }
  }
}
