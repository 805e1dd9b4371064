import { AppError, type Logger } from '@rr/kit';
import type { BankRefundRecord } from '../bank/bank-refund.model';
import type { BankRefunds } from '../bank/bank-refunds';
import type { BillingDeps } from '../deps';
import type { InvoiceRecord } from '../invoices/invoice.model';
import type { InvoiceService } from '../invoices/invoice.service';
import type { PaymentRecord } from './payment.model';
import type { Settlement } from './settlement';

/**
 * Money back for a payment, with its credit note. A card payment is refunded at GoPay (its state
 * follows from the lookup); a bank transfer gets a payment order to the account it came from,
 * imported at Fio (`BankRefunds`), with the credit note issued at once.
 */
export class Refunds {
  constructor(private readonly deps: BillingDeps, private readonly settlement: Settlement, private readonly invoices: InvoiceService, private readonly bankRefunds: BankRefunds) {}

  async refund(payment: PaymentRecord, amount: number, log: Logger): Promise<{ payment: PaymentRecord; creditNote: InvoiceRecord; bankRefund: BankRefundRecord | null }> {
    if (!['paid', 'partially-refunded'].includes(payment.state) || amount <= 0 || amount > payment.amount - payment.refunded) {
      throw new AppError('SUBSCRIPTION_CONFLICT', `payment ${payment._id} (${payment.state}) cannot be refunded by ${amount}`);
    }
    const refunded = payment.refunded + amount;
    if (payment.method === 'card') await this.deps.gopay.refund(payment, amount);
    const bankRefund = payment.method === 'card' ? null : await this.bankRefunds.send(payment, amount, `to-${refunded}`, log);
    const updated = (await this.deps.payments.update(payment._id, { refunded }))!;
    const creditNote = await this.invoices.issueCreditNote(updated, amount, `to-${refunded}`);
    const after = payment.method === 'card'
      ? await this.settlement.refresh(updated, log)
      : (await this.deps.payments.move(payment._id, refunded === payment.amount ? 'refunded' : 'partially-refunded')) ?? updated;
    return { payment: after, creditNote, bankRefund };
  }
}
