import type { LedgerRepository } from '../repositories/ledger.repository';
import { queuedOf, type DispatchContext } from './context';

const PAGE = 1_000;

/**
 * How far ahead the working view holds pending entries. Entries due later (a digest's, those held
 * for the end of quiet hours) stay in the ledger only, so memory follows what is due soon, not
 * everything people will get tonight or tomorrow. `covered` only grows, except after a failed scan.
 */
export class Coverage {
  covered = 0;

  /** Whether an entry due then belongs in the working view now. */
  holds(dueAt: Date): boolean {
    return dueAt.getTime() <= this.covered;
  }

  /** Before a read of entries due by `to`: what is inserted meanwhile with such a time is queued by its inserter. */
  extend(to: number): void {
    if (to > this.covered) this.covered = to;
  }
}

/**
 * The due scan: every few seconds, the pending entries coming due within the lookahead are read by
 * the `{status, dueAt, _id}` index (only the new stretch of time since the last scan) and queued,
 * so a digest goes out at its minute. Two instances may both queue an entry; the claim protocol
 * lets one of them send it.
 */
export class HeldAlerts {
  private scanning = false;

  constructor(
    private readonly ledger: Pick<LedgerRepository, 'pendingDueBetween'>,
    private readonly coverage: Coverage,
    private readonly ctx: DispatchContext,
    private readonly lookaheadMs: number,
  ) {}

  async scan(now = Date.now()): Promise<number> {
    const from = this.coverage.covered;
    const to = now + this.lookaheadMs;
    if (this.scanning || to <= from) return 0;
    this.scanning = true;
    this.coverage.extend(to);
    let added = 0;
    try {
      let after: { dueAt: Date; id: string } | null = null;
      for (;;) {
        const page = await this.ledger.pendingDueBetween(new Date(from), new Date(to), after, PAGE);
        for (const entry of page) if (this.ctx.queue.add(queuedOf(entry, this.ctx.options.claimTimeoutMs))) added++;
        if (page.length < PAGE) break;
        const last = page[page.length - 1];
        after = { dueAt: last.dueAt, id: last._id };
      }
    } catch (err) {
      // Read again next time (what was queued meanwhile is known and not queued twice).
      this.coverage.covered = Math.min(this.coverage.covered, from);
      this.ctx.log.warn({ err }, 'due scan failed; trying again');
    } finally {
      this.scanning = false;
    }
    if (added > 0) this.ctx.kick();
    return added;
  }
}
