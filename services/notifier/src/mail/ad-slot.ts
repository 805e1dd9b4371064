import type { Locale, Offer } from '@rr/proto';
import { escapeHtml } from './format';

/** A banner the ad service chose for one e-mail (520×250 desktop, 320×150 mobile per the spec). */
export type AdCreative = { imageUrl: string; mobileImageUrl?: string; clickUrl: string; alt: string; advertiserId?: string; campaignId?: string };

/** What the ad service is asked: this e-mail's id and its offers (contextual; no profile of the person). */
export type AdRequest = { email: string; locale: Locale; emailId: string; offers: Offer[] };

/** Where a banner comes from (`ad-client.ts` asks the ad service); null = no banner. */
export type AdSource = (request: AdRequest) => Promise<AdCreative | null>;

export const noAds: AdSource = async () => null;

const T = {
  cs: {
    label: 'Reklama – obchodní sdělení', about: 'O této reklamě',
    optOut: 'Reklamu v upozorněních můžete kdykoli odmítnout v profilu (Obchodní sdělení) nebo s předplatným.',
    settings: 'Nastavení e-mailů',
  },
  en: {
    label: 'Advertisement – commercial communication', about: 'About this ad',
    optOut: 'You can refuse ads in alerts at any time in your profile (commercial communications) or with a subscription.',
    settings: 'E-mail settings',
  },
} as const;

/**
 * Paths of the pages the slot links to (web/src/routes.ts: `user`, `advertising`, `myProfile`).
 * "About this ad" names the advertiser on whose behalf the ad is shown (their public page);
 * without an advertiser id it falls back to the advertising page.
 */
const PATHS: Record<Locale, { advertiser: string; about: string; profile: string }> = {
  cs: { advertiser: '/uzivatel/', about: '/inzerce', profile: '/muj-profil' },
  en: { advertiser: '/user/', about: '/advertising', profile: '/my-profile' },
};

/**
 * The banner slot: nothing at all when there is no ad. With one, the e-mail is a commercial
 * communication (§2 f), §7 of zákon 480/2004 Sb.): the banner is marked as such, with an "about
 * this ad" link and the way to refuse ads, in HTML and in the text part. Both sizes are sent;
 * the mobile one replaces the desktop one on narrow screens (clients without media queries
 * show the desktop banner scaled).
 */
export function renderAdSlot(ad: AdCreative | null, locale: Locale, publicUrl: string): { html: string; text: string; footerHtml: string; footerText: string } {
  if (!ad) return { html: '', text: '', footerHtml: '', footerText: '' };
  const t = T[locale];
  const base = publicUrl.replace(/\/$/, '');
  const about = ad.advertiserId ? `${base}${PATHS[locale].advertiser}${encodeURIComponent(ad.advertiserId)}` : `${base}${PATHS[locale].about}`;
  const profile = `${base}${PATHS[locale].profile}`;
  const img = (src: string, width: number, cls: string, hidden: boolean) =>
    `<img class="${cls}" src="${escapeHtml(src)}" alt="${escapeHtml(ad.alt)}" width="${width}" style="width:100%;max-width:${width}px;height:auto;border:0;margin:0 auto;${hidden ? 'display:none;max-height:0;overflow:hidden;mso-hide:all' : 'display:block'}">`;
  const mobile = ad.mobileImageUrl ? img(ad.mobileImageUrl, 320, 'ad-m', true) : '';
  return {
    html: `<tr><td class="ad" style="padding:16px 24px;text-align:center"><div style="font-size:11px;color:#666;margin-bottom:4px">${t.label} · <a href="${escapeHtml(about)}" style="color:#666">${t.about}</a></div><a href="${escapeHtml(ad.clickUrl)}">${img(ad.imageUrl, 520, 'ad-d', false)}${mobile}</a></td></tr>`,
    text: `${t.label}: ${ad.alt} ${ad.clickUrl}\n${t.about}: ${about}`,
    footerHtml: `<p style="margin:8px 0 0">${t.optOut} <a href="${escapeHtml(profile)}" style="color:#0b5cad">${t.settings}</a></p>`,
    footerText: `${t.optOut} ${t.settings}: ${profile}`,
  };
}
