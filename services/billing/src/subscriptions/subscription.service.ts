import { AppError } from '@rr/kit';
import { PLANS, type PlanTier, type SubscriptionChangedV1 } from '@rr/proto';
import type { BillingDeps } from '../deps';
import { applyPaid, isUpgrade, renewalDueAt, roleOf, type SubscriptionTerms } from '../domain/subscription-rules';
import type { PaymentRecord } from '../payments/payment.model';
import type { SubscriptionRecord } from './subscription.model';

const WITHDRAWAL_DAYS = 14;
const DAY = 86_400_000;
const KEPT_PAYMENT_IDS = 50;
/** Days before a bank-transfer period ends that the next period's payment details are sent. */
export const BANK_REMINDER_DAYS = 7;

/** The subscription lifecycle: payments applied, cancel, tier changes; every change is published. */
export class SubscriptionService {
  constructor(private readonly deps: BillingDeps) {}

  /**
   * A paid payment applied once: the subscription remembers the payments it took, so a second
   * settlement of the same payment (a retry after a crash, a duplicate notification) changes nothing.
   */
  async applyPayment(p: PaymentRecord, now = new Date()): Promise<SubscriptionRecord> {
    if (!p.tier || !p.period) throw new AppError('VALIDATION_FAILED', `payment ${p._id} is not for a tier`);
    const paid = { ...p, tier: p.tier, period: p.period };
    for (let attempt = 0; attempt < 10; attempt++) {
      const current = await this.deps.subscriptions.findByUser(p.userId);
      if (current?.paymentIds.includes(p._id)) return current;
      const terms = applyPaid(current ? termsOf(current) : null, { purpose: p.purpose, tier: paid.tier, period: paid.period, paidAt: p.paidAt ?? now });
      const recurrenceParentId = p.method === 'card' ? (p.purpose === 'renewal' ? current?.recurrenceParentId ?? null : p.providerPaymentId) : null;
      const fields = {
        ...terms,
        email: p.email,
        locale: p.locale,
        method: p.method,
        recurrenceParentId,
        billing: p.billing,
        withdrawableUntil: p.purpose === 'renewal' ? current?.withdrawableUntil ?? null : new Date((p.paidAt ?? now).getTime() + WITHDRAWAL_DAYS * DAY),
        paymentIds: [...(current?.paymentIds ?? []), p._id].slice(-KEPT_PAYMENT_IDS),
        // Cards are charged a few days before the end; bank-transfer payers get the payment details a week before.
        renewal: { attempts: 0, nextAttemptAt: renewalDueAt(terms, recurrenceParentId ? this.deps.config.RENEW_DAYS_BEFORE : BANK_REMINDER_DAYS), paymentId: null },
      };
      const saved = current
        ? await this.deps.subscriptions.replace(current, fields)
        : await this.deps.subscriptions.insertFirst({ userId: p.userId, ...fields, createdAt: now, updatedAt: now });
      if (saved) {
        await this.publish(saved);
        return saved;
      }
    }
    throw new AppError('SUBSCRIPTION_CONFLICT', `subscription of ${p.userId} kept changing while payment ${p._id} was applied`, { retriable: true });
  }

  /** No renewal; the tier lasts to the period's end (the account's role ends then, not after grace). */
  async cancel(userId: string): Promise<SubscriptionRecord> {
    const sub = await this.requireLive(userId);
    if (sub.cancelAtPeriodEnd) return sub;
    const saved = await this.change(sub, { cancelAtPeriodEnd: true, status: 'canceling', nextTier: null, renewal: { attempts: 0, nextAttemptAt: null, paymentId: null } });
    if (sub.recurrenceParentId) {
      await this.deps.gopay.voidRecurrence(sub.recurrenceParentId).catch((err) => this.deps.log.warn({ err, userId }, 'recurrence not voided at GoPay; no renewal is charged anyway'));
    }
    return saved;
  }

  /** A lower tier from the next period on (an upgrade goes through checkout, paid at once). */
  async scheduleDowngrade(userId: string, tier: PlanTier): Promise<SubscriptionRecord> {
    const sub = await this.requireLive(userId);
    if (!isUpgrade(tier, sub.tier)) throw new AppError('SUBSCRIPTION_CONFLICT', `${tier} is not below ${sub.tier}; an upgrade is paid in checkout`);
    return this.change(sub, { nextTier: tier });
  }

  /** A full refund (withdrawal from the contract): the tier ends now, renewal stops. */
  async endNow(userId: string, now = new Date()): Promise<SubscriptionRecord | null> {
    const sub = await this.deps.subscriptions.findByUser(userId);
    if (!sub || sub.status === 'expired') return sub;
    if (sub.recurrenceParentId) await this.deps.gopay.voidRecurrence(sub.recurrenceParentId).catch(() => undefined);
    return this.change(sub, { status: 'expired', currentPeriodEnd: now, cancelAtPeriodEnd: true, nextTier: null, withdrawableUntil: null, renewal: { attempts: 0, nextAttemptAt: null, paymentId: null } });
  }

  async publish(sub: SubscriptionRecord, now = new Date()): Promise<void> {
    // A superseded revision is never published: on the compacted topic it would stand as the latest state.
    const latest = await this.deps.subscriptions.findByUser(sub.userId);
    if (latest && latest.revision > sub.revision) {
      await this.deps.subscriptions.markPublished(sub._id);
      return;
    }
    const { role, roleExpiresAt } = roleOf(termsOf(sub), this.deps.config.GRACE_DAYS, now);
    const data: SubscriptionChangedV1 = {
      subscriptionId: sub.userId, userId: sub.userId, email: sub.email, locale: sub.locale, status: sub.status, tier: sub.tier, period: sub.period,
      role, roleExpiresAt: roleExpiresAt?.toISOString() ?? null, currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd, nextTier: sub.nextTier, revision: sub.revision, at: now.toISOString(),
    };
    try {
      await this.deps.bus.publish('subscription.changed', sub.userId, data);
      await this.deps.subscriptions.markPublished(sub._id);
    } catch (err) {
      // Kept as unpublished: the reconciler publishes it when Kafka is back.
      this.deps.log.warn({ err, userId: sub.userId, revision: sub.revision }, 'subscription change not published yet');
    }
  }

  async change(sub: SubscriptionRecord, fields: Partial<SubscriptionRecord>): Promise<SubscriptionRecord> {
    const saved = await this.deps.subscriptions.replace(sub, fields);
    if (!saved) throw new AppError('SUBSCRIPTION_CONFLICT', `subscription of ${sub.userId} changed meanwhile; try again`, { retriable: true });
    await this.publish(saved);
    return saved;
  }

  private async requireLive(userId: string): Promise<SubscriptionRecord> {
    const sub = await this.deps.subscriptions.findByUser(userId);
    if (!sub || sub.status === 'expired') throw new AppError('NOT_FOUND', `user ${userId} has no running subscription`);
    return sub;
  }
}

export const termsOf = (s: SubscriptionRecord): SubscriptionTerms => ({
  tier: s.tier, period: s.period, status: s.status, currentPeriodStart: s.currentPeriodStart, currentPeriodEnd: s.currentPeriodEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd, nextTier: s.nextTier,
});

export const priceOf = (tier: PlanTier, period: 'month' | 'year') => PLANS[tier].price[period] * 100;
