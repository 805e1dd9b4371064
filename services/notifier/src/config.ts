import { BaseConfig, MailConfig } from '@rr/kit';
import { z } from 'zod';

export const NotifierConfig = BaseConfig.merge(MailConfig).extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8204),
  /** The SendGrid event webhook listens here. */
  NOTIFIER_API_PORT: z.coerce.number().int().min(0).max(65535).default(8104),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Shared with the account service: signs the prolong and unsubscribe links (see proto/src/node/watchdog-token.ts). */
  WATCHDOG_LINK_SECRET: z.string().min(32, 'WATCHDOG_LINK_SECRET must have at least 32 characters'),
  /** SendGrid's verification key for signed event webhooks (base64 DER, as the SendGrid console shows it). */
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().optional(),
  /** docs/decisions.md, "Alerts": after an e-mail to a person, further matches wait this long and go out together. */
  ALERT_WINDOW_MS: z.coerce.number().int().min(0).default(1_000),
  ALERT_MAX_OFFERS_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** A claim older than this is taken to be from a sender that died; the entry is sent again. */
  ALERT_CLAIM_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),
  ALERT_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** E-mails in flight at once (claim to the provider's answer), all people together. */
  ALERT_SEND_CONCURRENCY: z.coerce.number().int().min(1).default(128),
  /** Alerts waiting in memory beyond which new matches are left in Kafka until some go out (bounded memory in a burst). */
  ALERT_MAX_WAITING: z.coerce.number().int().min(1).default(20_000),
  /** Accepted e-mails whose ledger confirmation may lag at most (each would go again after a crash). */
  ALERT_MAX_UNCONFIRMED: z.coerce.number().int().min(1).default(1_000),
  /** How often the ledger is scanned for open entries this process does not know (another instance's, replayed dead letters). */
  ALERT_RESCAN_MS: z.coerce.number().int().min(200).default(60_000),
  /** Offers one digest (or the e-mail after quiet hours) lists at most; more follow in the next e-mail. */
  ALERT_MAX_OFFERS_PER_DIGEST: z.coerce.number().int().min(1).default(50),
  /** How often pending entries coming due (digests, the end of quiet hours) are read into memory. */
  ALERT_DUE_SCAN_MS: z.coerce.number().int().min(100).default(5_000),
  /** The ad service's API (the banner decision); empty = no banners. */
  AD_SERVING_URL: z.string().default('http://127.0.0.1:8107').refine((u) => u === '' || /^https?:\/\//.test(u), 'an http(s) address or empty'),
  /** An alert waits at most this long for its banner; then it goes out without one. */
  AD_DECISION_TIMEOUT_MS: z.coerce.number().int().min(10).max(2_000).default(150),
  /** The analytics service (RadarPrice in paying owners' alerts); empty = none. */
  ANALYTICS_URL: z.string().default('http://127.0.0.1:8108').refine((u) => u === '' || /^https?:\/\//.test(u), 'an http(s) address or empty'),
  /** An alert waits at most this long for RadarPrice (asked beside the banner); then it goes out without it. */
  ESTIMATE_TIMEOUT_MS: z.coerce.number().int().min(10).max(2_000).default(150),
});
export type NotifierConfig = z.infer<typeof NotifierConfig>;
