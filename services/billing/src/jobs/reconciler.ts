import type { Logger } from '@rr/kit';
import type { BillingDeps } from '../deps';
import type { BankRefunds } from '../bank/bank-refunds';
import type { FioClient } from '../bank/fio.client';
import type { InvoiceService } from '../invoices/invoice.service';
import type { Renewals } from './renewals';
import type { Settlement } from '../payments/settlement';
import type { SubscriptionService } from '../subscriptions/subscription.service';

/** Days of statement each round reads again (a transfer is booked within a working day or two). */
const STATEMENT_WINDOW_DAYS = 7;

export type ReconcileResult = { movements: number; checked: number; settled: number; published: number; renewed: number; expired: number };

/**
 * What makes a lost notification or an outage harmless: reads the bank statement, looks up open
 * payments whose check is due, settles paid payments the subscription has not taken, and publishes
 * subscription changes Kafka did not accept. Every step is idempotent, so a round may repeat.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly deps: BillingDeps,
    private readonly fio: FioClient,
    private readonly settlement: Settlement,
    private readonly subscriptions: SubscriptionService,
    private readonly invoices: InvoiceService,
    private readonly renewals: Renewals,
    private readonly bankRefunds: BankRefunds,
    private readonly log: Logger,
  ) {}

  start(intervalMs: number, roundNow = true): void {
    this.timer = setInterval(() => void this.round(), intervalMs);
    this.timer.unref();
    if (roundNow) void this.round();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async round(now = new Date()): Promise<ReconcileResult> {
    const result: ReconcileResult = { movements: 0, checked: 0, settled: 0, published: 0, renewed: 0, expired: 0 };
    if (this.running) return result;
    this.running = true;
    try {
      await this.step('bank statement', async () => {
        const from = new Date(now.getTime() - STATEMENT_WINDOW_DAYS * 86_400_000);
        const movements = await this.fio.movementsBetween(from, now);
        // Money out: refund orders a person signed at the bank have left the account.
        await this.bankRefunds.confirmSent(movements.filter((m) => m.amount < 0), this.log);
        const fresh = await this.deps.bank.record(movements.filter((m) => m.amount > 0));
        result.movements = fresh.length;
        for (const symbol of new Set(fresh.map((m) => m.variableSymbol).filter((s): s is string => !!s))) {
          const p = await this.deps.payments.findByVariableSymbol(symbol);
          if (p) await this.settlement.refresh(p, this.log);
          else this.log.warn({ variableSymbol: symbol }, 'bank transfer with a variable symbol of no order');
        }
      });
      await this.step('open payments', async () => {
        for (const p of await this.deps.payments.dueForCheck(now)) {
          await this.settlement.refresh(p, this.log).catch((err) => this.log.warn({ err, paymentId: p._id }, 'lookup failed; next round retries'));
          result.checked += 1;
        }
      });
      await this.step('unsettled payments', async () => {
        for (const p of await this.deps.payments.paidNotSettled()) {
          await this.settlement.settle(p);
          result.settled += 1;
        }
      });
      await this.step('renewals', async () => {
        result.renewed = await this.renewals.renewDue(now);
      });
      await this.step('expiries', async () => {
        result.expired = await this.renewals.expireEnded(now);
      });
      await this.step('unpublished subscriptions', async () => {
        for (const s of await this.deps.subscriptions.unpublished()) {
          await this.subscriptions.publish(s);
          result.published += 1;
        }
      });
      await this.step('unpublished invoices', async () => {
        for (const inv of await this.deps.invoices.unpublished()) await this.invoices.publish(inv);
      });
      await this.step('invoices to mail', async () => {
        for (const inv of await this.deps.invoices.unmailed()) {
          const p = await this.deps.payments.findById(inv.paymentId);
          if (p) await this.invoices.mail(inv, p);
        }
      });
    } finally {
      this.running = false;
    }
    return result;
  }

  private async step(name: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.log.warn({ err, step: name }, 'reconcile step failed; next round retries');
    }
  }
}
