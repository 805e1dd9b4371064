import { BaseConfig, ConfigError, MailConfig } from '@rr/kit';
import { OPERATOR, supplierProblems } from '@rr/proto';
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
  /** A round right at start, so what a crash left (open payments, unconfirmed charges, unpublished changes) is settled at once. */
  RECONCILE_ON_START: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Access lasts this many days past a period end while a renewal is retried. */
  GRACE_DAYS: positiveInt(5),
  /** A renewal is charged this many days before the period ends. */
  RENEW_DAYS_BEFORE: positiveInt(3),
  /**
   * A renewal charge whose GoPay answer was lost (a crash or timeout after it was recorded) waits
   * this long for GoPay's notification to name it before it counts as never made and is charged again.
   */
  RENEWAL_UNCONFIRMED_HOURS: positiveInt(24),
  /** The bank of `BANK_ACCOUNT`, named on ISDOC documents (its BankAccount group wants name and BIC). */
  BANK_NAME: z.string().min(1).default('Fio banka, a.s.'),
  BANK_BIC: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/).default('FIOBCZPP'),
  /**
   * The supplier on every tax document: by default the operator of proto's `OPERATOR` (the one the
   * site's footer names); production sets the registered company. Checked at start (`checkBillingConfig`).
   */
  SUPPLIER_NAME: z.string().min(1).default(OPERATOR.name),
  SUPPLIER_STREET: z.string().min(1).default(OPERATOR.street),
  SUPPLIER_CITY: z.string().min(1).default(OPERATOR.city.cs),
  SUPPLIER_POSTAL_CODE: z.string().default(OPERATOR.postalCode),
  SUPPLIER_ICO: z.string().regex(/^\d{8}$/).default(OPERATOR.ico),
  SUPPLIER_DIC: z.string().regex(/^CZ\d{8,10}$/).default(OPERATOR.dic),
});
export type BillingConfig = z.infer<typeof BillingConfig>;

/**
 * What a schema cannot say: the supplier's IČO and DIČ and the bank's IBAN pass their check
 * digits. Billing refuses to start otherwise, rather than issue tax documents with a wrong identity.
 */
export function checkBillingConfig(c: BillingConfig): void {
  const problems = supplierProblems({ ico: c.SUPPLIER_ICO, dic: c.SUPPLIER_DIC, postalCode: c.SUPPLIER_POSTAL_CODE, iban: c.BANK_IBAN });
  if (problems.length) throw new ConfigError(`invalid configuration:\n  ${problems.map((p) => `SUPPLIER_*/BANK_IBAN: ${p}`).join('\n  ')}`);
}

export const notificationUrlOf = (c: BillingConfig) => c.GOPAY_NOTIFICATION_URL ?? `${c.PUBLIC_URL.replace(/\/$/, '')}/api/billing/gopay/notify`;
