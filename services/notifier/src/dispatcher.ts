import { randomUUID } from 'node:crypto';
import { PermanentMailError, contextOfCarrier, inSpan, type Bus, type Logger, type Mailer } from '@rr/kit';
import { Confirmations } from './confirmations';
import { AlertQueue, type Pick, type QueuedEntry } from './domain/alert-queue';
import { retryDelayMs } from './domain/alert-rules';
import { Timings } from './domain/timings';
import type { AdSource } from './mail/ad-slot';
import { renderAlertEmail } from './mail/render-alert';
import type { LedgerEntry } from './repositories/ledger.model';
import type { LedgerRepository } from './repositories/ledger.repository';

export type DispatcherOptions = {
  publicUrl: string;
  windowMs: number;
  maxOffersPerEmail: number;
  claimTimeoutMs: number;
  maxAttempts: number;
  /** E-mails between claim and the provider's answer, all people together. */
  sendConcurrency: number;
  tokenOf: (watchdogId: string) => string;
};

type Batch = Pick & { batchId: string };

/** People the dispatcher will e-mail at once: their new entries are inserted already claimed. */
export type SendPlan = { people: Map<string, string>; claimOf: (key: string) => { batchId: string } | null; cancel: () => void };

/** After a failed database write, the pump waits this long before the next claim. */
const BACKOFF_MS = 1_000;
/** A sent but unreported entry younger than this may still be on its way through this very process. */
const REPORT_GRACE_MS = 5_000;

/**
 * Sends what the ledger says is due: claim → render → send → confirm → `alert.sent`. The ledger is
 * the durable queue (an entry is inserted before the Kafka offset is committed); `AlertQueue`
 * is its working view in memory, rebuilt by a scan at start and refreshed by a rare rescan, so
 * that the hot path touches the database only by `_id`. Claims are compare-and-set per entry, so
 * two senders (two instances, or a rescan's stale snapshot) never both send one; a claim not
 * confirmed within the claim timeout is taken over and sent again.
 */
export class Dispatcher {
  readonly queue: AlertQueue;
  readonly timings = new Timings();
  private readonly confirmations: Confirmations;
  private readonly sends = new Set<Promise<void>>();
  private pumping = false;
  private pumpAgain = false;
  private pausedUntil = 0;
  private stopped = false;

  constructor(
    private readonly ledger: LedgerRepository,
    private readonly mailer: Mailer,
    private readonly bus: Bus,
    private readonly ads: AdSource,
    private readonly options: DispatcherOptions,
    private readonly log: Logger,
  ) {
    this.queue = new AlertQueue({ windowMs: options.windowMs, maxPerEmail: options.maxOffersPerEmail });
    this.confirmations = new Confirmations(ledger, bus, (keys) => this.queue.close(keys), log);
  }

  /**
   * Reads the ledger's open entries (by index) and the states of their people and of the people
   * this view holds: at start, and now and then to pick up what this process does not know
   * (another instance's leftovers, a dead letter replayed by hand, an address unblocked by hand).
   * Other people's states are read when an alert for them arrives (`knowRecipients`).
   */
  async load(now = Date.now()): Promise<{ adopted: number; unreported: number }> {
    const open = await this.ledger.openEntries();
    this.queue.forgetIdleRecipients(now);
    const emails = [...new Set([...open.map((e) => e.email), ...this.queue.knownRecipients()])];
    const states = new Map((await this.ledger.findRecipients(emails)).map((r) => [r._id, r]));
    for (const email of emails) {
      const r = states.get(email);
      const known = this.queue.recipient(email);
      const blockedHere = known?.blocked && (known.blockedAt ?? 0) >= now;
      this.queue.setRecipient(email, {
        lastEmailAt: Math.max(known?.lastEmailAt ?? 0, r?.lastEmailAt?.getTime() ?? 0) || null,
        blocked: blockedHere || Boolean(r?.blocked),
        blockedReason: blockedHere ? known!.blockedReason : (r?.blockedReason ?? null),
        blockedAt: known?.blockedAt ?? null,
      });
    }
    let adopted = 0;
    const unreported = new Map<string, LedgerEntry[]>();
    for (const entry of open) {
      if (this.queue.knows(entry._id)) continue;
      if (entry.status === 'sent') {
        if ((entry.sentAt?.getTime() ?? 0) < now - REPORT_GRACE_MS) unreported.set(entry.batchId ?? entry._id, [...(unreported.get(entry.batchId ?? entry._id) ?? []), entry]);
      } else if (this.adopt(entry)) adopted++;
    }
    for (const [batchId, entries] of unreported) this.confirmations.addUnreported(acceptedOf(batchId, entries, entries[0].sentAt ?? new Date(now), entries[0].provider ?? 'smtp', entries[0].messageId, entries[0].adCampaignId ?? null));
    if (adopted > 0) this.kick();
    return { adopted, unreported: unreported.size };
  }

