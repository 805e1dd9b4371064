import { AppError, type Mailer } from '@rr/kit';
import { mailInvoice } from './invoice-mail';
import { PLANS, ROLE_LABELS, VAT_RATE_PERCENT, vatSplit, type InvoiceIssuedV1 } from '@rr/proto';
import type { BillingConfig } from '../config';
import type { BillingDeps } from '../deps';
import type { PaymentRecord } from '../payments/payment.model';
import { billingToParty, type InvoiceKind, type InvoiceRecord, type Party } from './invoice.model';
import type { InvoiceRepository } from './invoice.repository';

/** §30a of the VAT Act: up to 10,000 Kč including VAT a simplified tax document will do. */
export const SIMPLIFIED_LIMIT = 1_000_000;

export const supplierOf = (c: BillingConfig): Party => ({
  name: c.SUPPLIER_NAME, street: c.SUPPLIER_STREET, city: c.SUPPLIER_CITY, postalCode: c.SUPPLIER_POSTAL_CODE, country: 'CZ', ico: c.SUPPLIER_ICO, dic: c.SUPPLIER_DIC,
});

/** A simplified document for a consumer's payment up to the limit; a full invoice above it or for a business (IČO). */
export function kindFor(total: number, customerIco: string | null): InvoiceKind {
  return total <= SIMPLIFIED_LIMIT && !customerIco ? 'simplified' : 'invoice';
}

const describe = (p: Pick<PaymentRecord, 'tier' | 'period'>) => {
  if (!p.tier) return { cs: 'Kredit na inzerci v upozorněních Reality Radar (platba za zobrazení)', en: 'Reality Radar alert advertising credit (pay per view)' };
  const label = ROLE_LABELS[PLANS[p.tier].role];
  return {
    cs: `Předplatné Reality Radar ${label.cs} na ${p.period === 'month' ? '1 měsíc' : '1 rok'}`,
    en: `Reality Radar ${label.en} subscription for ${p.period === 'month' ? '1 month' : '1 year'}`,
  };
};

/** Issues the tax document of every paid payment and credit notes for refunds; publishes `invoice.issued`. */
export class InvoiceService {
  constructor(private readonly deps: BillingDeps, private readonly invoices: InvoiceRepository, private readonly mailer?: Mailer) {}

  /** `amount` and `sourceKey` differ from the order's for advertising credit paid in more than one transfer. */
  async issueForPayment(p: PaymentRecord, amount = p.amount, sourceKey = `payment:${p._id}`): Promise<InvoiceRecord> {
    const split = vatSplit(amount);
    const inv = await this.invoices.issue({
      series: 'FV', kind: kindFor(amount, p.billing.ico ?? null), sourceKey, paymentId: p._id, userId: p.userId,
      supplier: supplierOf(this.deps.config), customer: billingToParty(p.billing), item: { tier: p.tier, period: p.period, description: describe(p) },
      base: split.base, vat: split.vat, total: split.total, vatRate: VAT_RATE_PERCENT, currency: 'CZK', variableSymbol: p.variableSymbol,
      method: p.method, issuedAt: new Date(), taxableSupplyAt: p.paidAt ?? new Date(), correctsNumber: null,
    });
    await this.publish(inv);
    await this.mail(inv, p);
    return inv;
  }

  /** The credit note of a refund (`refundKey` tells refunds of one payment apart). */
  async issueCreditNote(p: PaymentRecord, amount: number, refundKey: string): Promise<InvoiceRecord> {
    const original = await this.invoices.findBySource(`payment:${p._id}`);
    if (!original) throw new AppError('NOT_FOUND', `payment ${p._id} has no invoice to correct`);
    const split = vatSplit(amount);
    const inv = await this.invoices.issue({
      series: 'DB', kind: 'credit-note', sourceKey: `refund:${p._id}:${refundKey}`, paymentId: p._id, userId: p.userId,
      supplier: original.supplier, customer: original.customer, item: original.item,
      base: -split.base, vat: -split.vat, total: -split.total, vatRate: VAT_RATE_PERCENT, currency: 'CZK', variableSymbol: p.variableSymbol,
      method: p.method, issuedAt: new Date(), taxableSupplyAt: new Date(), correctsNumber: original._id,
    });
    await this.publish(inv);
    await this.mail(inv, p);
    return inv;
  }

  /** Once per document; a failure leaves it for the reconciler's next round. */
  async mail(inv: InvoiceRecord, to: Pick<PaymentRecord, 'email' | 'locale'>): Promise<void> {
    if (!this.mailer || inv.mailed) return;
    try {
      await mailInvoice(this.mailer, inv, to, this.deps.config.PUBLIC_URL);
      await this.invoices.markMailed(inv._id);
    } catch (err) {
      this.deps.log.warn({ err, invoice: inv._id }, 'invoice not mailed yet');
    }
  }

  async publish(inv: InvoiceRecord): Promise<void> {
    const data: InvoiceIssuedV1 = {
      invoiceId: inv._id, number: inv._id, kind: inv.kind, userId: inv.userId, paymentId: inv.paymentId, total: inv.total, vat: inv.vat,
      currency: 'CZK', issuedAt: inv.issuedAt.toISOString(), correctsNumber: inv.correctsNumber,
    };
    try {
      await this.deps.bus.publish('invoice.issued', inv.userId, data);
      await this.invoices.markPublished(inv._id);
    } catch (err) {
      this.deps.log.warn({ err, invoice: inv._id }, 'invoice.issued not published yet; the reconciler retries');
    }
  }
}
