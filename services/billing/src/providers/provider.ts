import type { PaymentState } from '@rr/proto';
import type { PaymentRecord } from '../payments/payment.model';

/** What a provider says about a payment: its state, and the amount and currency it holds. */
export type ProviderState = {
  state: PaymentState;
  /** Haléře received (bank transfer) or charged (card). */
  amount: number;
  currency: string;
  /** A card saved for on-demand recurrence (GoPay's recurrence STARTED). */
  recurrenceReady?: boolean;
};

export type StartedPayment = { providerPaymentId: string | null; gatewayUrl: string | null };

/**
 * One interface for GoPay (card, bank buttons) and bank transfer (Fio statement). `lookup` is the
 * only source of truth for a payment's state: redirects and notifications just trigger it.
 */
export type PaymentProvider = {
  readonly method: PaymentRecord['method'];
  readonly name: PaymentRecord['provider'];
  start(payment: PaymentRecord, returnUrl: string): Promise<StartedPayment>;
  lookup(payment: PaymentRecord): Promise<ProviderState | null>;
};
