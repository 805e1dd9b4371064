import { randomBytes } from 'node:crypto';
import type { CreatePaymentRequest, GoPayPayment, GoPayState } from './types';

type Clock = () => Date;

/** Payments, recurrences and tokens of the simulated GoPay account, in memory. */
export class GoPayStore {
  private readonly payments = new Map<number, GoPayPayment>();
  private readonly tokens = new Map<string, { scope: string; expiresAt: number }>();
  private nextId = 3_000_000_001;
  /** What the next on-demand recurrence does (the card is charged or declined). */
  recurrenceOutcome: 'paid' | 'declined' = 'paid';

  /** Public origin for `gw_url`; a test server on an ephemeral port sets it once it knows the port. */
  constructor(public origin: string, private readonly goid: number, private readonly clock: Clock = () => new Date()) {}

  issueToken(scope: string, ttlSeconds: number): string {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { scope, expiresAt: this.clock().getTime() + ttlSeconds * 1000 });
    return token;
  }

  /** `payment-create` may only create; everything else needs `payment-all`. */
  tokenAllows(token: string, needed: 'payment-create' | 'payment-all'): 'ok' | 'invalid' | 'scope' {
    const t = this.tokens.get(token);
    if (!t || t.expiresAt <= this.clock().getTime()) return 'invalid';
    if (needed === 'payment-all' && t.scope !== 'payment-all') return 'scope';
    return 'ok';
  }

  expireTokens(): void {
    this.tokens.clear();
  }

  create(req: CreatePaymentRequest): GoPayPayment {
    const id = this.nextId++;
    const payment: GoPayPayment = {
      id,
      order_number: req.order_number,
      state: 'CREATED',
      amount: req.amount,
      currency: req.currency,
      payer: { contact: req.payer?.contact },
      target: { type: 'ACCOUNT', goid: this.goid },
      ...(req.recurrence ? { recurrence: { recurrence_cycle: req.recurrence.recurrence_cycle, recurrence_date_to: req.recurrence.recurrence_date_to, recurrence_state: 'REQUESTED' as const } } : {}),
      additional_params: req.additional_params,
      lang: req.lang ?? 'CS',
      gw_url: `${this.origin}/gopay/gw/${id}`,
      callback: req.callback,
      refunded: 0,
    };
    this.payments.set(id, payment);
    return payment;
  }

  /** A charge on the card saved by a parent payment; its outcome is `recurrenceOutcome`. */
  recur(parent: GoPayPayment, fields: { amount: number; currency: string; order_number: string; additional_params?: Array<{ name: string; value: string }> }): GoPayPayment {
    const id = this.nextId++;
    const payment: GoPayPayment = {
      id,
      parent_id: parent.id,
      order_number: fields.order_number,
      state: this.recurrenceOutcome === 'paid' ? 'PAID' : 'CANCELED',
      amount: fields.amount,
      currency: fields.currency,
      payment_instrument: 'PAYMENT_CARD',
      payer: parent.payer,
      target: parent.target,
      additional_params: fields.additional_params,
      lang: parent.lang,
      gw_url: `${this.origin}/gopay/gw/${id}`,
      callback: parent.callback,
      refunded: 0,
    };
    this.payments.set(id, payment);
    return payment;
  }

  get(id: number): GoPayPayment | undefined {
    return this.payments.get(id);
  }

  list(): GoPayPayment[] {
    return [...this.payments.values()];
  }

  setState(p: GoPayPayment, state: GoPayState): void {
    p.state = state;
    if (state === 'PAID') {
      p.payment_instrument ??= 'PAYMENT_CARD';
      if (p.recurrence?.recurrence_state === 'REQUESTED') p.recurrence.recurrence_state = 'STARTED';
    }
  }

  reset(): void {
    this.payments.clear();
    this.tokens.clear();
    this.recurrenceOutcome = 'paid';
  }
}
