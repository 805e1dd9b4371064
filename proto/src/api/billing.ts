import { z } from 'zod';
import { isValidDic, isValidIco, normaliseDic, normaliseIco } from '../domain/billing-info';
import { BillingPeriodSchema, PaymentMethod, PaymentPurpose, PaymentState, PlanTierSchema, SubscriptionStatus } from '../events/billing';

/** Who the tax document is made out to. A consumer gives a name; a business adds IČO (and DIČ). */
export const BillingInfo = z.object({
  name: z.string().trim().min(1).max(200),
  street: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().regex(/^\d{3}\s?\d{2}$/, 'postal code is five digits'),
  country: z.literal('CZ').default('CZ'),
  ico: z.string().trim().transform(normaliseIco).refine((v) => v === '' || isValidIco(v), 'IČO check digit does not match').nullish()
    .transform((v) => v || null),
  dic: z.string().trim().transform(normaliseDic).refine((v) => v === '' || isValidDic(v), 'DIČ is CZ followed by 8–10 digits').nullish()
    .transform((v) => v || null),
});
export type BillingInfo = z.infer<typeof BillingInfo>;

export const CheckoutBody = z.object({
  tier: PlanTierSchema,
  period: BillingPeriodSchema,
  method: PaymentMethod,
  billing: BillingInfo,
  /** §1837 l) OZ: the consumer asks for the service to start at once and so loses the withdrawal right once it is provided. */
  immediateStart: z.boolean().default(false),
  termsAccepted: z.literal(true, { errorMap: () => ({ message: 'the payment terms must be accepted' }) }),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

export type BankTransferView = {
  accountNumber: string;
  iban: string;
  variableSymbol: string;
  /** Whole CZK with haléře, e.g. "199.00". */
  amount: string;
  currency: 'CZK';
  /** QR Platba (SPAYD) string for the QR code. */
  spayd: string;
  dueDate: string;
};

export type PaymentView = {
  id: string;
  state: PaymentState;
  method: z.infer<typeof PaymentMethod>;
  /** What is paid for: a tier (initial, renewal, upgrade) or advertising credit (tier and period null). */
  purpose: z.infer<typeof PaymentPurpose>;
  tier: z.infer<typeof PlanTierSchema> | null;
  period: z.infer<typeof BillingPeriodSchema> | null;
  /** Haléře, VAT included. */
  amount: number;
  currency: 'CZK';
  variableSymbol: string;
  /** Where to send the payer (the gateway) while the payment waits for them. */
  gatewayUrl: string | null;
  bankTransfer: BankTransferView | null;
  invoiceId: string | null;
  createdAt: string;
};

/** Prepaid advertising credit, paid by bank transfer with QR Platba (the order is the deposit request; the tax document follows the payment). */
export const AdCreditOrderBody = z.object({
  /** Haléře, VAT included: 1 000 Kč to 1 000 000 Kč. */
  amount: z.number().int().min(100_000, 'at least 1 000 Kč').max(100_000_000, 'at most 1 000 000 Kč'),
  billing: BillingInfo,
  termsAccepted: z.literal(true, { errorMap: () => ({ message: 'the advertising terms must be accepted' }) }),
});
export type AdCreditOrderBody = z.infer<typeof AdCreditOrderBody>;

export type CheckoutAnswer = { payment: PaymentView };

export type SubscriptionView = {
  id: string;
  status: z.infer<typeof SubscriptionStatus>;
  tier: z.infer<typeof PlanTierSchema>;
  period: z.infer<typeof BillingPeriodSchema>;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  nextTier: z.infer<typeof PlanTierSchema> | null;
  /** Until when the 14-day withdrawal right lasts; null when it was waived or has passed. */
  withdrawableUntil: string | null;
  billing: BillingInfo;
};

export type InvoiceView = {
  id: string;
  number: string;
  kind: 'invoice' | 'simplified' | 'credit-note';
  issuedAt: string;
  total: number;
  currency: 'CZK';
};
