import type { Bus, Logger } from '@rr/kit';
import type { Confirmation, LedgerRepository } from './repositories/ledger.repository';

/** An e-mail the provider accepted, with what `alert.sent` tells about it. */
export type Accepted = Confirmation & { email: string; watchdogIds: string[]; offerIds: string[]; correlationId?: string; trace?: Record<string, string> };

const RETRY_MS = 1_000;

/**
 * After the provider accepted: confirm in the ledger (`sent`), publish `alert.sent`, record that it
 * went out. Whatever accumulated meanwhile goes in one bulk write and one publish, so a burst of
 * e-mails costs a few database commands, not a few per e-mail. A failed step keeps its items and
 * is tried again; the process remembers that the mail went out, so a database hiccup does not
 * turn into a second e-mail.
 */
export class Confirmations {
  private readonly toConfirm: Accepted[] = [];
  private readonly toReport: Accepted[] = [];
  private readonly toRecord: string[] = [];
  /** Items of the step being written or published (taken off their list meanwhile). */
  private inStep = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private retryAfter = 0;

  constructor(
    private readonly ledger: LedgerRepository,
    private readonly bus: Bus,
    /** Called once the entries are durably `sent`. */
    private readonly onConfirmed: (keys: string[]) => void,
    private readonly log: Logger,
  ) {}

  add(accepted: Accepted): void {
    this.toConfirm.push(accepted);
    this.flush();
  }

  /** Sent by an earlier process that died before `alert.sent` went out. */
  addUnreported(sent: Accepted): void {
    this.toReport.push(sent);
    this.flush();
  }

  /** Accepted e-mails whose confirmation, report or record is still to be done or under way. */
  pending(): number {
    return this.toConfirm.length + this.toReport.length + this.toRecord.length + this.inStep;
  }

  /** Starts a round unless one runs (then another follows it) or a failure asked to wait. */
  flush(force = false): void {
    if (this.pending() === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (!force && Date.now() < this.retryAfter) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.flush();
      }
    });
  }

  /** Waits for the round in flight and makes one last attempt (shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
    this.flush(true);
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending() > 0) {
        const confirming = this.toConfirm.splice(0);
        if (confirming.length > 0) {
          await this.step(confirming, this.toConfirm, () => this.ledger.confirmSent(confirming));
          this.onConfirmed(confirming.flatMap((a) => a.keys));
          this.toReport.push(...confirming);
        }
        const reporting = this.toReport.splice(0);
        if (reporting.length > 0) {
          await this.step(reporting, this.toReport, () => this.publish(reporting));
          this.toRecord.push(...reporting.flatMap((a) => a.keys));
        }
        const recording = this.toRecord.splice(0);
        if (recording.length > 0) await this.step(recording, this.toRecord, () => this.ledger.markReported(recording));
      }
    } catch (err) {
      this.retryAfter = Date.now() + RETRY_MS;
      this.log.warn({ err, pending: this.pending() }, 'confirming sent alerts failed; trying again');
    }
  }

  /** Runs one step; on failure its items go back to the front of their list. */
  private async step<T>(items: T[], list: T[], run: () => Promise<unknown>): Promise<void> {
    this.inStep = items.length;
    try {
      await run();
    } catch (err) {
      list.unshift(...items);
      throw err;
    } finally {
      this.inStep = 0;
    }
  }

  private async publish(items: Accepted[]): Promise<void> {
    await this.bus.publishMany('alert.sent', items.map((a) => ({
      key: a.email,
      data: {
        recipientEmail: a.email, watchdogIds: a.watchdogIds, offerIds: a.offerIds, sentAt: a.sentAt.toISOString(),
        provider: a.provider === 'sendgrid' ? ('sendgrid' as const) : ('smtp' as const), messageId: a.messageId,
        emailId: a.batchId, ...(a.adCampaignId ? { adCampaignId: a.adCampaignId } : {}),
      },
      // The e-mail's first alert names the trace and correlation id `alert.sent` continues.
      correlationId: a.correlationId, trace: a.trace,
    })));
  }
}
