import { z } from 'zod';
import { BILLING_PERIODS, PLAN_TIERS } from '../domain/plans';
import { Locale } from '../domain/enums';

export const PlanTierSchema = z.enum(PLAN_TIERS);
export const BillingPeriodSchema = z.enum(BILLING_PERIODS);
export const PaymentMethod = z.enum(['card', 'bank-transfer']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
/** Our own payment states; a provider's states map onto these (GoPay CREATED → created, …). */
export const PaymentState = z.enum(['created', 'pending', 'paid', 'canceled', 'timeouted', 'refunded', 'partially-refunded']);
export type PaymentState = z.infer<typeof PaymentState>;
/** `ad-credit`: prepaid advertising credit (announced by `ad-credit.purchased`, not by `payment.changed`). */
export const PaymentPurpose = z.enum(['initial', 'renewal', 'upgrade', 'ad-credit']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

/** A payment moved to another state, as the provider's state lookup says. Key: payment id. */
export const PaymentChangedV1 = z.object({
  paymentId: z.string(),
  userId: z.string(),
  method: PaymentMethod,
  provider: z.enum(['gopay', 'fio']),
  /** The provider's id (GoPay payment id); null for a bank transfer until it is matched. */
  providerPaymentId: z.string().nullable(),
  purpose: PaymentPurpose,
  tier: PlanTierSchema,
  period: BillingPeriodSchema,
  /** Haléře (1/100 CZK), VAT included. */
  amount: z.number().int().positive(),
  currency: z.literal('CZK'),
  variableSymbol: z.string().regex(/^[1-9]\d{0,9}$/),
  state: PaymentState,
  previousState: PaymentState.nullable(),
  at: z.string().datetime(),
});
export type PaymentChangedV1 = z.infer<typeof PaymentChangedV1>;

export const SubscriptionStatus = z.enum(['active', 'past-due', 'canceling', 'expired']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * The whole state of a user's subscription after a change (compacted: the latest per user wins).
 * The account service sets `role` and `roleExpiresAt` from it; `revision` grows with every change,
 * so an older state read after a newer one is ignored. Key: user id.
 */
export const SubscriptionChangedV1 = z.object({
  subscriptionId: z.string(),
  userId: z.string(),
  email: z.string().email(),
  locale: Locale,
  status: SubscriptionStatus,
  tier: PlanTierSchema,
  period: BillingPeriodSchema,
  /** The role the user holds now: the tier's, or USER (1) once the subscription has expired. */
  role: z.number().int(),
  /** Paid role's end (period end plus any grace); null with role USER. */
  roleExpiresAt: z.string().datetime().nullable(),
  currentPeriodEnd: z.string().datetime(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for the period's end. */
  nextTier: PlanTierSchema.nullable(),
  revision: z.number().int().positive(),
  at: z.string().datetime(),
});
export type SubscriptionChangedV1 = z.infer<typeof SubscriptionChangedV1>;

/** A tax document was issued (invoice, simplified tax document or credit note). Key: user id. */
export const InvoiceIssuedV1 = z.object({
  invoiceId: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'simplified', 'credit-note']),
  userId: z.string(),
  paymentId: z.string(),
  /** Haléře, VAT included; negative for a credit note. */
  total: z.number().int(),
  vat: z.number().int(),
  currency: z.literal('CZK'),
  issuedAt: z.string().datetime(),
  /** The invoice a credit note corrects. */
  correctsNumber: z.string().nullable(),
});
export type InvoiceIssuedV1 = z.infer<typeof InvoiceIssuedV1>;
