import type { PaymentState } from '@rr/proto';

/** GoPay's states onto ours. PAYMENT_METHOD_CHOSEN and AUTHORIZED wait for the payer or the bank. */
export function fromGoPayState(state: string): PaymentState | null {
  switch (state) {
    case 'CREATED': return 'created';
    case 'PAYMENT_METHOD_CHOSEN':
    case 'AUTHORIZED': return 'pending';
    case 'PAID': return 'paid';
    case 'CANCELED': return 'canceled';
    case 'TIMEOUTED': return 'timeouted';
    case 'REFUNDED': return 'refunded';
    case 'PARTIALLY_REFUNDED': return 'partially-refunded';
    default: return null;
  }
}

/**
 * Which states a payment may move to from each state. A notification or lookup that arrives late
 * (out of order) or twice cannot move a payment backwards: `paid` never returns to `created`, a
 * refund never becomes `paid` again. A failed payment may still turn `paid`: a bank transfer that
 * arrives after its due date is money received, and the provider's lookup is the truth.
 */
const NEXT: Record<PaymentState, PaymentState[]> = {
  created: ['pending', 'paid', 'canceled', 'timeouted'],
  pending: ['paid', 'canceled', 'timeouted'],
  canceled: ['paid'],
  timeouted: ['paid'],
  paid: ['partially-refunded', 'refunded'],
  'partially-refunded': ['refunded'],
  refunded: [],
};

export const canMove = (from: PaymentState, to: PaymentState) => NEXT[from].includes(to);

/** States a payment may be in for a move to `to` to apply. */
export const statesBefore = (to: PaymentState): PaymentState[] =>
  (Object.keys(NEXT) as PaymentState[]).filter((from) => NEXT[from].includes(to));

export const isOpen = (s: PaymentState) => s === 'created' || s === 'pending';
