import type { Logger } from '@rr/kit';
import type { AlertQueue, Pick as DuePick, QueuedEntry } from '../domain/alert-queue';
import type { Timings } from '../domain/timings';
import type { EstimateSource } from '../mail/estimate-client';
import type { LedgerEntry } from '../repositories/ledger.model';
import type { Coverage } from './held';

export type DispatcherOptions = {
  publicUrl: string;
  windowMs: number;
  maxOffersPerEmail: number;
  claimTimeoutMs: number;
  maxAttempts: number;
  /** E-mails between claim and the provider's answer, all people together. */
  sendConcurrency: number;
  /** Accepted e-mails not yet confirmed in the ledger beyond which no new one starts. */
  maxUnconfirmed: number;
  tokenOf: (watchdogId: string) => string;
  /** Signs an invitee's link to leave a shared watchdog. */
  memberTokenOf: (watchdogId: string, email: string) => string;
  /** Offers a digest (or the e-mail after quiet hours) lists at most, whatever the tier's cap for instant e-mails. */
  maxOffersPerDigest: number;
  /** How far ahead the due scan brings held entries into memory. */
  dueLookaheadMs: number;
  /** RadarPrice for paying owners' alerts (none without it). */
  estimates?: EstimateSource;
};

/** One person's entries claimed together: one e-mail. */
export type Batch = DuePick & { batchId: string };

/** What the dispatcher's parts share: the working view, the rules, and the pump's controls. */
export type DispatchContext = {
  queue: AlertQueue;
  /** How far ahead the working view holds pending entries (dispatch/held.ts). */
  coverage: Coverage;
  timings: Timings;
  options: DispatcherOptions;
  log: Logger;
  /** Looks for due work again. */
  kick(): void;
  /** Holds claiming back for a moment after a failed database write. */
  pause(err: Error, message: string): void;
  /** Records that e-mails to these people started (not awaited: the window is kept in memory too). */
  touch(emails: string[], now: number): void;
  /** Sends a batch whose claims are won; `marked` is the write recording them. */
  startSend(batch: Batch, marked?: Promise<unknown>): void;
};

/** After a failed database write, the pump waits this long before the next claim. */
export const BACKOFF_MS = 1_000;

/**
 * An open ledger entry as the queue holds it. A claimed one belongs to a sender this process does
 * not know: taken over (next generation) if not confirmed within the claim timeout.
 */
export function queuedOf(entry: LedgerEntry, claimTimeoutMs: number): QueuedEntry {
  return entry.status === 'pending'
    ? { entry, gen: entry.claims ?? 0, takeover: false, readyAt: entry.dueAt.getTime() }
    : { entry, gen: entry.claims ?? 1, takeover: true, readyAt: (entry.claimedAt?.getTime() ?? 0) + claimTimeoutMs };
}

/** Entries go back to the queue a little later, and the person is free for the next claim. */
export function giveBack(queue: AlertQueue, batch: DuePick, entries: QueuedEntry[]): void {
  queue.putBack(entries.map((q) => ({ ...q, readyAt: Date.now() + BACKOFF_MS })));
  queue.done(batch.email);
}

/** What `alert.sent` and the ledger's confirmation say about an accepted e-mail. */
export function acceptedOf(batchId: string, entries: LedgerEntry[], sentAt: Date, provider: string, messageId: string | null, adCampaignId: string | null) {
  return {
    keys: entries.map((e) => e._id), batchId, sentAt, provider, messageId, adCampaignId, email: entries[0].email,
    correlationId: entries[0].correlationId ?? undefined, trace: entries[0].trace ?? undefined,
    watchdogIds: [...new Set(entries.map((e) => e.watchdogId))], offerIds: entries.map((e) => e.offerId),
  };
}
