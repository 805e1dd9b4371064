import { randomUUID } from 'node:crypto';
import { sleep, type Bus, type Logger, type Mailer } from '@rr/kit';
import type { Watchdog } from '@rr/proto';
import { Confirmations } from './confirmations';
import { Admission, type SendPlan } from './dispatch/admission';
import { Claims } from './dispatch/claims';
import { BACKOFF_MS, type DispatchContext, type DispatcherOptions } from './dispatch/context';
import { Failures } from './dispatch/failures';
import { Coverage, HeldAlerts } from './dispatch/held';
import { HeldChanges } from './dispatch/held-changes';
import { Recovery } from './dispatch/recovery';
import { Sending } from './dispatch/sending';
import { AlertQueue } from './domain/alert-queue';
import { Timings } from './domain/timings';
import type { AdSource } from './mail/ad-slot';
import type { LedgerEntry } from './repositories/ledger.model';
import type { LedgerRepository, NewEntry } from './repositories/ledger.repository';

export type { DispatcherOptions } from './dispatch/context';
export type { SendPlan } from './dispatch/admission';

/**
 * Sends what the ledger says is due: claim → render → send → confirm → `alert.sent`. The ledger is
 * the durable queue (an entry is inserted before the Kafka offset is committed); `AlertQueue`
 * is its working view in memory, rebuilt by a scan at start and refreshed by a rare rescan, so
 * that the hot path touches the database only by `_id`. Its parts (dispatch/): recovery of the
 * view from the ledger, admission of new alerts, the claim protocol, sending, and failures. The
 * pump here takes what is due and claims it, within the room among e-mails in flight.
 */
export class Dispatcher {
  readonly queue: AlertQueue;
  readonly timings = new Timings();
  private readonly confirmations: Confirmations;
  private readonly recovery: Recovery;
  private readonly admission: Admission;
  private readonly claims: Claims;
  private readonly sending: Sending;
  private readonly failures: Failures;
  private readonly held: HeldAlerts;
  private readonly changes: HeldChanges;
  private pumping = false;
  private pumpAgain = false;
  private pausedUntil = 0;
  private stopped = false;

  constructor(ledger: LedgerRepository, mailer: Mailer, bus: Bus, ads: AdSource, private readonly options: DispatcherOptions, private readonly log: Logger) {
    this.queue = new AlertQueue({ windowMs: options.windowMs, maxPerEmail: options.maxOffersPerEmail, maxPerDigest: options.maxOffersPerDigest });
    const coverage = new Coverage();
    this.confirmations = new Confirmations(ledger, bus, (keys) => {
      this.queue.close(keys);
      void this.pump();
    }, log);
    const ctx: DispatchContext = {
      queue: this.queue, coverage, timings: this.timings, options, log,
      kick: () => this.kick(),
      pause: (err, message) => this.pause(err, message),
      touch: (emails, now) => ledger.touchRecipients(emails, new Date(now)).catch((err: Error) => log.warn({ err }, 'last e-mail times not recorded')),
      startSend: (batch, marked) => this.sending.start(batch, marked),
    };
    this.recovery = new Recovery(ledger, this.confirmations, ctx);
    this.admission = new Admission(ctx, () => this.room());
    this.claims = new Claims(ledger, ctx);
    this.failures = new Failures(ledger, bus, ctx);
    this.sending = new Sending(mailer, ads, this.confirmations, this.failures, ctx);
    this.held = new HeldAlerts(ledger, coverage, ctx, options.dueLookaheadMs);
    this.changes = new HeldChanges(ledger, ctx);
  }

  /** Watchdogs' new states: their recipients' held alerts re-planned under their delivery. */
  deliveriesChanged(states: Array<{ watchdogId: string; watchdog: Watchdog | null }>): Promise<number> {
    return this.changes.deliveriesChanged(states);
  }

