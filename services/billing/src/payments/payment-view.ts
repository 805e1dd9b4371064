import type { PaymentView } from '@rr/proto';
import type { BillingConfig } from '../config';
import { spaydOf } from '../domain/spayd';
import type { PaymentRecord } from './payment.model';

/** The DTO the web client sees; bank transfers carry the account, the symbol and the QR Platba string. */
export function paymentView(p: PaymentRecord, config: Pick<BillingConfig, 'BANK_ACCOUNT' | 'BANK_IBAN'>): PaymentView {
  const open = p.state === 'created' || p.state === 'pending';
  const due = Math.max(0, p.amount - p.received);
  return {
    id: p._id,
    state: p.state,
    method: p.method,
    purpose: p.purpose,
    tier: p.tier,
    period: p.period,
    amount: p.amount,
    currency: p.currency,
    variableSymbol: p.variableSymbol,
    gatewayUrl: open ? p.gatewayUrl : null,
    bankTransfer: p.method === 'bank-transfer' && open ? {
      accountNumber: config.BANK_ACCOUNT,
      iban: config.BANK_IBAN,
      variableSymbol: p.variableSymbol,
      amount: (due / 100).toFixed(2),
      currency: 'CZK',
      spayd: spaydOf({ iban: config.BANK_IBAN, amount: due, currency: 'CZK', variableSymbol: p.variableSymbol, dueDate: p.dueAt, message: `Reality Radar ${p.variableSymbol}` }),
      dueDate: p.dueAt.toISOString(),
    } : null,
    invoiceId: null,
    createdAt: p.createdAt.toISOString(),
  };
}