  /** Reads the states of the people this view does not hold yet (before their alerts are planned). */
  async knowRecipients(emails: Iterable<string>, now = Date.now()): Promise<void> {
    const unknown = this.queue.unknownRecipients(emails);
    if (unknown.length === 0) return;
    this.queue.forgetIdleRecipients(now);
    const states = new Map((await this.ledger.findRecipients(unknown)).map((r) => [r._id, r]));
    for (const email of unknown) {
      const r = states.get(email);
      if (this.queue.recipient(email)) continue; // learned meanwhile (an e-mail started, a block)
      this.queue.setRecipient(email, { lastEmailAt: r?.lastEmailAt?.getTime() ?? null, blocked: Boolean(r?.blocked), blockedReason: r?.blockedReason ?? null, blockedAt: null });
    }
  }

  /**
   * For entries about to be inserted: the people who can have their e-mail right now (nothing of
   * theirs waiting or in flight, window over, room among the e-mails in flight) get a batch, and
   * their first entries (up to the cap) are inserted claimed by it.
   */
  plan(entries: Array<{ _id: string; email: string }>, now: number): SendPlan {
    const people = new Map<string, string>();
    const claims = new Map<string, { batchId: string }>();
    const counts = new Map<string, number>();
    for (const { _id, email } of entries) {
      if (!people.has(email)) {
        if (this.stopped || counts.has(email) || this.room() <= 0 || !this.queue.reserve(email, now)) {
          counts.set(email, 0);
          continue;
        }
        people.set(email, randomUUID());
      }
      const batchId = people.get(email);
      const count = counts.get(email) ?? 0;
      if (!batchId || count >= this.options.maxOffersPerEmail) continue;
      counts.set(email, count + 1);
      claims.set(_id, { batchId });
    }
    return { people, claimOf: (key) => claims.get(key) ?? null, cancel: () => people.forEach((_, email) => this.queue.done(email)) };
  }

  /** Entries just inserted into the ledger: the claimed ones are sent now, the pending ones queued. */
  accept(entries: LedgerEntry[], plan: SendPlan): void {
    const now = Date.now();
    const claimed = new Map<string, LedgerEntry[]>();
    for (const entry of entries) {
      if (entry.status === 'claimed' && entry.batchId) claimed.set(entry.batchId, [...(claimed.get(entry.batchId) ?? []), entry]);
      else this.queue.add({ entry, gen: 0, takeover: false, readyAt: entry.dueAt.getTime() });
    }
    const started: string[] = [];
    for (const [email, batchId] of plan.people) {
      const mine = claimed.get(batchId);
      if (!mine) {
        this.queue.done(email);
        continue;
      }
      this.queue.track(mine.map((e) => e._id));
      this.queue.emailStarted(email, now);
      started.push(email);
      // The insert was generation 0 of the claim.
      this.startSend({ email, batchId, entries: mine.map((entry) => ({ entry, gen: 0, takeover: false, readyAt: now })) });
    }
    if (started.length > 0) this.touch(started, now);
    if (entries.length > 0) this.kick();
  }

