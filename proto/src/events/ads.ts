import { z } from 'zod';
import { Locale } from '../domain/enums';

/**
 * Prepaid advertising credit was paid (billing, after the payment settled and its tax document
 * was issued). The ad service books it once per payment. Key: user id.
 */
export const AdCreditPurchasedV1 = z.object({
  paymentId: z.string(),
  userId: z.string(),
  email: z.string().email(),
  locale: Locale,
  /** Haléře, VAT included: the credit the advertiser gets. */
  amount: z.number().int().positive(),
  at: z.string().datetime(),
});
export type AdCreditPurchasedV1 = z.infer<typeof AdCreditPurchasedV1>;

export const AD_CAMPAIGN_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'paused'] as const;
export const AdCampaignStatus = z.enum(AD_CAMPAIGN_STATUSES);
export type AdCampaignStatus = z.infer<typeof AdCampaignStatus>;

/** A campaign's review or run state changed (submitted, approved, rejected, paused). Key: campaign id; compacted. */
export const AdCampaignChangedV1 = z.object({
  campaignId: z.string(),
  advertiserId: z.string(),
  status: AdCampaignStatus,
  /** The reviewer's reason for a rejection or a pause. */
  reason: z.string().nullable(),
  startsAt: z.string().datetime(),
  endsAt: z.string().datetime(),
  at: z.string().datetime(),
});
export type AdCampaignChangedV1 = z.infer<typeof AdCampaignChangedV1>;
