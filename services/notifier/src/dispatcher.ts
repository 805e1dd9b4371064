import { randomUUID } from 'node:crypto';
import { PermanentMailError, type Bus, type Logger, type Mailer } from '@rr/kit';
import { retryDelayMs } from './domain/alert-rules';
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
  tokenOf: (watchdogId: string) => string;
};

export type DispatchResult = 'sent' | 'nothing-due' | 'retry-later' | 'failed' | 'dead' | 'suppressed';

/**
 * Sends what the ledger says is due, one person at a time: claim → render → send → confirm →
 * `alert.sent`. The ledger is the queue, so a crash loses nothing: an unconfirmed claim is
 * released after the claim timeout and sent again (which duplicates an e-mail only when the
 * crash fell between the provider's acceptance and the confirmation).
 */
export class Dispatcher {
  private readonly running = new Map<string, Promise<DispatchResult>>();
  private readonly again = new Set<string>();

  constructor(
    private readonly ledger: LedgerRepository,
    private readonly mailer: Mailer,
    private readonly bus: Bus,
    private readonly ads: AdSource,
    private readonly options: DispatcherOptions,
    private readonly log: Logger,
  ) {}

  /** Sends the person's due alerts; calls for the same person queue behind each other. */
  kick(email: string): Promise<DispatchResult> {
    const current = this.running.get(email);
    if (current) {
      this.again.add(email);
      return current;
    }
    const run = this.dispatch(email)
      .catch((err: Error): DispatchResult => {
        this.log.warn({ err, email }, 'dispatch failed; the poller tries again');
        return 'retry-later';
      })
      .finally(() => {
        this.running.delete(email);
        if (this.again.delete(email)) void this.kick(email);
      });
    this.running.set(email, run);
    return run;
  }

  /** Waits for every dispatch in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** One round of the background duties: stale claims, unreported sends, due entries. */
  async sweep(now = new Date()): Promise<void> {
    const released = await this.ledger.releaseStaleClaims(new Date(now.getTime() - this.options.claimTimeoutMs), now);
    if (released > 0) this.log.warn({ released }, 'released claims of a sender that did not confirm');
    await this.reportUnreported(new Date(now.getTime() - 2_000));
    for (const email of await this.ledger.dueRecipients(now)) void this.kick(email);
  }

  private async dispatch(email: string): Promise<DispatchResult> {
    const now = new Date();
    const recipient = await this.ledger.recipient(email);
    if (recipient?.blocked) {
      const dropped = await this.ledger.failPending(email, `recipient blocked: ${recipient.blockedReason ?? 'bounced'}`);
      if (dropped > 0) this.log.info({ email, dropped }, 'alerts to a blocked address dropped');
      return 'suppressed';
    }
    const batchId = randomUUID();
    const entries = await this.ledger.claimDue(email, now, this.options.maxOffersPerEmail, batchId);
    if (entries.length === 0) return 'nothing-due';
    await this.ledger.touchRecipient(email, now);
    await this.ledger.deferPending(email, new Date(now.getTime() + this.options.windowMs));
    return this.send(batchId, entries);
  }

  private async send(batchId: string, entries: LedgerEntry[]): Promise<DispatchResult> {
    const [first] = entries;
    const ad = entries.some((e) => e.withAds) ? await this.ads({ email: first.email, locale: first.locale }).catch(() => null) : null;
    const mail = renderAlertEmail({
      locale: first.locale, emailId: batchId, publicUrl: this.options.publicUrl, tokenOf: this.options.tokenOf, ad,
      items: entries.map((e) => ({ offer: e.offer, watchdogId: e.watchdogId, reason: e.reason })),
    });
    try {
      const sent = await this.mailer.send({ to: first.email, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, category: 'alert' });
      await this.ledger.markSent(batchId, { sentAt: new Date(), provider: sent.provider, messageId: sent.messageId });
      await this.report(batchId, entries, sent.provider, sent.messageId);
      return 'sent';
    } catch (err) {
      return this.failed(batchId, entries, err as Error);
    }
  }

  private async failed(batchId: string, entries: LedgerEntry[], err: Error): Promise<DispatchResult> {
    const email = entries[0].email;
    if (err instanceof PermanentMailError) {
      await this.ledger.markFinal(batchId, 'failed', err.message);
      await this.ledger.blockRecipient(email, err.message);
      await this.bus.publish('email.bounced', email, { email, reason: err.message.slice(0, 500), permanent: true, at: new Date().toISOString() });
      this.log.warn({ email, reason: err.message }, 'mail refused for good; e-mail.bounced published');
      return 'failed';
    }
    const attempts = Math.max(...entries.map((e) => e.attempts)) + 1;
    if (attempts >= this.options.maxAttempts) {
      // The dead letters of the notifier stay in the ledger (status dead) for the runbook's replay.
      await this.ledger.markFinal(batchId, 'dead', err.message);
      this.log.error({ email, attempts, reason: err.message, offers: entries.map((e) => e.offerId) }, 'alert dead-lettered after repeated failures');
      return 'dead';
    }
    const delay = retryDelayMs(attempts);
    await this.ledger.release(batchId, new Date(Date.now() + delay), err.message);
    this.log.warn({ email, attempts, delay, reason: err.message }, 'mail not accepted; retrying later');
    return 'retry-later';
  }

  private async report(batchId: string, entries: LedgerEntry[], provider: string, messageId: string | null): Promise<void> {
    const first = entries[0];
    await this.bus.publish('alert.sent', first.email, {
      recipientEmail: first.email,
      watchdogIds: [...new Set(entries.map((e) => e.watchdogId))],
      offerIds: entries.map((e) => e.offerId),
      sentAt: (entries[0].sentAt ?? new Date()).toISOString(),
      provider: provider === 'sendgrid' ? 'sendgrid' : 'smtp',
      messageId,
    });
    await this.ledger.markReported(batchId);
  }

  private async reportUnreported(sentBefore: Date): Promise<void> {
    const byBatch = new Map<string, LedgerEntry[]>();
    for (const e of await this.ledger.unreported(sentBefore)) byBatch.set(e.batchId ?? e._id, [...(byBatch.get(e.batchId ?? e._id) ?? []), e]);
    for (const [batchId, entries] of byBatch) await this.report(batchId, entries, entries[0].provider ?? 'smtp', entries[0].messageId);
  }
}
