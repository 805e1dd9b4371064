import type { AdBannerSize, AdCampaignBody, AdCampaignView, AdCreditView, AdReportRow, AdCampaignStatus } from '@rr/proto';
import { api } from '../../../lib/api';
import type { BillingInfoInput, PaymentView } from '../../billing/api/billing.api';

/** What /inzerce shows (GET /api/ads/offer): the ad service's price list, sizes and last week's reach. */
export type AdOffer = {
  priceTiers: Array<{ fromCredit: number; pricePerView: number }>;
  weeklyPrice: number;
  minTopUp: number;
  bannerSizes: Record<AdBannerSize, { width: number; height: number }>;
  maxBannerBytes: number;
  reach: { week: string; emails: number; byRegion: Record<string, number>; byAdType: Record<string, number> };
};
export type Advertiser = { company: string; termsAcceptedAt: string };
export type { AdBannerSize, AdCampaignBody, AdCampaignView, AdCampaignStatus, AdCreditView, AdReportRow };

const id = (v: string) => encodeURIComponent(v);

export const adsApi = {
  offer: () => api<AdOffer>('/ads/offer', { auth: false }),
  advertiser: () => api<Advertiser | null>('/ads/advertiser'),
  becomeAdvertiser: (company: string) => api<Advertiser>('/ads/advertiser', { method: 'PUT', body: { company, termsAccepted: true } }),
  campaigns: () => api<AdCampaignView[]>('/ads/campaigns'),
  campaign: (campaignId: string) => api<AdCampaignView>(`/ads/campaigns/${id(campaignId)}`),
  create: (body: AdCampaignBody) => api<AdCampaignView>('/ads/campaigns', { method: 'POST', body }),
  update: (campaignId: string, body: AdCampaignBody) => api<AdCampaignView>(`/ads/campaigns/${id(campaignId)}`, { method: 'PUT', body }),
  uploadBanner: (campaignId: string, size: AdBannerSize, file: Blob) => api<AdCampaignView>(`/ads/campaigns/${id(campaignId)}/banners/${size}`, { method: 'PUT', body: file }),
  submit: (campaignId: string) => api<AdCampaignView>(`/ads/campaigns/${id(campaignId)}/submit`, { method: 'POST', body: {} }),
  pause: (campaignId: string) => api<AdCampaignView>(`/ads/campaigns/${id(campaignId)}/pause`, { method: 'POST', body: {} }),
  credit: () => api<AdCreditView>('/ads/credit'),
  report: (campaignId: string, from: string, to: string) => api<AdReportRow[]>(`/ads/report?campaign=${id(campaignId)}&from=${from}&to=${to}`),
  topUp: (amount: number, billing: BillingInfoInput) => api<{ payment: PaymentView }>('/billing/ad-credit', { method: 'POST', body: { amount, billing, termsAccepted: true } }),
  adminCampaigns: (status: AdCampaignStatus) => api<AdCampaignView[]>(`/ads/admin/campaigns?status=${status}`),
  review: (campaignId: string, outcome: 'approve' | 'reject' | 'pause', reason: string | null) =>
    api<AdCampaignView>(`/ads/admin/campaigns/${id(campaignId)}/${outcome}`, { method: 'POST', body: reason ? { reason } : {} }),
};

/** A plain download link: it cannot send the Authorization header, so the token rides in the query. */
export const reportCsvUrl = (campaignId: string, from: string, to: string, token: string) =>
  `/api/ads/report.csv?campaign=${id(campaignId)}&from=${from}&to=${to}&token=${encodeURIComponent(token)}`;
