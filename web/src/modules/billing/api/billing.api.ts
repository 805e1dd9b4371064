import type { BillingPeriod, PlanTier, Entitlements } from '@rr/proto';
import { api } from '../../../lib/api';

/** Shapes of the billing API (proto/src/api/billing.ts), restated without zod for the bundle. */
export type PlanView = { tier: PlanTier; role: number; price: Record<BillingPeriod, number>; entitlements: Entitlements };
export type BillingInfoInput = { name: string; street: string; city: string; postalCode: string; ico?: string | null; dic?: string | null };
export type PaymentState = 'created' | 'pending' | 'paid' | 'canceled' | 'timeouted' | 'refunded' | 'partially-refunded';
export type PaymentView = {
  id: string; state: PaymentState; method: 'card' | 'bank-transfer'; tier: PlanTier; period: BillingPeriod; amount: number; currency: 'CZK';
  variableSymbol: string; gatewayUrl: string | null; createdAt: string;
  bankTransfer: { accountNumber: string; iban: string; variableSymbol: string; amount: string; currency: 'CZK'; spayd: string; dueDate: string } | null;
};
export type SubscriptionView = {
  id: string; status: 'active' | 'past-due' | 'canceling' | 'expired'; tier: PlanTier; period: BillingPeriod; currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean; nextTier: PlanTier | null; withdrawableUntil: string | null; billing: BillingInfoInput;
};
export type InvoiceView = { id: string; number: string; kind: 'invoice' | 'simplified' | 'credit-note'; issuedAt: string; total: number; currency: 'CZK' };
export type CheckoutInput = { tier: PlanTier; period: BillingPeriod; method: 'card' | 'bank-transfer'; billing: BillingInfoInput; immediateStart: boolean; termsAccepted: boolean };

export const billingApi = {
  plans: () => api<PlanView[]>('/billing/plans', { auth: false }),
  checkout: (body: CheckoutInput) => api<{ payment: PaymentView }>('/billing/checkout', { method: 'POST', body }),
  payment: (id: string) => api<PaymentView>(`/billing/payments/${encodeURIComponent(id)}`),
  subscription: () => api<SubscriptionView | null>('/billing/subscription'),
  invoices: () => api<InvoiceView[]>('/billing/invoices'),
  cancel: () => api<SubscriptionView>('/billing/subscription/cancel', { method: 'POST', body: {} }),
  withdraw: () => api<{ refunded: number; creditNote: InvoiceView | null; at: string }>('/billing/subscription/withdraw', { method: 'POST', body: {} }),
  changeTier: (tier: PlanTier) => api<SubscriptionView>('/billing/subscription/change', { method: 'POST', body: { tier } }),
};

/** A download link: a plain link cannot send the Authorization header, so the token rides in the query. */
export const invoiceUrl = (id: string, format: 'pdf' | 'isdoc', token: string) =>
  `/api/billing/invoices/${encodeURIComponent(id)}/${format}?token=${encodeURIComponent(token)}`;
