import { z } from 'zod';
import { AdType, RealEstateType } from '../domain/enums';
import { AdCampaignStatus } from '../events/ads';

export const AD_PRICING_MODELS = ['per-view', 'weekly'] as const;
export const AdPricingModel = z.enum(AD_PRICING_MODELS);
export type AdPricingModel = z.infer<typeof AdPricingModel>;
export const AD_BANNER_SIZES = ['desktop', 'mobile'] as const;
export type AdBannerSize = (typeof AD_BANNER_SIZES)[number];

export const AdTargeting = z.object({
  /** NUTS 3 region codes (CZ010 … CZ080); empty = the whole country. */
  regions: z.array(z.string().regex(/^CZ0\d\d$/, 'a region code such as CZ064')).max(14).default([]),
  /** LAU 1 district codes (CZ0642). */
  districts: z.array(z.string().regex(/^CZ0\d{3}$/, 'a district code such as CZ0642')).max(77).default([]),
  adTypes: z.array(AdType).default([]),
  realEstateTypes: z.array(RealEstateType).default([]),
});
export type AdTargeting = z.infer<typeof AdTargeting>;

const httpUrl = z.string().trim().url().max(500).refine((u) => /^https?:\/\//i.test(u), 'an http(s) address');

/** Create or edit a campaign (draft or rejected only). Money in haléře. */
export const AdCampaignBody = z.object({
  name: z.string().trim().min(1).max(80),
  /** The banner's alternative text (accessibility; shown where images are blocked). */
  alt: z.string().trim().min(1).max(120),
  targetUrl: httpUrl,
  targeting: AdTargeting,
  startsAt: z.string().datetime(),
  endsAt: z.string().datetime(),
  pricing: AdPricingModel,
  budget: z.number().int().positive().max(1_000_000_000).nullable(),
}).refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), { message: 'the end must come after the start', path: ['endsAt'] });
export type AdCampaignBody = z.infer<typeof AdCampaignBody>;

export type AdCampaignView = {
  id: string;
  name: string;
  alt: string;
  targetUrl: string;
  targeting: AdTargeting;
  startsAt: string;
  endsAt: string;
  pricing: AdPricingModel;
  budget: number | null;
  status: AdCampaignStatus;
  reason: string | null;
  /** Where the uploaded banners are served (our origin), null until uploaded. */
  banners: Record<AdBannerSize, string | null>;
  spent: number;
  advertiserEmail?: string;
  createdAt: string;
};

export type AdCreditView = {
  balance: number;
  deposited: number;
  charged: number;
  /** The price of one view at the current prepaid credit, haléře. */
  pricePerView: number;
  entries: Array<{ id: string; kind: 'deposit' | 'charge' | 'weekly'; amount: number; views: number | null; campaignId: string | null; at: string }>;
};

/** One campaign-day of the advertiser report: sent with banner, fetched (gross), net views (billed), clicks. */
export type AdReportRow = { campaignId: string; day: string; sent: number; fetched: number; views: number; clicks: number; spend: number };

export const AdTopUpBody = z.object({
  /** Haléře, VAT included. */
  amount: z.number().int().min(100_000).max(100_000_000),
  termsAccepted: z.literal(true),
});
export type AdTopUpBody = z.infer<typeof AdTopUpBody>;

/** What the notifier asks for one alert e-mail (internal, not through the gateway). */
export const AdDecisionRequest = z.object({
  emailId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  recipient: z.string().email(),
  locale: z.enum(['cs', 'en']),
  offers: z.array(z.object({
    regionCode: z.string().nullable(),
    districtCode: z.string().nullable(),
    adType: AdType,
    realEstateType: RealEstateType,
  })).min(1).max(50),
});
export type AdDecisionRequest = z.infer<typeof AdDecisionRequest>;

/** `advertiserId` names the advertiser's public page (`/uzivatel/:id`), where "about this ad" leads. */
export type AdDecisionResponse = { ad: { campaignId: string; advertiserId?: string; imageUrl: string; mobileImageUrl: string; clickUrl: string; alt: string } | null };
