import { PORTAL_NAMES, watchdogLinks, type Locale, type Offer } from '@rr/proto';
import { renderAdSlot, type AdCreative } from './ad-slot';
import type { AlertEstimate } from './estimate-client';
import { radarPriceHtml, radarPriceLine } from './radar-price';
import { bedsCount, escapeHtml, formatNumber, formatPrice, offersCount } from './format';

/** `estimate`: RadarPrice, for a paying owner's alert when the analytics service answered in time. */
export type AlertItem = { offer: Offer; watchdogId: string; reason: 'new' | 'priceDrop'; estimate?: AlertEstimate | null };

export type AlertEmailInput = {
  locale: Locale;
  /** This e-mail's id, carried by the edit links (spec: emailId + filterId). */
  emailId: string;
  items: AlertItem[];
  publicUrl: string;
  /** The signed token of a watchdog's prolong and unsubscribe links. */
  tokenOf: (watchdogId: string) => string;
  ad: AdCreative | null;
};

export type RenderedEmail = { subject: string; html: string; text: string; headers: Record<string, string> };

const T = {
  cs: {
    priceDrop: 'Zlevněno', newOffer: 'Nová nabídka', detail: 'Zobrazit nabídku', source: 'Na portálu', on: 'Inzerováno na',
    edit: 'Upravit hlídacího psa', prolong: 'Prodloužit hlídání', unsubscribe: 'Odhlásit upozornění', was: 'dříve',
    intro: 'Našli jsme pro vás nabídky podle vašeho hlídacího psa.', footer: 'Tento e-mail vám posílá Reality Radar, protože máte aktivního hlídacího psa.',
  },
  en: {
    priceDrop: 'Price drop', newOffer: 'New offer', detail: 'View offer', source: 'On the portal', on: 'Listed on',
    edit: 'Edit watchdog', prolong: 'Prolong watchdog', unsubscribe: 'Unsubscribe', was: 'was',
    intro: 'We found offers matching your watchdog.', footer: 'You receive this e-mail from Reality Radar because you have an active watchdog.',
  },
} as const;

