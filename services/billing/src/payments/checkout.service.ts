import { randomBytes, randomInt } from 'node:crypto';
import { AppError, type Logger } from '@rr/kit';
import type { AdCreditOrderBody, CheckoutBody, Locale, PaymentPurpose } from '@rr/proto';
import type { BillingDeps } from '../deps';
import { isUpgrade, upgradeCharge } from '../domain/subscription-rules';
import { priceOf, termsOf } from '../subscriptions/subscription.service';
import type { PaymentRecord } from './payment.model';

export type Buyer = { id: string; email: string; locale: Locale };

const DAY = 86_400_000;
/** The web client's confirmation page per locale (web/src/routes.ts `premiumConfirmation`). */
const CONFIRMATION_PATH: Record<Locale, string> = { cs: '/premium-ucet-potvrzeni', en: '/premium-account-signup' };

/** A variable symbol: YYMM and six random digits (10 digits, never a leading zero). Unique by index. */
export function newVariableSymbol(now = new Date()): string {
  const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${yymm}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Orders a tier: decides what is charged (a fresh period, an extension, an upgrade less credit) and starts the payment. */
export class CheckoutService {
  constructor(private readonly deps: BillingDeps) {}

  async checkout(buyer: Buyer, body: CheckoutBody, log: Logger): Promise<PaymentRecord> {
    const now = new Date();
    const { purpose, amount, credit } = await this.charge(buyer.id, body, now);
    const provider = body.method === 'card' ? this.deps.gopay : this.deps.bank;
    const payment = await this.deps.payments.create({
      _id: `pay_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`,
      userId: buyer.id, email: buyer.email, locale: buyer.locale,
      method: body.method, provider: provider.name, providerPaymentId: null, purpose, tier: body.tier, period: body.period,
      amount, currency: 'CZK', credit, state: 'created', gatewayUrl: null, received: 0, overpaid: 0, refunded: 0, mismatch: null,
      billing: body.billing, immediateStart: body.immediateStart, termsAcceptedAt: now,
      dueAt: new Date(now.getTime() + (body.method === 'card' ? 1 : this.deps.config.BANK_TRANSFER_DUE_DAYS) * DAY),
      parentProviderPaymentId: null, paidAt: null, settledAt: null, checkAt: new Date(now.getTime() + 60_000), createdAt: now, updatedAt: now,
    }, () => newVariableSymbol(now));

    const returnUrl = `${this.deps.config.PUBLIC_URL.replace(/\/$/, '')}${CONFIRMATION_PATH[buyer.locale]}?payment=${encodeURIComponent(payment._id)}`;
    try {
      const started = await provider.start(payment, returnUrl);
      log.info({ paymentId: payment._id, method: body.method, tier: body.tier, amount }, 'checkout started');
      return (await this.deps.payments.update(payment._id, started)) ?? payment;
    } catch (err) {
      await this.deps.payments.move(payment._id, 'canceled', { mismatch: `not started: ${(err as Error).message}`.slice(0, 300), checkAt: null });
      if (err instanceof AppError && err.retriable) throw new AppError('UNAVAILABLE', 'the payment gateway is not available; please try again in a moment', { cause: err, retriable: true });
      throw err;
    }
  }

  /**
   * Prepaid advertising credit by bank transfer with QR Platba: the order is the deposit request
   * (due in `BANK_TRANSFER_DUE_DAYS`, 14 by default, as the spec's advertising invoices), the tax
   * document is issued when the money arrives, and the credit is announced to the ad service.
   */
  async orderAdCredit(buyer: Buyer, body: AdCreditOrderBody, log: Logger): Promise<PaymentRecord> {
    const now = new Date();
    const payment = await this.deps.payments.create({
      _id: `pay_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`,
      userId: buyer.id, email: buyer.email, locale: buyer.locale,
      method: 'bank-transfer', provider: this.deps.bank.name, providerPaymentId: null, purpose: 'ad-credit', tier: null, period: null,
      amount: body.amount, currency: 'CZK', credit: 0, state: 'created', gatewayUrl: null, received: 0, overpaid: 0, refunded: 0, mismatch: null,
      billing: body.billing, immediateStart: true, termsAcceptedAt: now,
      dueAt: new Date(now.getTime() + this.deps.config.BANK_TRANSFER_DUE_DAYS * DAY),
      parentProviderPaymentId: null, paidAt: null, settledAt: null, checkAt: new Date(now.getTime() + 60_000), createdAt: now, updatedAt: now,
    }, () => newVariableSymbol(now));
    log.info({ paymentId: payment._id, amount: body.amount }, 'advertising credit ordered');
    return payment;
  }

  private async charge(userId: string, body: CheckoutBody, now: Date): Promise<{ purpose: PaymentPurpose; amount: number; credit: number }> {
    const sub = await this.deps.subscriptions.findByUser(userId);
    const running = sub && sub.status !== 'expired' && sub.currentPeriodEnd > now ? sub : null;
    if (!running || running.tier === body.tier) return { purpose: 'initial', amount: priceOf(body.tier, body.period), credit: 0 };
    if (!isUpgrade(running.tier, body.tier)) {
      throw new AppError('SUBSCRIPTION_CONFLICT', `a lower tier than ${running.tier} starts at the period's end: change the tier on your profile`);
    }
    const { credit, amount } = upgradeCharge(termsOf(running), body.tier, body.period, now);
    return { purpose: 'upgrade', amount, credit };
  }
}
