import { AppError } from '@rr/kit';
import { PLANS, ROLE_LABELS } from '@rr/proto';
import { fromGoPayState } from '../domain/payment-state';
import type { PaymentRecord } from '../payments/payment.model';
import type { GoPayClient, GoPayPaymentAnswer } from './gopay.client';
import type { PaymentProvider, ProviderState, StartedPayment } from './provider';

const describe = (p: PaymentRecord) => {
  if (!p.tier) return p.locale === 'cs' ? 'Reality Radar – kredit na inzerci' : 'Reality Radar advertising credit';
  const label = ROLE_LABELS[PLANS[p.tier].role][p.locale];
  const period = p.locale === 'cs' ? (p.period === 'month' ? 'měsíc' : 'rok') : p.period;
  return `Reality Radar ${label} (${period})`;
};

/**
 * Cards and bank buttons through GoPay. The first payment asks for an on-demand recurrence, so
 * renewals charge the saved card (`recur`) without the payer; each charge is its own payment.
 */
export class GoPayProvider implements PaymentProvider {
  readonly method = 'card' as const;
  readonly name = 'gopay' as const;

  constructor(private readonly client: GoPayClient, private readonly notificationUrl: string) {}

  async start(p: PaymentRecord, returnUrl: string): Promise<StartedPayment> {
    const answer = await this.client.createPayment({
      payer: {
        allowed_payment_instruments: ['PAYMENT_CARD', 'BANK_ACCOUNT'],
        default_payment_instrument: 'PAYMENT_CARD',
        contact: { email: p.email, city: p.billing.city, street: p.billing.street, postal_code: p.billing.postalCode, country_code: 'CZE' },
      },
      target: { type: 'ACCOUNT', goid: Number(this.client.goid) },
      amount: p.amount,
      currency: p.currency,
      order_number: p._id,
      order_description: describe(p),
      items: [{ type: 'ITEM', name: describe(p), amount: p.amount, count: 1, vat_rate: '21' }],
      recurrence: { recurrence_cycle: 'ON_DEMAND', recurrence_date_to: '2099-12-31' },
      additional_params: [{ name: 'variable_symbol', value: p.variableSymbol }],
      callback: { return_url: returnUrl, notification_url: this.notificationUrl },
      lang: p.locale.toUpperCase(),
    });
    this.checkOrder(p, answer);
    return { providerPaymentId: String(answer.id), gatewayUrl: answer.gw_url ?? null };
  }

  /** Charges the card saved by `parentProviderPaymentId` (renewal, upgrade with a saved card). */
  async recur(p: PaymentRecord): Promise<StartedPayment> {
    if (!p.parentProviderPaymentId) throw new AppError('VALIDATION_FAILED', `payment ${p._id} has no saved card to charge`);
    const answer = await this.client.createRecurrence(p.parentProviderPaymentId, {
      amount: p.amount, currency: p.currency, order_number: p._id, order_description: describe(p),
      items: [{ name: describe(p), amount: p.amount }],
      additional_params: [{ name: 'variable_symbol', value: p.variableSymbol }],
    });
    this.checkOrder(p, answer);
    return { providerPaymentId: String(answer.id), gatewayUrl: null };
  }

  async lookup(p: PaymentRecord): Promise<ProviderState | null> {
    if (!p.providerPaymentId) return null;
    const answer = await this.client.status(p.providerPaymentId);
    const state = fromGoPayState(answer.state);
    if (!state) throw new AppError('PAYMENT_PROVIDER_FAILED', `GoPay payment ${answer.id} is in unknown state ${answer.state}`);
    if (answer.order_number !== p._id) throw new AppError('PAYMENT_MISMATCH', `GoPay payment ${answer.id} belongs to order ${answer.order_number}, not ${p._id}`);
    return { state, amount: answer.amount, currency: answer.currency, recurrenceReady: answer.recurrence?.recurrence_state === 'STARTED' };
  }

  /** GoPay's own record of one of its payments: whose order it is and, for a recurrence, its parent. */
  async describe(providerPaymentId: string): Promise<{ orderNumber: string; parentId: string | null; amount: number; currency: string }> {
    const answer = await this.client.status(providerPaymentId);
    return { orderNumber: answer.order_number, parentId: answer.parent_id == null ? null : String(answer.parent_id), amount: answer.amount, currency: answer.currency };
  }

  refund(p: PaymentRecord, amount: number): Promise<unknown> {
    if (!p.providerPaymentId) throw new AppError('VALIDATION_FAILED', `payment ${p._id} was never sent to GoPay`);
    return this.client.refund(p.providerPaymentId, amount);
  }

  voidRecurrence(parentProviderPaymentId: string): Promise<unknown> {
    return this.client.voidRecurrence(parentProviderPaymentId);
  }

  private checkOrder(p: PaymentRecord, answer: GoPayPaymentAnswer): void {
    if (answer.order_number !== p._id || answer.amount !== p.amount || answer.currency !== p.currency) {
      throw new AppError('PAYMENT_MISMATCH', `GoPay created payment ${answer.id} for ${answer.order_number} ${answer.amount} ${answer.currency}, asked ${p._id} ${p.amount} ${p.currency}`);
    }
  }
}