  /**
   * Keys that were already in the ledger when inserted. Usually an old alert (nothing to do); but an
   * entry of a batch whose first attempt failed half-way, or one another instance left behind,
   * is still open and is taken up here rather than at the next rescan.
   */
  async adoptIfOpen(keys: string[]): Promise<void> {
    const unknown = keys.filter((k) => !this.queue.knows(k));
    if (unknown.length === 0) return;
    const entries = await this.ledger.findByIds(unknown);
    let adopted = 0;
    for (const entry of entries) {
      if (entry.status === 'pending' || entry.status === 'claimed') adopted += this.adopt(entry) ? 1 : 0;
      else if (entry.status !== 'sent' || entry.reported) this.queue.close([entry._id]);
    }
    if (adopted > 0) this.kick();
  }

  /** Blocks an address (a permanent refusal, a SendGrid bounce): its waiting alerts are dropped. */
  async blockRecipient(email: string, reason: string): Promise<void> {
    await this.ledger.blockRecipient(email, reason);
    const known = this.queue.recipient(email);
    this.queue.setRecipient(email, { lastEmailAt: known?.lastEmailAt ?? null, blocked: true, blockedReason: reason, blockedAt: Date.now() });
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
    while (this.sends.size > 0 || this.pumping) await Promise.allSettled([...this.sends, sleep(10)]);
    await this.confirmations.idle();
  }

  details(): Record<string, number> {
    return { ...this.queue.stats(), sending: this.sends.size, unconfirmed: this.confirmations.pending(), ...this.timings.summary() };
  }

  private room(): number {
    return this.options.sendConcurrency - this.queue.busyCount();
  }

  private touch(emails: string[], now: number): void {
    this.ledger.touchRecipients(emails, new Date(now)).catch((err: Error) => this.log.warn({ err }, 'last e-mail times not recorded'));
  }

  private adopt(entry: LedgerEntry): boolean {
    return this.queue.add(this.queued(entry));
  }

