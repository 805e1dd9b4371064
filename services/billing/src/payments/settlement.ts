import { AppError, type Logger } from '@rr/kit';
import type { PaymentChangedV1 } from '@rr/proto';
import type { BillingDeps } from '../deps';
import { canMove, isOpen } from '../domain/payment-state';
import type { PaymentProvider } from '../providers/provider';
import type { SubscriptionService } from '../subscriptions/subscription.service';
import type { PaymentRecord } from './payment.model';

const RECHECK_MS = { card: 60_000, 'bank-transfer': 5 * 60_000 } as const;

export type SettlementHooks = {
  onSettled?: (p: PaymentRecord) => Promise<void>;
  /** The tax document of advertising credit received: `sourceKey` tells the first payment from money that came later. */
  onCreditReceived?: (p: PaymentRecord, amount: number, sourceKey: string) => Promise<void>;
};

/**
 * Brings a payment to the state its provider reports. Redirects and notifications only say
 * "look": the lookup is the truth, amounts and currencies must match the order, moves only go
 * forward (idempotent), and a paid payment is applied to the subscription exactly once.
 */
export class Settlement {
  constructor(private readonly deps: BillingDeps, private readonly subscriptions: SubscriptionService, private readonly hooks: SettlementHooks = {}) {}

  providerOf(p: PaymentRecord): PaymentProvider {
    return p.method === 'card' ? this.deps.gopay : this.deps.bank;
  }

  async refresh(p: PaymentRecord, log: Logger = this.deps.log): Promise<PaymentRecord> {
    const reported = await this.providerOf(p).lookup(p);
    // A charge never confirmed by GoPay (its answer lost): nothing to look up until its notification names it.
    if (!reported) return isOpen(p.state) ? this.reschedule(p) : p;
    if (reported.currency !== p.currency || (p.method === 'card' && reported.amount !== p.amount)) {
      const mismatch = `provider reports ${reported.amount} ${reported.currency}, order is ${p.amount} ${p.currency}`;
      log.error({ paymentId: p._id, mismatch }, 'payment does not match its order; not applied');
      return (await this.deps.payments.update(p._id, { mismatch, checkAt: null })) ?? p;
    }
    let current = p;
    if (p.method === 'bank-transfer' && reported.amount !== p.received) {
      current = (await this.deps.payments.update(p._id, { received: reported.amount, overpaid: Math.max(0, reported.amount - p.amount) })) ?? current;
    }
    if (reported.state !== current.state && canMove(current.state, reported.state)) {
      const now = new Date();
      const moved = await this.deps.payments.move(current._id, reported.state, {
        ...(reported.state === 'paid' ? { paidAt: now } : {}),
        checkAt: isOpen(reported.state) ? new Date(now.getTime() + RECHECK_MS[p.method]) : null,
      });
      if (moved) {
        log.info({ paymentId: p._id, from: current.state, to: moved.state }, 'payment moved');
        await this.publishChange(moved, current.state);
        current = moved;
      } else {
        current = (await this.deps.payments.findById(p._id)) ?? current;
      }
    } else if (isOpen(current.state)) {
      current = await this.reschedule(current);
    }
    if (current.state === 'paid' && !current.settledAt) current = await this.settle(current);
    else if (current.purpose === 'ad-credit' && current.settledAt && current.received > (current.credited ?? current.amount)) current = await this.creditLater(current);
    return current;
  }

  /**
   * An open payment is looked up again later, less often as it ages, and not at all a day past its
   * due date (an abandoned gateway page; a late notification or transfer still settles it).
   */
  private async reschedule(p: PaymentRecord, now = new Date()): Promise<PaymentRecord> {
    const age = now.getTime() - p.createdAt.getTime();
    const next = now.getTime() + Math.max(RECHECK_MS[p.method], Math.min(age / 4, 3_600_000));
    const checkAt = now.getTime() > p.dueAt.getTime() + 86_400_000 ? null : new Date(next);
    return (await this.deps.payments.update(p._id, { checkAt })) ?? p;
  }

