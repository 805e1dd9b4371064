import { Schema, type Connection, type Model } from 'mongoose';
import type { BillingInfo, BillingPeriod, PaymentMethod, PlanTier } from '@rr/proto';

export type InvoiceKind = 'invoice' | 'simplified' | 'credit-note';
export type Party = { name: string; street: string; city: string; postalCode: string; country: string; ico: string | null; dic: string | null };

/**
 * An issued tax document. Its `_id` is its number (`FV-2026-000001`, credit notes `DB-…`), and the
 * insert of the complete document is the claim of that number: a number exists exactly when its
 * document does, so the series has no gaps and no duplicates without transactions.
 */
export type InvoiceRecord = {
  _id: string;
  series: 'FV' | 'DB';
  year: number;
  seq: number;
  kind: InvoiceKind;
  /** What the document is for (`payment:<id>`, `refund:<id>:<n>`); unique, so a retry finds the same document. */
  sourceKey: string;
  paymentId: string;
  userId: string;
  supplier: Party;
  customer: Party;
  /** tier and period are null for advertising credit. */
  item: { tier: PlanTier | null; period: BillingPeriod | null; description: { cs: string; en: string } };
  /** Haléře; negative on a credit note. */
  base: number;
  vat: number;
  total: number;
  vatRate: number;
  currency: 'CZK';
  variableSymbol: string;
  method: PaymentMethod;
  issuedAt: Date;
  taxableSupplyAt: Date;
  correctsNumber: string | null;
  published: boolean;
  /** Sent to the customer by e-mail (PDF attached). */
  mailed?: boolean;
};

const schema = new Schema<InvoiceRecord>({
  _id: String, series: String, year: Number, seq: Number, kind: String, sourceKey: String, paymentId: String, userId: String,
  supplier: Schema.Types.Mixed, customer: Schema.Types.Mixed, item: Schema.Types.Mixed,
  base: Number, vat: Number, total: Number, vatRate: Number, currency: String, variableSymbol: String, method: String,
  issuedAt: Date, taxableSupplyAt: Date, correctsNumber: { type: String, default: null }, published: { type: Boolean, default: false }, mailed: { type: Boolean, default: false },
}, { versionKey: false });

schema.index({ sourceKey: 1 }, { unique: true });
// The next number: the highest of the series and year.
schema.index({ series: 1, year: 1, seq: -1 });
// The profile's list.
schema.index({ userId: 1, issuedAt: -1 });
schema.index({ published: 1 });
schema.index({ mailed: 1 });

export const invoiceModel = (db: Connection): Model<InvoiceRecord> =>
  (db.models.Invoice as Model<InvoiceRecord>) ?? db.model<InvoiceRecord>('Invoice', schema, 'invoices');

export const invoiceNumber = (series: string, year: number, seq: number) => `${series}-${year}-${String(seq).padStart(6, '0')}`;

export const billingToParty = (b: BillingInfo): Party => ({ name: b.name, street: b.street, city: b.city, postalCode: b.postalCode, country: b.country ?? 'CZ', ico: b.ico ?? null, dic: b.dic ?? null });
