import { AppError, type Logger } from '@rr/kit';
import type { JournalBatch, JournalRepository } from '../repositories/journal.repository';
import type { OfferStore } from '../repositories/offer-store';
import type { OutboxRelay } from './outbox-relay';

/** How long a journal number another instance claimed may stay unwritten before it counts as lost. */
const UNWRITTEN_WAIT_MS = 2_000;

export type BatchJournalDeps = {
  journal: JournalRepository;
  store: OfferStore;
  relay: OutboxRelay;
  log: Logger;
  /** The last journal sequence number this instance knows. */
  seq: number;
};

/**
 * The normaliser's write path for a decided batch: journal it under the next sequence number
 * (the write-ahead log and outbox in one document), project it into the offer and listing
 * collections, then queue its events on the outbox relay. Instances share the journal; one that
 * finds another's batch in its way catches up with it first.
 */
export class BatchJournal {
  seq: number;
  journaled = 0;
  conflicts = 0;

  constructor(private readonly deps: BatchJournalDeps) {
    this.seq = deps.seq;
  }

  /** Journals, projects and releases the batch; throws a retriable error when another writer got the number first. */
  async commit(batch: JournalBatch): Promise<void> {
    await this.append(batch);
    await this.deps.store.apply(batch, this.seq);
    await this.deps.journal.markProjected(this.seq);
    this.deps.relay.add(this.seq, batch.events);
  }

  /**
   * Takes the next sequence number and writes the batch; another writer in between means our
   * view is stale. FerretDB runs a conditional update as a read and a write, so two racing
   * claims can both succeed: the unique `_id` of the batch document catches that race.
   */
  private async append(batch: JournalBatch): Promise<void> {
    const { journal } = this.deps;
    const claimed = await journal.claim(this.seq);
    const written = claimed
      ? await journal.append(this.seq + 1, batch).then(() => true, (err: { code?: number }) => {
        if (err.code === 11000) return false;
        throw err;
      })
      : false;
    if (!written) {
      this.conflicts++;
      await this.catchUp();
      throw new AppError('UNAVAILABLE', 'another normaliser instance wrote to the journal; caught up, batch retried', { retriable: true });
    }
    this.seq++;
    this.journaled++;
  }

  /**
   * Projects what other instances journaled, in order, up to the head (they may have died before
   * projecting or publishing it: its events go out again, consumers are idempotent). A number
   * claimed but not written yet (its writer is between the claim and the insert) is waited for
   * briefly; batches already deleted (projected and published by their writer) or never written
   * (the writer died) cannot be applied here, so the store's caches, which may hold what they
   * changed, are dropped.
   */
  private async catchUp(): Promise<void> {
    const { journal, store, relay, log } = this.deps;
    const { head } = await journal.readMarks();
    let skipped = 0;
    const waitUntil = Date.now() + UNWRITTEN_WAIT_MS;
    while (this.seq < head) {
      let next: number | null = null;
      for await (const { seq, batch } of journal.batchesAfter(this.seq)) {
        if (seq !== this.seq + 1 || seq > head) {
          next = seq;
          break;
        }
        await store.apply(batch, seq);
        await journal.markProjected(seq);
        relay.add(seq, batch.events);
        this.seq = seq;
      }
      if (this.seq >= head) break;
      const gapEnd = Math.min(next ?? head + 1, head + 1) - 1;
      if (gapEnd <= (await journal.readMarks()).projected || Date.now() > waitUntil) {
        skipped += gapEnd - this.seq;
        this.seq = gapEnd;
      } else {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    if (skipped > 0) {
      store.forgetCached();
      log.info({ skipped, seq: this.seq }, 'journal batches of another instance were deleted or never written; caches dropped');
    }
  }
}