  /** Applies a paid payment to the subscription, then marks it settled (the reconciler retries what failed between). */
  async settle(p: PaymentRecord): Promise<PaymentRecord> {
    if (p.purpose === 'ad-credit') {
      // What was paid becomes credit, an overpayment too (docs/decisions.md). The tax document
      // first, then the credit: a failed publish is retried by the reconciler (the invoice is one
      // per source key, and the ad service books one deposit per payment id).
      const amount = Math.max(p.amount, p.received);
      await this.hooks.onCreditReceived?.(p, amount, `payment:${p._id}`);
      await this.publishAdCredit(p, p._id, amount);
      await this.deps.payments.update(p._id, { credited: amount });
      return (await this.deps.payments.markSettled(p._id)) ?? p;
    }
    await this.subscriptions.applyPayment(p);
    await this.hooks.onSettled?.(p);
    return (await this.deps.payments.markSettled(p._id)) ?? p;
  }

  /**
   * A GoPay notification: the id is GoPay's. An id no order holds may be a recurring charge whose
   * answer we lost (billing crashed or timed out between recording the charge and GoPay's reply):
   * GoPay's own record of it names our order and the parent payment, and the order adopts it.
   * Anything else is refused.
   */
  async onGoPayNotification(providerPaymentId: string, log: Logger): Promise<PaymentRecord> {
    if (!/^\d{1,20}$/.test(providerPaymentId)) throw new AppError('VALIDATION_FAILED', `notification id ${providerPaymentId.slice(0, 40)} is not a GoPay payment id`);
    const p = (await this.deps.payments.findByProviderId(providerPaymentId)) ?? (await this.adoptUnconfirmed(providerPaymentId, log));
    if (!p) {
      log.warn({ providerPaymentId }, 'notification for a payment we did not create');
      throw new AppError('NOT_FOUND', `no order has GoPay payment ${providerPaymentId}`);
    }
    return this.refresh(p, log);
  }

  /** The order a lost-answer recurring charge belongs to, once GoPay's record matches it in every respect. */
  private async adoptUnconfirmed(providerPaymentId: string, log: Logger): Promise<PaymentRecord | null> {
    const charge = await this.deps.gopay.describe(providerPaymentId);
    const order = await this.deps.payments.findById(charge.orderNumber);
    const ours = order && order.method === 'card' && !order.providerPaymentId && order.parentProviderPaymentId !== null
      && order.parentProviderPaymentId === charge.parentId && order.amount === charge.amount && order.currency === charge.currency;
    if (!ours) return null;
    log.info({ paymentId: order._id, providerPaymentId }, 'unconfirmed recurring charge adopted from its notification');
    return this.deps.payments.update(order._id, { providerPaymentId });
  }

  /**
   * Money that came under a settled credit order's symbol later (a second transfer): credit too,
   * with its own tax document and deposit id (`<paymentId>-<received so far>`), each once.
   */
  private async creditLater(p: PaymentRecord): Promise<PaymentRecord> {
    const credited = p.credited ?? p.amount;
    const extra = p.received - credited;
    const key = `${p._id}-${p.received}`;
    await this.hooks.onCreditReceived?.(p, extra, `payment:${key}`);
    await this.publishAdCredit(p, key, extra);
    this.deps.log.info({ paymentId: p._id, extra }, 'later money under a credit order credited');
    return (await this.deps.payments.update(p._id, { credited: p.received, overpaid: Math.max(0, p.received - p.amount) })) ?? p;
  }

  private async publishAdCredit(p: PaymentRecord, paymentId: string, amount: number): Promise<void> {
    await this.deps.bus.publish('ad-credit.purchased', p.userId, {
      paymentId, userId: p.userId, email: p.email, locale: p.locale, amount, at: new Date().toISOString(),
    });
  }

  private async publishChange(p: PaymentRecord, previous: PaymentRecord['state']): Promise<void> {
    // payment.changed describes tier payments; advertising credit is announced by ad-credit.purchased.
    if (!p.tier || !p.period) return;
    const data: PaymentChangedV1 = {
      paymentId: p._id, userId: p.userId, method: p.method, provider: p.provider, providerPaymentId: p.providerPaymentId, purpose: p.purpose,
      tier: p.tier, period: p.period, amount: p.amount, currency: p.currency, variableSymbol: p.variableSymbol, state: p.state,
      previousState: previous, at: new Date().toISOString(),
    };
    await this.deps.bus.publish('payment.changed', p._id, data).catch((err) => this.deps.log.warn({ err, paymentId: p._id }, 'payment.changed not published'));
  }
}
