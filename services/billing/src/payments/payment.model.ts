import { Schema, type Connection, type Model } from 'mongoose';
import type { BillingInfo, BillingPeriod, Locale, PaymentMethod, PaymentPurpose, PaymentState, PlanTier } from '@rr/proto';

export type PaymentRecord = {
  /** Also our order number at the provider. */
  _id: string;
  userId: string;
  email: string;
  locale: Locale;
  method: PaymentMethod;
  provider: 'gopay' | 'fio';
  /** GoPay's payment id; null for bank transfers and before the provider answered. */
  providerPaymentId: string | null;
  purpose: PaymentPurpose;
  /** Null for advertising credit (`purpose: 'ad-credit'`). */
  tier: PlanTier | null;
  period: BillingPeriod | null;
  /** Haléře, VAT included: what the provider must report before the payment counts as paid. */
  amount: number;
  currency: 'CZK';
  /** Credit from the unused part of the previous tier (upgrades), haléře. */
  credit: number;
  variableSymbol: string;
  state: PaymentState;
  gatewayUrl: string | null;
  /** Bank transfers: haléře received so far under this variable symbol, and above the amount. */
  received: number;
  overpaid: number;
  /** Advertising credit: haléře announced to the ad service so far (what was paid, overpayments included). */
  credited?: number;
  /** Haléře refunded so far (credit notes issued for each refund). */
  refunded: number;
  /** Why a provider's answer was not applied (amount or currency differ). */
  mismatch: string | null;
  billing: BillingInfo;
  /** §1837 l) OZ consent to start at once (the withdrawal right ends once the service is provided). */
  immediateStart: boolean;
  termsAcceptedAt: Date;
  dueAt: Date;
  /** For a renewal or an upgrade: the GoPay payment whose saved card is charged. */
  parentProviderPaymentId: string | null;
  paidAt: Date | null;
  /** Set once the subscription has taken this payment (billing down between → the reconciler finishes it). */
  settledAt: Date | null;
  /** When the reconciler looks this open payment up next. */
  checkAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const schema = new Schema<PaymentRecord>({
  _id: String,
  userId: { type: String, required: true },
  email: String,
  locale: String,
  method: String,
  provider: String,
  providerPaymentId: { type: String, default: null },
  purpose: String,
  tier: String,
  period: String,
  amount: Number,
  currency: String,
  credit: { type: Number, default: 0 },
  variableSymbol: { type: String, required: true },
  state: String,
  gatewayUrl: { type: String, default: null },
  received: { type: Number, default: 0 },
  overpaid: { type: Number, default: 0 },
  credited: { type: Number, default: 0 },
  refunded: { type: Number, default: 0 },
  mismatch: { type: String, default: null },
  billing: Schema.Types.Mixed,
  immediateStart: Boolean,
  termsAcceptedAt: Date,
  dueAt: Date,
  parentProviderPaymentId: { type: String, default: null },
  paidAt: { type: Date, default: null },
  settledAt: { type: Date, default: null },
  checkAt: { type: Date, default: null },
  createdAt: Date,
  updatedAt: Date,
}, { versionKey: false });

// Notifications arrive with GoPay's id (unique at GoPay; not declared unique here because FerretDB
// has no partial indexes and many payments have none). Bank movements carry the variable symbol,
// whose unique index is the claim that makes it one order's.
schema.index({ providerPaymentId: 1 });
schema.index({ variableSymbol: 1 }, { unique: true });
// The profile's payment list, newest first.
schema.index({ userId: 1, createdAt: -1 });
// The reconciler: open payments due for a lookup, and paid ones the subscription has not taken yet.
schema.index({ checkAt: 1 });
schema.index({ state: 1, settledAt: 1 });

export const paymentModel = (db: Connection): Model<PaymentRecord> =>
  (db.models.Payment as Model<PaymentRecord>) ?? db.model<PaymentRecord>('Payment', schema, 'payments');