  /**
   * An open ledger entry as the queue holds it. A claimed one belongs to a sender this process does
   * not know: taken over (next generation) if not confirmed within the claim timeout.
   */
  private queued(entry: LedgerEntry): QueuedEntry {
    return entry.status === 'pending'
      ? { entry, gen: entry.claims ?? 0, takeover: false, readyAt: entry.dueAt.getTime() }
      : { entry, gen: entry.claims ?? 1, takeover: true, readyAt: (entry.claimedAt?.getTime() ?? 0) + this.options.claimTimeoutMs };
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
        if (this.stopped || now < this.pausedUntil || room <= 0) return;
        const { picks, blocked } = this.queue.takeDue(now, room);
        if (blocked.length > 0) await this.dropBlocked(blocked);
        if (picks.length > 0) await this.claim(picks.map((p) => ({ ...p, batchId: randomUUID() })), now);
      } while (this.pumpAgain);
    } catch (err) {
      this.log.error({ err }, 'dispatcher round failed');
    } finally {
      this.pumping = false;
    }
  }

  private async claim(batches: Batch[], now: number): Promise<void> {
    const statements = batches.flatMap((b) => b.entries.map((q) => ({ key: q.entry._id, gen: q.gen, batchId: b.batchId })));
    let outcome: Awaited<ReturnType<LedgerRepository['claim']>>;
    try {
      outcome = await this.ledger.claim(statements, new Date(now));
      this.timings.record('claim', Date.now() - now);
    } catch (err) {
      this.pause(err as Error, 'claiming alerts failed');
      for (const b of batches) this.giveBack(b, b.entries);
      return;
    }
    const won = batches.flatMap((b) => b.entries.filter((q) => outcome.won.has(q.entry._id)));
    const stillOpen = await this.stillOpen(won.filter((q) => q.takeover));
    const lost = batches.flatMap((b) => b.entries.filter((q) => !outcome.won.has(q.entry._id)));
    if (lost.length > 0) void this.resolveLost(lost);
    const started: Batch[] = [];
    for (const b of batches) {
      const mine = b.entries.filter((q) => outcome.won.has(q.entry._id) && (!q.takeover || stillOpen.has(q.entry._id)));
      if (mine.length === 0) {
        this.queue.done(b.email);
        continue;
      }
      this.queue.emailStarted(b.email, now);
      started.push({ ...b, entries: mine });
    }
    if (started.length === 0) return;
    this.touch(started.map((b) => b.email), now);
    // One write records every won claim of the round (one statement per entry, one command).
    const marked = this.ledger.markClaimed(started.flatMap((b) => b.entries.map((q) => ({ key: q.entry._id, gen: q.gen, batchId: b.batchId }))), new Date(now))
      .catch((err: Error) => this.log.warn({ err, emails: started.length }, 'claims not recorded in the ledger entries'));
    for (const b of started) this.startSend(b, marked);
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
      this.log.warn({ err }, 'taken-over alerts not checked; left to the rescan');
      this.queue.forget(keys);
      return open;
    }
    this.queue.close(keys.filter((k) => !open.has(k)));
    if (open.size < keys.length) this.log.info({ finished: keys.length - open.size }, 'taken-over alerts had been sent meanwhile');
    return open;
  }

  /**
   * Claims lost: another sender holds that generation, or this view was stale. Entries still open
   * go back to the queue as they are now, or as a takeover once the holder's claim times out.
   */
  private async resolveLost(lost: QueuedEntry[]): Promise<void> {
    for (const q of lost) {
      const key = q.entry._id;
      try {
        const [current, claim] = await Promise.all([this.ledger.findById(key), this.ledger.findClaim(key, q.gen)]);
        if (!current || (current.status !== 'pending' && current.status !== 'claimed')) this.queue.close([key]);
        else if ((current.claims ?? 0) > q.gen) this.queue.putBack([this.queued(current)]);
        else this.queue.putBack([{ entry: current, gen: q.gen + 1, takeover: true, readyAt: (claim?.at.getTime() ?? Date.now()) + this.options.claimTimeoutMs }]);
      } catch (err) {
        this.log.warn({ err, key }, 'lost claim not checked; left to the rescan');
        this.queue.forget([key]);
      }
    }
  }

  /** `marked`: the write recording the claim, which the confirmation must not overtake. */
  private startSend(batch: Batch, marked: Promise<unknown> = Promise.resolve()): void {
    const run = this.send(batch, marked)
      .catch((err: Error) => this.log.error({ err, email: batch.email }, 'alert e-mail failed unexpectedly'))
      .finally(() => {
        this.sends.delete(run);
        this.queue.done(batch.email);
        this.kick();
      });
    this.sends.add(run);
  }

  private async send(batch: Batch, marked: Promise<unknown>): Promise<void> {
    const entries = batch.entries.map((q) => q.entry);
    const [first] = entries;
    // A banner only when every alert of the e-mail allows one (a paying or non-consenting owner's alert keeps it ad-free).
    const ad = entries.every((e) => e.withAds) ? await this.ads({ email: first.email, locale: first.locale, emailId: batch.batchId, offers: entries.map((e) => e.offer) }).catch(() => null) : null;
    const mail = renderAlertEmail({
      locale: first.locale, emailId: batch.batchId, publicUrl: this.options.publicUrl, tokenOf: this.options.tokenOf, ad,
      items: entries.map((e) => ({ offer: e.offer, watchdogId: e.watchdogId, reason: e.reason })),
    });
    let sent: Awaited<ReturnType<Mailer['send']>>;
    const sendStarted = Date.now();
    try {
      // The e-mail continues the trace of its first alert's offer and links the others'.
      sent = await inSpan('alert e-mail', { 'rr.alerts': entries.length, 'rr.batch_id': batch.batchId }, () =>
        this.mailer.send({ to: first.email, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, category: 'alert' }),
      { parent: contextOfCarrier(first.trace ?? undefined), links: entries.slice(1).flatMap((e) => (e.trace ? [e.trace] : [])) });
    } catch (err) {
      await marked;
      await this.failed(batch, err as Error);
      return;
    }
    const acceptedAt = new Date();
    this.timings.record('send', acceptedAt.getTime() - sendStarted);
    await marked;
    this.confirmations.add(acceptedOf(batch.batchId, entries, acceptedAt, sent.provider, sent.messageId, ad?.campaignId ?? null));
  }

  private async failed(batch: Batch, err: Error): Promise<void> {
    const { email } = batch;
    const keys = batch.entries.map((q) => q.entry._id);
    const attempts = Math.max(...batch.entries.map((q) => q.entry.attempts)) + 1;
    try {
      if (err instanceof PermanentMailError) {
        await this.ledger.markFinal(keys, 'failed', err.message);
        this.queue.close(keys);
        await this.blockRecipient(email, err.message);
        await this.publishBounce(email, err.message);
      } else if (attempts >= this.options.maxAttempts) {
        // The dead letters of the notifier stay in the ledger (status dead) for the runbook's replay.
        await this.ledger.markFinal(keys, 'dead', err.message);
        this.queue.close(keys);
        this.log.error({ email, attempts, reason: err.message, offers: batch.entries.map((q) => q.entry.offerId) }, 'alert dead-lettered after repeated failures');
      } else {
        const delay = retryDelayMs(attempts);
        const dueAt = Date.now() + delay;
        // The next claim is the generation after the one this batch held.
        await this.ledger.release(batch.entries.map((q) => ({ key: q.entry._id, gen: q.gen + 1 })), new Date(dueAt), err.message);
        this.queue.putBack(batch.entries.map((q) => ({ entry: { ...q.entry, attempts, failure: err.message }, gen: q.gen + 1, takeover: false, readyAt: dueAt })));
        this.log.warn({ email, attempts, delay, reason: err.message }, 'mail not accepted; retrying later');
      }
    } catch (dbErr) {
      // The ledger still shows the entries claimed by this batch: tried again at the next generation.
      this.pause(dbErr as Error, 'recording a refused e-mail failed');
      this.giveBack(batch, batch.entries.map((q) => ({ ...q, gen: q.gen + 1, takeover: false })));
    }
  }

  private async publishBounce(email: string, reason: string): Promise<void> {
    try {
      await this.bus.publish('email.bounced', email, { email, reason: reason.slice(0, 500), permanent: true, at: new Date().toISOString() });
      this.log.warn({ email, reason }, 'mail refused for good; email.bounced published');
    } catch (err) {
      // The address is blocked here; the account service must be told by hand (runbook).
      this.log.error({ err, email, reason }, 'mail refused for good, but email.bounced could not be published');
    }
  }

  private async dropBlocked(blocked: Pick[]): Promise<void> {
    for (const { email, entries } of blocked) {
      const reason = `recipient blocked: ${this.queue.recipient(email)?.blockedReason ?? 'bounced'}`;
      try {
        await this.ledger.markFinal(entries.map((q) => q.entry._id), 'failed', reason);
        this.queue.close(entries.map((q) => q.entry._id));
        this.log.info({ email, dropped: entries.length }, 'alerts to a blocked address dropped');
      } catch (err) {
        this.pause(err as Error, 'dropping alerts to a blocked address failed');
        this.queue.putBack(entries);
      }
    }
  }

  private giveBack(batch: Pick, entries: QueuedEntry[]): void {
    this.queue.putBack(entries.map((q) => ({ ...q, readyAt: Date.now() + BACKOFF_MS })));
    this.queue.done(batch.email);
  }

  private pause(err: Error, message: string): void {
    this.pausedUntil = Date.now() + BACKOFF_MS;
    this.log.warn({ err }, `${message}; trying again shortly`);
  }
}

function acceptedOf(batchId: string, entries: LedgerEntry[], sentAt: Date, provider: string, messageId: string | null, adCampaignId: string | null) {
  return {
    keys: entries.map((e) => e._id), batchId, sentAt, provider, messageId, adCampaignId, email: entries[0].email,
    correlationId: entries[0].correlationId ?? undefined, trace: entries[0].trace ?? undefined,
    watchdogIds: [...new Set(entries.map((e) => e.watchdogId))], offerIds: entries.map((e) => e.offerId),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
