import { randomBytes } from 'node:crypto';
import type { Logger } from '@rr/kit';
import type { BillingDeps } from '../deps';
import { isOpen } from '../domain/payment-state';
import { newVariableSymbol } from '../payments/checkout.service';
import type { PaymentRecord } from '../payments/payment.model';
import type { Settlement } from '../payments/settlement';
import type { SubscriptionMails } from '../subscriptions/subscription-mails';
import type { SubscriptionRecord } from '../subscriptions/subscription.model';
import { priceOf, type SubscriptionService } from '../subscriptions/subscription.service';

const DAY = 86_400_000;
/** Days after each failed charge before the next try (dunning), a mail each time; then access ends with the grace period. */
export const RETRY_DAYS = [1, 2, 2];

/**
 * Renewal by GoPay's on-demand recurrence a few days before a period ends; a declined charge is
 * retried on a schedule with a dunning mail each time; subscriptions past their end (cancelled, or
 * unpaid after the grace days) expire, which sends the account back to USER.
 */
export class Renewals {
  constructor(
    private readonly deps: BillingDeps,
    private readonly settlement: Settlement,
    private readonly subscriptions: SubscriptionService,
    private readonly mails: SubscriptionMails,
    private readonly log: Logger,
  ) {}

  async renewDue(now = new Date()): Promise<number> {
    let handled = 0;
    for (const due of await this.deps.subscriptions.dueForRenewal(now)) {
      const latest = await this.deps.subscriptions.findByUser(due.userId);
      if (!latest || latest.revision !== due.revision || latest.status === 'expired' || latest.cancelAtPeriodEnd) continue;
      await (latest.recurrenceParentId ? this.renew(latest, now) : this.remindBankTransfer(latest, now)).catch((err) => this.log.warn({ err, userId: latest.userId }, 'renewal failed; next round retries'));
      handled += 1;
    }
    return handled;
  }

  async expireEnded(now = new Date()): Promise<number> {
    let expired = 0;
    for (const sub of await this.deps.subscriptions.endedBy(now)) {
      const graceEnd = sub.currentPeriodEnd.getTime() + (sub.cancelAtPeriodEnd ? 0 : this.deps.config.GRACE_DAYS * DAY);
      if (graceEnd > now.getTime()) continue;
      const latest = await this.deps.subscriptions.findByUser(sub.userId);
      if (!latest || latest.revision !== sub.revision) continue;
      const saved = await this.subscriptions.change(latest, { status: 'expired', nextTier: null, renewal: { attempts: 0, nextAttemptAt: null, paymentId: null } });
      await this.mails.send('expired', { email: saved.email, locale: saved.locale, tier: saved.tier, until: saved.currentPeriodEnd }).catch((err) => this.log.warn({ err, userId: saved.userId }, 'expiry mail not sent'));
      expired += 1;
    }
    return expired;
  }

  private async renew(sub: SubscriptionRecord, now: Date): Promise<void> {
    const previous = sub.renewal.paymentId ? await this.deps.payments.findById(sub.renewal.paymentId) : null;
    if (previous && (isOpen(previous.state) || (previous.state === 'paid' && !previous.settledAt))) {
      await this.settlement.refresh(previous, this.log);
      return;
    }
    if (await this.waitsForUnconfirmed(sub, now)) return;
    const graceEnd = sub.currentPeriodEnd.getTime() + this.deps.config.GRACE_DAYS * DAY;
    const attempt = sub.renewal.attempts + 1;
    if (attempt > RETRY_DAYS.length + 1 || now.getTime() >= graceEnd) {
      await this.subscriptions.change(sub, { renewal: { attempts: sub.renewal.attempts, nextAttemptAt: null, paymentId: sub.renewal.paymentId } });
      return; // expireEnded ends it once the grace is over
    }
    const payment = await this.charge(sub, now);
    const after = await this.settlement.refresh(payment, this.log);
    if (after.state === 'paid') return; // applying the payment started the next period and reset the renewal
    const latest = (await this.deps.subscriptions.findByUser(sub.userId))!;
    const failed = after.state === 'canceled' || after.state === 'timeouted';
    const nextAttemptAt = new Date(now.getTime() + (failed ? (RETRY_DAYS[attempt - 1] ?? 1) * DAY : 3_600_000));
    await this.subscriptions.change(latest, {
      status: failed && now >= latest.currentPeriodEnd ? 'past-due' : latest.status,
      renewal: { attempts: attempt, nextAttemptAt, paymentId: payment._id },
    });
    if (failed) {
      this.log.info({ userId: sub.userId, attempt, paymentId: payment._id }, 'renewal declined; dunning');
      await this.mails.send('renewal-failed', { email: sub.email, locale: sub.locale, tier: sub.tier, until: new Date(graceEnd) })
        .catch((err) => this.log.warn({ err, userId: sub.userId }, 'dunning mail not sent'));
    }
  }

