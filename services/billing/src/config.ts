import { BaseConfig, MailConfig } from '@rr/kit';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * Payment providers are reached by configuration alone: the simulator locally, GoPay's and Fio's
 * real base URLs in production. Credentials have no defaults (`npm start` passes the simulator's).
 */
export const BillingConfig = BaseConfig.merge(MailConfig).extend({
  BILLING_API_PORT: z.coerce.number().int().min(0).max(65535).default(8106),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8206),
  /** Verifies the session tokens the account service signs. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters'),
  /** The web client's origin: the gateway returns payers to its confirmation page. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Where GoPay calls with `?id=`; the gateway's public notification route by default. */
  GOPAY_NOTIFICATION_URL: z.string().url().optional(),
  GOPAY_BASE_URL: z.string().url(),
  GOPAY_CLIENT_ID: z.string().min(1),
  GOPAY_CLIENT_SECRET: z.string().min(1),
  GOPAY_GOID: z.string().regex(/^\d+$/),
  GOPAY_TIMEOUT_MS: positiveInt(10_000),
  FIO_BASE_URL: z.string().url(),
  FIO_TOKEN: z.string().min(1),
  /**
   * A Fio token allowed to import payment orders (refunds of bank transfers); Fio issues it apart
   * from the read token. Unset: refunds of transfers are left for the operator to send by hand.
   */
  FIO_PAYMENT_TOKEN: z.string().min(1).optional(),
  /** The account bank transfers go to (national format and IBAN), shown with the QR code. */
  BANK_ACCOUNT: z.string().regex(/^(\d{1,6}-)?\d{2,10}\/\d{4}$/),
  BANK_IBAN: z.string().regex(/^CZ\d{22}$/),
  /** Days a bank transfer may take before the order times out. */
  BANK_TRANSFER_DUE_DAYS: positiveInt(14),
  /** How often open payments are looked up and the bank statement read (Fio allows one call per 30 s). */
  RECONCILE_SECONDS: positiveInt(30),
  /** Access lasts this many days past a period end while a renewal is retried. */
  GRACE_DAYS: positiveInt(5),
  /** A renewal is charged this many days before the period ends. */
  RENEW_DAYS_BEFORE: positiveInt(3),
  /**
   * A renewal charge whose GoPay answer was lost (a crash or timeout after it was recorded) waits
   * this long for GoPay's notification to name it before it counts as never made and is charged again.
   */
  RENEWAL_UNCONFIRMED_HOURS: positiveInt(24),
  /** The supplier on every tax document: the operator the site's footer names (production may override). */
  SUPPLIER_NAME: z.string().default('Reality Radar s.r.o.'),
  SUPPLIER_STREET: z.string().default('Vinohradská 1'),
  SUPPLIER_CITY: z.string().default('Praha 2'),
  SUPPLIER_POSTAL_CODE: z.string().default('120 00'),
  SUPPLIER_ICO: z.string().regex(/^\d{8}$/).default('21987654'),
  SUPPLIER_DIC: z.string().regex(/^CZ\d{8,10}$/).default('CZ21987654'),
});
export type BillingConfig = z.infer<typeof BillingConfig>;

export const notificationUrlOf = (c: BillingConfig) => c.GOPAY_NOTIFICATION_URL ?? `${c.PUBLIC_URL.replace(/\/$/, '')}/api/billing/gopay/notify`;
