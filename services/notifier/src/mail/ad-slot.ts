import type { Locale } from '@rr/proto';
import { escapeHtml } from './format';

/** A banner the ad service chose for one e-mail (520×250 desktop, 320×150 mobile per the spec). */
export type AdCreative = { imageUrl: string; clickUrl: string; alt: string };

/** Where a banner would come from; the ad service plugs in here later. */
export type AdSource = (recipient: { email: string; locale: Locale }) => Promise<AdCreative | null>;

export const noAds: AdSource = async () => null;

/** The banner slot: nothing at all when there is no ad. */
export function renderAdSlot(ad: AdCreative | null, locale: Locale): { html: string; text: string } {
  if (!ad) return { html: '', text: '' };
  const label = locale === 'cs' ? 'Reklama' : 'Advertisement';
  return {
    html: `<tr><td class="ad" style="padding:16px 24px;text-align:center"><div style="font-size:11px;color:#888;margin-bottom:4px">${label}</div><a href="${escapeHtml(ad.clickUrl)}"><img src="${escapeHtml(ad.imageUrl)}" alt="${escapeHtml(ad.alt)}" width="520" style="width:100%;max-width:520px;height:auto;border:0;display:block;margin:0 auto"></a></td></tr>`,
    text: `${label}: ${ad.alt} ${ad.clickUrl}`,
  };
}