  /**
   * A charge of this period recorded but never confirmed (the process died, or GoPay's answer timed
   * out, between the insert and the reply — the subscription does not know it yet): GoPay may
   * have charged the card, so nothing is charged again while its notification can still name it
   * (`Settlement.onGoPayNotification` adopts it). Past `RENEWAL_UNCONFIRMED_HOURS` it counts as
   * never made: cancelled here, and the renewal goes on.
   */
  private async waitsForUnconfirmed(sub: SubscriptionRecord, now: Date): Promise<boolean> {
    const recent = await this.deps.payments.listForUser(sub.userId, 5);
    const unconfirmed = recent.find((p) => p.purpose === 'renewal' && p.method === 'card' && isOpen(p.state) && p.createdAt >= sub.currentPeriodStart);
    if (!unconfirmed) return false;
    if (unconfirmed.providerPaymentId) {
      await this.settlement.refresh(unconfirmed, this.log);
      return true;
    }
    if (now.getTime() - unconfirmed.createdAt.getTime() < this.deps.config.RENEWAL_UNCONFIRMED_HOURS * 3_600_000) {
      this.log.warn({ userId: sub.userId, paymentId: unconfirmed._id }, 'renewal charge not confirmed by GoPay; waiting for its notification');
      return true;
    }
    await this.deps.payments.move(unconfirmed._id, 'canceled', { checkAt: null });
    this.log.warn({ userId: sub.userId, paymentId: unconfirmed._id }, 'renewal charge never confirmed by GoPay; counted as not made');
    return false;
  }

  /**
   * Bank-transfer subscriptions do not renew by themselves: a week before the end the next period's
   * order goes out by e-mail (account, amount, variable symbol, the QR on its payment page), again
   * at the end if it is still open. Paid from the statement, the next period starts at the old end.
   */
  private async remindBankTransfer(sub: SubscriptionRecord, now: Date): Promise<void> {
    const open = sub.renewal.paymentId ? await this.deps.payments.findById(sub.renewal.paymentId) : null;
    const payment = open && isOpen(open.state) ? open : await this.order(sub, now);
    const again = sub.renewal.attempts === 0 ? sub.currentPeriodEnd : null;
    await this.subscriptions.change(sub, { renewal: { attempts: sub.renewal.attempts + 1, nextAttemptAt: again, paymentId: payment._id } });
    const base = this.deps.config.PUBLIC_URL.replace(/\/$/, '');
    await this.mails.send('renewal-bank', {
      email: sub.email, locale: sub.locale, tier: payment.tier ?? sub.tier, until: sub.currentPeriodEnd,
      bank: {
        accountNumber: this.deps.config.BANK_ACCOUNT, iban: this.deps.config.BANK_IBAN, variableSymbol: payment.variableSymbol, amount: payment.amount,
        confirmationUrl: `${base}${sub.locale === 'cs' ? '/premium-ucet-potvrzeni' : '/premium-account-signup'}?payment=${encodeURIComponent(payment._id)}`,
      },
    }).catch((err) => this.log.warn({ err, userId: sub.userId }, 'bank renewal mail not sent'));
  }

  private order(sub: SubscriptionRecord, now: Date): Promise<PaymentRecord> {
    const tier = sub.nextTier ?? sub.tier;
    return this.deps.payments.create({
      _id: `pay_r${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`,
      userId: sub.userId, email: sub.email, locale: sub.locale, method: 'bank-transfer', provider: 'fio', providerPaymentId: null, purpose: 'renewal',
      tier, period: sub.period, amount: priceOf(tier, sub.period), currency: 'CZK', credit: 0, state: 'created', gatewayUrl: null,
      received: 0, overpaid: 0, refunded: 0, mismatch: null, billing: sub.billing, immediateStart: true, termsAcceptedAt: now,
      dueAt: new Date(sub.currentPeriodEnd.getTime() + this.deps.config.GRACE_DAYS * DAY), parentProviderPaymentId: null, paidAt: null, settledAt: null,
      checkAt: new Date(now.getTime() + 5 * 60_000), createdAt: now, updatedAt: now,
    }, () => newVariableSymbol(now));
  }

  /** The renewal payment, charged on the card the first payment saved. */
  private async charge(sub: SubscriptionRecord, now: Date): Promise<PaymentRecord> {
    const tier = sub.nextTier ?? sub.tier;
    const payment = await this.deps.payments.create({
      _id: `pay_r${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`,
      userId: sub.userId, email: sub.email, locale: sub.locale, method: 'card', provider: 'gopay', providerPaymentId: null, purpose: 'renewal',
      tier, period: sub.period, amount: priceOf(tier, sub.period), currency: 'CZK', credit: 0, state: 'created', gatewayUrl: null,
      received: 0, overpaid: 0, refunded: 0, mismatch: null, billing: sub.billing, immediateStart: true, termsAcceptedAt: now,
      dueAt: new Date(now.getTime() + DAY), parentProviderPaymentId: sub.recurrenceParentId, paidAt: null, settledAt: null,
      checkAt: new Date(now.getTime() + 60_000), createdAt: now, updatedAt: now,
    }, () => newVariableSymbol(now));
    const started = await this.deps.gopay.recur(payment);
    return (await this.deps.payments.update(payment._id, started)) ?? payment;
  }
}
