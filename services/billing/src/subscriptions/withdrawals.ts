import { AppError, type Logger } from '@rr/kit';
import type { BillingDeps } from '../deps';
import type { InvoiceRecord } from '../invoices/invoice.model';
import type { Refunds } from '../payments/refunds';
import type { SubscriptionMails } from './subscription-mails';
import type { SubscriptionService } from './subscription.service';

/**
 * Withdrawal from the contract within 14 days (§1829 OZ), online (Directive 2023/2673). The price
 * comes back in full, or for the unused part when the consumer asked for an immediate start
 * (§1834 OZ); the tier ends now, and an acknowledgement with the date and time goes by e-mail.
 */
export class Withdrawals {
  constructor(
    private readonly deps: BillingDeps,
    private readonly subscriptions: SubscriptionService,
    private readonly refunds: Refunds,
    private readonly mails: SubscriptionMails,
  ) {}

  async withdraw(userId: string, log: Logger, now = new Date()): Promise<{ refunded: number; creditNote: InvoiceRecord | null; at: Date }> {
    const sub = await this.deps.subscriptions.findByUser(userId);
    if (!sub || sub.status === 'expired' || !sub.withdrawableUntil || sub.withdrawableUntil <= now) {
      throw new AppError('SUBSCRIPTION_CONFLICT', 'the 14-day withdrawal period is over or there is no subscription to withdraw from');
    }
    const payments = await Promise.all(sub.paymentIds.map((id) => this.deps.payments.findById(id)));
    const first = payments.filter((p) => p && p.purpose !== 'renewal' && ['paid', 'partially-refunded'].includes(p.state)).pop();
    let refunded = 0;
    let creditNote: InvoiceRecord | null = null;
    if (first) {
      const total = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
      const unused = Math.max(0, sub.currentPeriodEnd.getTime() - now.getTime());
      const due = first.immediateStart && total > 0 ? Math.floor((first.amount * unused) / total) : first.amount;
      const amount = Math.min(due, first.amount - first.refunded);
      if (amount > 0) {
        creditNote = (await this.refunds.refund(first, amount, log)).creditNote;
        refunded = amount;
      }
    }
    await this.subscriptions.endNow(userId, now);
    await this.mails.send('withdrawn', { email: sub.email, locale: sub.locale, tier: sub.tier, until: now, amount: refunded })
      .catch((err) => log.warn({ err, userId }, 'withdrawal acknowledgement not sent'));
    log.info({ userId, refunded }, 'withdrawal from the contract');
    return { refunded, creditNote, at: now };
  }
}
