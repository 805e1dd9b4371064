import { BaseConfig, MailConfig } from '@rr/kit';
import { z } from 'zod';
import { PASSWORD_COST } from './auth/passwords';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const AccountConfig = BaseConfig.merge(MailConfig).extend({
  ACCOUNT_API_PORT: z.coerce.number().int().min(0).max(65535).default(8105),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8205),
  /** Signs session tokens; no default on purpose. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters'),
  JWT_TTL_SECONDS: positiveInt(7 * 24 * 3600),
  /** Signs the prolong and unsubscribe links of alert e-mails; the notifier holds the same one. */
  WATCHDOG_LINK_SECRET: z.string().min(32, 'WATCHDOG_LINK_SECRET must have at least 32 characters'),
  /** Where links in e-mails point (the gateway serving the web client). */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  MAGIC_LINK_TTL_MINUTES: positiveInt(60),
  /** argon2id cost (auth/passwords.ts says why 7 MiB × 5). Tests lower it. */
  ARGON2_MEMORY_KIB: positiveInt(PASSWORD_COST.memoryKiB),
  ARGON2_TIME_COST: z.coerce.number().int().min(2).default(PASSWORD_COST.timeCost),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  RATE_WINDOW_SECONDS: positiveInt(600),
  RATE_AUTH_PER_IP: positiveInt(100),
  RATE_AUTH_PER_EMAIL: positiveInt(10),
  RATE_FILTERS_PER_IP: positiveInt(60),
  RATE_FILTERS_PER_EMAIL: positiveInt(20),
  RATE_CONTACT_PER_IP: positiveInt(10),
  /** How often watchdogs past their expiry are switched off. */
  EXPIRY_SWEEP_SECONDS: positiveInt(60),
});
export type AccountConfig = z.infer<typeof AccountConfig>;
