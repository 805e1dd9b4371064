/**
 * GoPay REST API shapes as documented (gopaycommunity/gopay-api-documentation): amounts in cents
 * (haléře), states CREATED → PAYMENT_METHOD_CHOSEN → PAID / CANCELED / TIMEOUTED, then REFUNDED or
 * PARTIALLY_REFUNDED; recurrence ON_DEMAND with states REQUESTED → STARTED → STOPPED.
 */
import { z } from 'zod';

export const GOPAY_STATES = ['CREATED', 'PAYMENT_METHOD_CHOSEN', 'PAID', 'AUTHORIZED', 'CANCELED', 'TIMEOUTED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type GoPayState = (typeof GOPAY_STATES)[number];

const Contact = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  phone_number: z.string().optional(),
  city: z.string().optional(),
  street: z.string().optional(),
  postal_code: z.string().optional(),
  country_code: z.string().optional(),
}).partial();

export const CreatePaymentRequest = z.object({
  payer: z.object({
    allowed_payment_instruments: z.array(z.string()).optional(),
    default_payment_instrument: z.string().optional(),
    contact: Contact.optional(),
  }).optional(),
  target: z.object({ type: z.literal('ACCOUNT'), goid: z.union([z.string(), z.number()]).transform(String) }),
  amount: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int().positive()),
  currency: z.enum(['CZK', 'EUR', 'PLN', 'USD', 'GBP', 'HUF', 'RON', 'BGN', 'HRK']),
  order_number: z.string().min(1).max(128),
  order_description: z.string().max(256).optional(),
  items: z.array(z.object({ name: z.string(), amount: z.union([z.number(), z.string()]).transform(Number), count: z.number().optional(), type: z.string().optional(), vat_rate: z.union([z.number(), z.string()]).optional() })).min(1),
  recurrence: z.object({
    recurrence_cycle: z.enum(['DAY', 'WEEK', 'MONTH', 'ON_DEMAND']),
    recurrence_period: z.union([z.number(), z.string()]).optional(),
    recurrence_date_to: z.string(),
  }).optional(),
  additional_params: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  callback: z.object({ return_url: z.string().url(), notification_url: z.string().url() }),
  lang: z.string().optional(),
});
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequest>;

export const CreateRecurrenceRequest = z.object({
  amount: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int().positive()),
  currency: z.enum(['CZK', 'EUR']),
  order_number: z.string().min(1).max(128),
  order_description: z.string().max(256),
  items: z.array(z.object({ name: z.string(), amount: z.union([z.number(), z.string()]).transform(Number) })).min(1),
  additional_params: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
});

export type GoPayPayment = {
  id: number;
  parent_id?: number;
  order_number: string;
  state: GoPayState;
  amount: number;
  currency: string;
  payment_instrument?: string;
  payer: { contact?: Record<string, string | undefined> };
  target: { type: 'ACCOUNT'; goid: number };
  recurrence?: { recurrence_cycle: string; recurrence_date_to: string; recurrence_state: 'REQUESTED' | 'STARTED' | 'STOPPED' };
  additional_params?: Array<{ name: string; value: string }>;
  lang: string;
  gw_url: string;
  /** Not part of GoPay's answer: kept for notifications and the gateway page's return. */
  callback: { return_url: string; notification_url: string };
  refunded: number;
};

/** GoPay's error body: `errors` with scope G (global) or F (field), a numeric code and a name. */
export function gopayError(errorCode: number, errorName: string, message: string, field?: string) {
  return {
    date_issued: new Date().toISOString(),
    errors: [{ scope: field ? 'F' : 'G', ...(field ? { field } : {}), error_code: errorCode, error_name: errorName, message }],
  };
}

/** The payment as the status endpoint answers it (without our private fields). */
export function publicView(p: GoPayPayment) {
  const { callback: _callback, refunded: _refunded, ...rest } = p;
  return rest;
}