  /** Withdrawn offers: the alerts about them still waiting are stopped. */
  offersWithdrawn(withdrawals: Array<{ offerId: string; withdrawnAt: string }>): Promise<number> {
    return this.changes.offersWithdrawn(withdrawals);
  }

  /** Queues the held entries (digests, after quiet hours) coming due soon; run every few seconds. */
  scanDue(now = Date.now()): Promise<number> {
    return this.held.scan(now);
  }

  /** The ledger's open entries into the working view: at start and at each rescan. */
  load(now = Date.now()): Promise<{ adopted: number; unreported: number }> {
    return this.recovery.load(now);
  }

  /** Reads the states of the people this view does not hold yet (before their alerts are planned). */
  knowRecipients(emails: Iterable<string>, now = Date.now()): Promise<void> {
    return this.recovery.knowRecipients(emails, now);
  }

  /** Which of the entries about to be inserted go in claimed, to be sent at once. */
  plan(entries: Array<{ _id: string; email: string; maxOffers?: number | null; dueAt?: Date }>, now: number): SendPlan {
    return this.admission.plan(entries, now);
  }

  /** Entries just inserted into the ledger: the claimed ones are sent now, the pending ones queued. */
  accept(entries: LedgerEntry[], plan: SendPlan): void {
    this.admission.accept(entries, plan);
  }

  /** Keys that were already in the ledger when inserted: taken up if still open (or opened again by a comeback). */
  adoptIfOpen(keys: string[], fresh?: Map<string, Omit<NewEntry, 'claim'>>): Promise<void> {
    return this.recovery.adoptIfOpen(keys, fresh);
  }

  /** Matches of entries waiting in this view: another watchdog of the person recorded, or the entry handed to it and brought forward. */
  matchedWaiting(fresh: Map<string, Omit<NewEntry, 'claim'>>): Promise<void> {
    return this.recovery.matchedWaiting(fresh);
  }

  /** Blocks an address (a permanent refusal, a SendGrid bounce): its waiting alerts are dropped. */
  blockRecipient(email: string, reason: string): Promise<void> {
    return this.failures.blockRecipient(email, reason);
  }

  /** Looks for due work; cheap, called on every insert, every send's end and by a short timer. */
  kick(): void {
    void this.pump();
    this.confirmations.flush();
  }

  /** Stops claiming and waits for the e-mails in flight and their confirmations (shutdown, tests). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  async idle(): Promise<void> {
    while (this.sending.inFlight > 0 || this.pumping) await Promise.allSettled([this.sending.idle(), sleep(10)]);
    await this.claims.idle();
    await this.confirmations.idle();
  }

  details(): Record<string, number> {
    return { ...this.queue.stats(), sending: this.sending.inFlight, unconfirmed: this.confirmations.pending(), ...this.timings.summary() };
  }

  /**
   * E-mails that may start now. None while the ledger's confirmations lag too far behind: an
   * accepted e-mail not yet confirmed is one a crash would send again, and what it holds stays
   * in memory, so e-mails in flight and unconfirmed together stay within `maxUnconfirmed`.
   */
  private room(): number {
    if (this.stopped) return 0;
    return Math.min(this.options.sendConcurrency, this.options.maxUnconfirmed - this.confirmations.pending()) - this.queue.busyCount();
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        const now = Date.now();
        const room = this.room();
        if (now < this.pausedUntil || room <= 0) return;
        const { picks, blocked } = this.queue.takeDue(now, room);
        if (blocked.length > 0) await this.failures.dropBlocked(blocked);
        if (picks.length > 0) await this.claims.claim(picks.map((p) => ({ ...p, batchId: randomUUID() })), now);
      } while (this.pumpAgain);
    } catch (err) {
      this.log.error({ err }, 'dispatcher round failed');
    } finally {
      this.pumping = false;
    }
  }

  private pause(err: Error, message: string): void {
    this.pausedUntil = Date.now() + BACKOFF_MS;
    this.log.warn({ err }, `${message}; trying again shortly`);
  }
}

