import { AppError, type Logger } from '@rr/kit';
import type { BillingDeps } from '../deps';
import type { InvoiceRecord } from '../invoices/invoice.model';
import type { InvoiceService } from '../invoices/invoice.service';
import type { PaymentRecord } from './payment.model';
import type { Settlement } from './settlement';

/**
 * Money back for a payment, with its credit note. A card payment is refunded at GoPay (its state
 * follows from the lookup); a bank transfer is recorded for the accountant to send back, with the
 * credit note issued at once.
 */
export class Refunds {
  constructor(private readonly deps: BillingDeps, private readonly settlement: Settlement, private readonly invoices: InvoiceService) {}

  async refund(payment: PaymentRecord, amount: number, log: Logger): Promise<{ payment: PaymentRecord; creditNote: InvoiceRecord }> {
    if (!['paid', 'partially-refunded'].includes(payment.state) || amount <= 0 || amount > payment.amount - payment.refunded) {
      throw new AppError('SUBSCRIPTION_CONFLICT', `payment ${payment._id} (${payment.state}) cannot be refunded by ${amount}`);
    }
    if (payment.method === 'card') await this.deps.gopay.refund(payment, amount);
    else log.warn({ paymentId: payment._id, amount, variableSymbol: payment.variableSymbol }, 'bank transfer refund to send by hand');
    const refunded = payment.refunded + amount;
    const updated = (await this.deps.payments.update(payment._id, { refunded }))!;
    const creditNote = await this.invoices.issueCreditNote(updated, amount, `to-${refunded}`);
    const after = payment.method === 'card'
      ? await this.settlement.refresh(updated, log)
      : (await this.deps.payments.move(payment._id, refunded === payment.amount ? 'refunded' : 'partially-refunded')) ?? updated;
    return { payment: after, creditNote };
  }
}