/** Responsive HTML (one column, 600 px at most) and a text part; links and headers per watchdog. */
export function renderAlertEmail(input: AlertEmailInput): RenderedEmail {
  const { locale, items } = input;
  const t = T[locale];
  const base = input.publicUrl.replace(/\/$/, '');
  const linksOf = (watchdogId: string) => watchdogLinks(base, watchdogId, input.tokenOf(watchdogId));
  const first = items[0];
  const subject = items.length === 1
    ? `${first.reason === 'priceDrop' ? t.priceDrop : t.newOffer}: ${first.offer.title} – ${formatPrice(first.offer, locale)}`
    : `${offersCount(locale, items.length)} – Reality Radar`;
  const watchdogIds = [...new Set(items.map((i) => i.watchdogId))];
  const ad = renderAdSlot(input.ad, locale, base);

  const cards = items.map((item) => card(item, locale, base)).join('');
  const footers = watchdogIds.map((id) => {
    const links = linksOf(id);
    return `<p style="margin:4px 0"><a href="${escapeHtml(links.edit(input.emailId))}" style="color:#0b5cad">${t.edit}</a> · <a href="${escapeHtml(links.prolong)}" style="color:#0b5cad">${t.prolong}</a> · <a href="${escapeHtml(links.unsubscribePage)}" style="color:#0b5cad">${t.unsubscribe}</a></p>`;
  }).join('');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title>
<style>@media (max-width:620px){.wrap{width:100%!important}.photo img{width:100%!important;height:auto!important}.ad .ad-d{display:none!important}.ad .ad-m{display:block!important;max-height:none!important}}</style></head>
<body style="margin:0;padding:0;background:#f2f4f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f7"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" class="wrap" width="600" cellpadding="0" cellspacing="0" style="width:600px;max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;font-size:20px;font-weight:bold;color:#0b5cad">Reality Radar</td></tr>
<tr><td style="padding:0 24px 8px;font-size:15px">${t.intro}</td></tr>
${cards}
${ad.html}
<tr><td style="padding:16px 24px;font-size:12px;color:#666;border-top:1px solid #e5e7eb">${footers}<p style="margin:8px 0 0">${t.footer}</p>${ad.footerHtml}</td></tr>
</table></td></tr></table></body></html>`;

  const text = [
    t.intro, '',
    ...items.map((item) => textCard(item, locale, base)),
    ad.text,
    ...watchdogIds.map((id) => {
      const links = linksOf(id);
      return `${t.edit}: ${links.edit(input.emailId)}\n${t.prolong}: ${links.prolong}\n${t.unsubscribe}: ${links.unsubscribePage}`;
    }),
    '', t.footer, ...(ad.footerText ? [ad.footerText] : []),
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n');

  const primary = linksOf(first.watchdogId);
  return {
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${primary.unsubscribeOneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Entity-Ref-ID': input.emailId,
    },
  };
}

function facts(offer: Offer, locale: Locale): string[] {
  const out: string[] = [];
  if (offer.area != null) out.push(`${formatNumber(offer.area, locale)} m²`);
  if (offer.landArea != null) out.push(`${locale === 'cs' ? 'pozemek' : 'plot'} ${formatNumber(offer.landArea, locale)} m²`);
  if (offer.beds != null) out.push(bedsCount(locale, offer.beds));
  return out;
}

const portalsOf = (offer: Offer) => [...new Set(offer.sources.filter((s) => s.active).map((s) => PORTAL_NAMES[s.portal]))];
const previousPrice = (offer: Offer) => offer.priceHistory.length > 1 ? offer.priceHistory[offer.priceHistory.length - 2].price : null;

function card({ offer, reason, estimate }: AlertItem, locale: Locale, base: string): string {
  const t = T[locale];
  const detail = `${base}/detail/${encodeURIComponent(offer.id)}`;
  const was = reason === 'priceDrop' && previousPrice(offer) != null ? ` <s style="color:#888;font-weight:normal">${t.was} ${escapeHtml(formatPrice({ ...offer, price: previousPrice(offer) }, locale))}</s>` : '';
  const photo = offer.imageUrl
    ? `<tr><td class="photo" style="padding:0 24px"><a href="${escapeHtml(detail)}"><img src="${escapeHtml(offer.imageUrl)}" alt="${escapeHtml(offer.title)}" width="552" style="width:552px;max-width:100%;height:auto;border-radius:6px;display:block;border:0"></a></td></tr>`
    : '';
  return `${photo}<tr><td style="padding:12px 24px 20px;border-bottom:1px solid #e5e7eb">
<div style="font-size:12px;color:#c2410c;font-weight:bold">${reason === 'priceDrop' ? t.priceDrop : t.newOffer}</div>
<div style="font-size:17px;font-weight:bold;margin:4px 0"><a href="${escapeHtml(detail)}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(offer.title)}</a></div>
<div style="font-size:18px;font-weight:bold;color:#0b5cad">${escapeHtml(formatPrice(offer, locale))}${was}</div>${radarPriceHtml(offer, estimate, locale)}
<div style="font-size:14px;color:#444;margin-top:4px">${escapeHtml(offer.location.name)}${facts(offer, locale).map((f) => ` · ${escapeHtml(f)}`).join('')}</div>
<div style="font-size:13px;color:#666;margin-top:4px">${t.on}: ${escapeHtml(portalsOf(offer).join(', '))}</div>
<div style="margin-top:12px"><a href="${escapeHtml(detail)}" style="background:#0b5cad;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${t.detail}</a>
&nbsp;<a href="${escapeHtml(offer.url)}" style="color:#0b5cad;font-size:14px">${t.source}</a></div></td></tr>`;
}

function textCard({ offer, reason, estimate }: AlertItem, locale: Locale, base: string): string {
  const t = T[locale];
  return [
    `${reason === 'priceDrop' ? t.priceDrop : t.newOffer}: ${offer.title}`,
    formatPrice(offer, locale),
    ...(radarPriceLine(offer, estimate, locale) ? [radarPriceLine(offer, estimate, locale)!] : []),
    [offer.location.name, ...facts(offer, locale)].join(' · '),
    `${t.on}: ${portalsOf(offer).join(', ')}`,
    `${t.detail}: ${base}/detail/${encodeURIComponent(offer.id)}`,
    `${t.source}: ${offer.url}`,
    '',
  ].join('\n');
}
