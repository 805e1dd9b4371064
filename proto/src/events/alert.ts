import { z } from 'zod';
import { Locale } from '../domain/enums';
import { Offer } from '../domain/offer';
import { Delivery } from '../domain/delivery';

export const Recipient = z.object({
  email: z.string().email(),
  locale: Locale,
  userId: z.string().nullable(),
});
export type Recipient = z.infer<typeof Recipient>;

/**
 * Why an alert goes out: a new offer, a price drop, an offer back on the market after a withdrawal,
 * or a notice that an offer the person was alerted to is no longer active. The last two were added
 * to the enum in place (docs/decisions.md, "Alert kinds"): the notifier, its only reader, reads them
 * before the matcher writes them.
 */
export const ALERT_REASONS = ['new', 'priceDrop', 'backOnMarket', 'noLongerActive'] as const;
export const AlertReason = z.enum(ALERT_REASONS);
export type AlertReason = z.infer<typeof AlertReason>;

/** An offer matched a watchdog. Key: the recipient's e-mail in lower case, so one person's matches keep order. */
export const MatchFoundV1 = z.object({
  recipient: Recipient,
  watchdogId: z.string(),
  offer: Offer,
  reason: AlertReason,
  /**
   * For `backOnMarket` and `noLongerActive`: when the offer was withdrawn. With the offer it names
   * the occasion, so each comeback and each withdrawal is news once (the notifier's ledger key).
   */
  withdrawnAt: z.string().datetime().optional(),
  matchedAt: z.string().datetime(),
  fetchedAt: z.string().datetime(),
  /** Whether the alert e-mail carries an advertising banner (owner's entitlements). */
  withAds: z.boolean().default(true),
  /**
   * Offers one e-mail to this recipient may list (`maxOffersPerEmail` of the owner's tier). Optional:
   * events written before it fall back to the notifier's `ALERT_MAX_OFFERS_PER_EMAIL`.
   */
  maxOffers: z.number().int().min(1).optional(),
  /** The recipient's delivery of this watchdog (digest, quiet hours); absent = at once. */
  delivery: Delivery.optional(),
  /**
   * The watchdog's `updatedAt` in the state matched (the version of `delivery`): the notifier
   * re-plans a held alert only for a later change of the watchdog. Optional: older events have none.
   */
  watchdogUpdatedAt: z.string().datetime().optional(),
  /** The recipient is an invitee of a shared watchdog, not its owner: the e-mail offers to leave it. */
  member: z.boolean().optional(),
  /** The e-mail shows RadarPrice beside each offer (a paying owner's; issue 17). Optional: older events show none. */
  radarPrice: z.boolean().optional(),
  /**
   * The watchdog's area drawn on a map, as its e-mail tells it (`mapAreaSummary`): how many
   * polygons and their size. Absent when the watchdog has no area (and on older events).
   */
  mapArea: z.object({ polygons: z.number().int().min(1), km2: z.number().min(0) }).optional(),
});
export type MatchFoundV1 = z.infer<typeof MatchFoundV1>;

/** An alert e-mail was accepted by the mail provider. Key: recipient e-mail. */
export const AlertSentV1 = z.object({
  recipientEmail: z.string().email(),
  watchdogIds: z.array(z.string()).min(1),
  offerIds: z.array(z.string()).min(1),
  sentAt: z.string().datetime(),
  provider: z.enum(['smtp', 'sendgrid']),
  messageId: z.string().nullable(),
  /** The notifier's id of this e-mail (its batch), opaque. */
  emailId: z.string().optional(),
  /** The campaign whose banner the e-mail carried: ad-serving counts "sent with banner" from this. */
  adCampaignId: z.string().optional(),
});
export type AlertSentV1 = z.infer<typeof AlertSentV1>;

/** Mail to this address cannot be delivered. Key: e-mail. */
export const EmailBouncedV1 = z.object({
  email: z.string().email(),
  reason: z.string(),
  permanent: z.boolean(),
  at: z.string().datetime(),
});
export type EmailBouncedV1 = z.infer<typeof EmailBouncedV1>;
