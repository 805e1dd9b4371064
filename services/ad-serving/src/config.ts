import { BaseConfig, MailConfig } from '@rr/kit';
import { z } from 'zod';

const secret = (name: string) => z.string().min(32, `${name} must have at least 32 characters`);

export const AdServingConfig = BaseConfig.merge(MailConfig).extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8207),
  /** The advertiser API (through the gateway as /api/ads), the banner and click URLs (/a/…) and the notifier's decision call. */
  AD_API_PORT: z.coerce.number().int().min(0).max(65535).default(8107),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Verifies the account service's session tokens (shared with it, the gateway and billing). */
  JWT_SECRET: secret('JWT_SECRET'),
  /** Signs banner image and click URLs, and keys the recipients' frequency-cap hashes. */
  AD_TOKEN_SECRET: secret('AD_TOKEN_SECRET'),
  /** docs/decisions.md, "Advertising": image fetches this soon after sending are prefetch, not views. */
  ADS_PREFETCH_SECONDS: z.coerce.number().min(0).default(5),
  /** Clicks this soon after sending are link scanners, not people. */
  ADS_SCANNER_SECONDS: z.coerce.number().min(0).default(10),
  /** Banners of one campaign per recipient and Prague day. */
  ADS_CAP_PER_DAY: z.coerce.number().int().min(1).default(3),
  /** How long a banner's URLs count, and how long token records are kept for billing. */
  ADS_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /** Banners sent and not fetched within this window hold credit. */
  ADS_HOLD_MINUTES: z.coerce.number().int().min(1).default(10),
  /** The counting loop writes what it gathered this often. */
  ADS_FLUSH_MS: z.coerce.number().int().min(10).default(200),
  /** The serving set is read again this often (and at once after a review). */
  ADS_REFRESH_MS: z.coerce.number().int().min(100).default(5_000),
});
export type AdServingConfig = z.infer<typeof AdServingConfig>;
