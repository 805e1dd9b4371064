import { PermanentMailError, type Bus } from '@rr/kit';
import type { Pick as DuePick } from '../domain/alert-queue';
import { retryDelayMs } from '../domain/alert-rules';
import type { LedgerRepository } from '../repositories/ledger.repository';
import { giveBack, type Batch, type DispatchContext } from './context';

/**
 * What happens when an e-mail is not accepted: a permanent refusal closes its alerts and blocks
 * the address (`email.bounced`), repeated temporary ones dead-letter them in the ledger, others
 * are released for a later generation after a growing delay.
 */
export class Failures {
  constructor(
    private readonly ledger: Pick<LedgerRepository, 'markFinal' | 'release' | 'blockRecipient'>,
    private readonly bus: Bus,
    private readonly ctx: DispatchContext,
  ) {}

  async failed(batch: Batch, err: Error): Promise<void> {
    const { queue, options, log } = this.ctx;
    const { email } = batch;
    const keys = batch.entries.map((q) => q.entry._id);
    const attempts = Math.max(...batch.entries.map((q) => q.entry.attempts)) + 1;
    try {
      if (err instanceof PermanentMailError) {
        await this.ledger.markFinal(keys, 'failed', err.message);
        queue.close(keys);
        await this.blockRecipient(email, err.message);
        await this.publishBounce(email, err.message);
      } else if (attempts >= options.maxAttempts) {
        // The dead letters of the notifier stay in the ledger (status dead) for the runbook's replay.
        await this.ledger.markFinal(keys, 'dead', err.message);
        queue.close(keys);
        log.error({ email, attempts, reason: err.message, offers: batch.entries.map((q) => q.entry.offerId) }, 'alert dead-lettered after repeated failures');
      } else {
        const delay = retryDelayMs(attempts);
        const dueAt = Date.now() + delay;
        // The next claim is the generation after the one this batch held.
        await this.ledger.release(batch.entries.map((q) => ({ key: q.entry._id, gen: q.gen + 1 })), new Date(dueAt), err.message);
        queue.putBack(batch.entries.map((q) => ({ entry: { ...q.entry, attempts, failure: err.message }, gen: q.gen + 1, takeover: false, readyAt: dueAt })));
        log.warn({ email, attempts, delay, reason: err.message }, 'mail not accepted; retrying later');
      }
    } catch (dbErr) {
      // The ledger still shows the entries claimed by this batch: tried again at the next generation.
      this.ctx.pause(dbErr as Error, 'recording a refused e-mail failed');
      giveBack(queue, batch, batch.entries.map((q) => ({ ...q, gen: q.gen + 1, takeover: false })));
    }
  }

  /** Blocks an address (a permanent refusal, a SendGrid bounce): its waiting alerts are dropped. */
  async blockRecipient(email: string, reason: string): Promise<void> {
    await this.ledger.blockRecipient(email, reason);
    const known = this.ctx.queue.recipient(email);
    this.ctx.queue.setRecipient(email, { lastEmailAt: known?.lastEmailAt ?? null, blocked: true, blockedReason: reason, blockedAt: Date.now() });
  }

  /** Closes the due alerts of blocked addresses as failed. */
  async dropBlocked(blocked: DuePick[]): Promise<void> {
    const { queue, log } = this.ctx;
    for (const { email, entries } of blocked) {
      const reason = `recipient blocked: ${queue.recipient(email)?.blockedReason ?? 'bounced'}`;
      try {
        await this.ledger.markFinal(entries.map((q) => q.entry._id), 'failed', reason);
        queue.close(entries.map((q) => q.entry._id));
        log.info({ email, dropped: entries.length }, 'alerts to a blocked address dropped');
      } catch (err) {
        this.ctx.pause(err as Error, 'dropping alerts to a blocked address failed');
        queue.putBack(entries);
      }
    }
  }

  private async publishBounce(email: string, reason: string): Promise<void> {
    try {
      await this.bus.publish('email.bounced', email, { email, reason: reason.slice(0, 500), permanent: true, at: new Date().toISOString() });
      this.ctx.log.warn({ email, reason }, 'mail refused for good; email.bounced published');
    } catch (err) {
      // The address is blocked here; the account service must be told by hand (runbook).
      this.ctx.log.error({ err, email, reason }, 'mail refused for good, but email.bounced could not be published');
    }
  }
}
