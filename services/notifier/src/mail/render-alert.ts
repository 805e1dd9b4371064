import { PORTAL_NAMES, mapAreaSummary, memberLinks, watchdogLinks, type AlertReason, type HeldFor, type Locale, type MapAreaSize, type Offer } from '@rr/proto';
import { renderAdSlot, type AdCreative } from './ad-slot';
import type { AlertEstimate } from './estimate-client';
import { radarPriceHtml, radarPriceLine } from './radar-price';
import { isNotice, KIND_LABELS, noticesCount, noticeText } from './alert-kinds';
import { bedsCount, escapeHtml, formatNumber, formatPrice, offersCount } from './format';

/**
 * `heldFor`: the alert waited for a digest or for quiet hours to end; `member`: the recipient is an invitee of the watchdog;
 * `estimate`: RadarPrice, for a paying owner's alert when the analytics service answered in time;
 * `mapArea`: the watchdog's area drawn on a map, told beside its links.
 */
export type AlertItem = {
  offer: Offer; watchdogId: string; reason: AlertReason; heldFor?: HeldFor | null; member?: boolean; estimate?: AlertEstimate | null; mapArea?: MapAreaSize | null;
};

export type AlertEmailInput = {
  locale: Locale;
  /** This e-mail's id, carried by the edit links (spec: emailId + filterId). */
  emailId: string;
  items: AlertItem[];
  publicUrl: string;
  /** The signed token of a watchdog's prolong and unsubscribe links. */
  tokenOf: (watchdogId: string) => string;
  /** The recipient, and the signed token of an invitee's link to leave a shared watchdog. */
  email?: string;
  memberTokenOf?: (watchdogId: string, email: string) => string;
  ad: AdCreative | null;
};

export type RenderedEmail = { subject: string; html: string; text: string; headers: Record<string, string> };

const T = {
  cs: {
    detail: 'Zobrazit nabídku', source: 'Na portálu', on: 'Inzerováno na',
    edit: 'Upravit hlídacího psa', prolong: 'Prodloužit hlídání', unsubscribe: 'Odhlásit upozornění', was: 'dříve',
    intro: 'Našli jsme pro vás nabídky podle vašeho hlídacího psa.', footer: 'Tento e-mail vám posílá Reality Radar, protože máte aktivního hlídacího psa.',
    digest: 'Přehled nabídek', digestIntro: 'Váš přehled nabídek podle hlídacích psů od posledního e-mailu.',
    quietIntro: 'Tyto nabídky jsme našli během vašeho klidového času.',
    shared: 'Sdílený hlídací pes', leave: 'Přestat dostávat upozornění tohoto psa', showMap: 'Zobrazit na mapě',
    memberFooter: 'Tento e-mail dostáváte, protože jste přijali pozvání ke sdílenému hlídacímu psovi.',
  },
  en: {
    detail: 'View offer', source: 'On the portal', on: 'Listed on',
    edit: 'Edit watchdog', prolong: 'Prolong watchdog', unsubscribe: 'Unsubscribe', was: 'was',
    intro: 'We found offers matching your watchdog.', footer: 'You receive this e-mail from Reality Radar because you have an active watchdog.',
    digest: 'Your digest', digestIntro: 'Your digest of offers matching your watchdogs since the last e-mail.',
    quietIntro: 'We found these offers during your quiet hours.',
    shared: 'Shared watchdog', leave: 'Stop receiving this watchdog\'s alerts', showMap: 'Show on the map',
    memberFooter: 'You receive this e-mail because you accepted an invitation to a shared watchdog.',
  },
} as const;

/** Responsive HTML (one column, 600 px at most) and a text part; links and headers per watchdog. */
export function renderAlertEmail(input: AlertEmailInput): RenderedEmail {
  const { locale, items } = input;
  const t = T[locale];
  const base = input.publicUrl.replace(/\/$/, '');
  const linksOf = (watchdogId: string) => watchdogLinks(base, watchdogId, input.tokenOf(watchdogId));
  const first = items[0];
  const notices = items.filter((i) => isNotice(i.reason)).length;
  const onlyNotices = notices === items.length;
  const digest = items.some((i) => i.heldFor === 'digest');
  const intro = onlyNotices ? noticeText(locale).intro : digest ? t.digestIntro : items.some((i) => i.heldFor === 'quiet') ? t.quietIntro : t.intro;
  const count = onlyNotices ? noticesCount(locale, items.length) : offersCount(locale, items.length - notices);
  const subject = digest
    ? `${t.digest}: ${count} – Reality Radar`
    : items.length === 1
      ? `${KIND_LABELS[locale][first.reason]}: ${first.offer.title} – ${formatPrice(first.offer, locale)}`
      : `${count} – Reality Radar`;
  const ad = renderAdSlot(input.ad, locale, base);
  // An owner's watchdog offers edit, prolong and unsubscribe; an invitee's only leaving it.
  const watchdogs = [...new Map(items.map((i) => [`${i.watchdogId}|${i.member === true}`, { id: i.watchdogId, member: i.member === true, area: i.mapArea ?? null }])).values()];
  // An area is told in words (a picture would need map tiles); its owner's link opens the watchdog's page, which shows the map.
  const areaText = (area: MapAreaSize | null) => (area ? mapAreaSummary(area, locale) : null);
  const leaveOf = (id: string) => memberLinks(base, id, input.email ?? '', input.memberTokenOf?.(id, input.email ?? '') ?? '');
  const anyOwned = watchdogs.some((w) => !w.member);
  const footer = anyOwned ? t.footer : t.memberFooter;

  const cards = items.map((item) => card(item, locale, base)).join('');
  const footers = watchdogs.map(({ id, member, area }) => {
    const told = areaText(area);
    if (member) {
      const areaLine = told ? `<p style="margin:4px 0" data-area>${escapeHtml(told)}</p>` : '';
      return `${areaLine}<p style="margin:4px 0">${t.shared}: <a href="${escapeHtml(leaveOf(id).leavePage)}" style="color:#0b5cad">${t.leave}</a></p>`;
    }
    const links = linksOf(id);
    const areaLine = told ? `<p style="margin:4px 0" data-area>${escapeHtml(told)} · <a href="${escapeHtml(links.edit(input.emailId))}" style="color:#0b5cad">${t.showMap}</a></p>` : '';
    return `${areaLine}<p style="margin:4px 0"><a href="${escapeHtml(links.edit(input.emailId))}" style="color:#0b5cad">${t.edit}</a> · <a href="${escapeHtml(links.prolong)}" style="color:#0b5cad">${t.prolong}</a> · <a href="${escapeHtml(links.unsubscribePage)}" style="color:#0b5cad">${t.unsubscribe}</a></p>`;
  }).join('');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title>
<style>@media (max-width:620px){.wrap{width:100%!important}.photo img{width:100%!important;height:auto!important}.ad .ad-d{display:none!important}.ad .ad-m{display:block!important;max-height:none!important}}</style></head>
<body style="margin:0;padding:0;background:#f2f4f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f7"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" class="wrap" width="600" cellpadding="0" cellspacing="0" style="width:600px;max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;font-size:20px;font-weight:bold;color:#0b5cad">Reality Radar</td></tr>
<tr><td style="padding:0 24px 8px;font-size:15px">${intro}</td></tr>
${cards}
${ad.html}
<tr><td style="padding:16px 24px;font-size:12px;color:#666;border-top:1px solid #e5e7eb">${footers}<p style="margin:8px 0 0">${footer}</p>${notices > 0 ? `<p style="margin:8px 0 0">${noticeText(locale).why}</p>` : ''}${ad.footerHtml}</td></tr>
</table></td></tr></table></body></html>`;

  const text = [
    intro, '',
    ...items.map((item) => textCard(item, locale, base)),
    ad.text,
    ...watchdogs.map(({ id, member, area }) => {
      const told = areaText(area);
      if (member) return `${told ? `${told}\n` : ''}${t.shared} – ${t.leave}: ${leaveOf(id).leavePage}`;
      const links = linksOf(id);
      return `${told ? `${told}\n${t.showMap}: ${links.edit(input.emailId)}\n` : ''}${t.edit}: ${links.edit(input.emailId)}\n${t.prolong}: ${links.prolong}\n${t.unsubscribe}: ${links.unsubscribePage}`;
    }),
    '', footer, ...(notices > 0 ? [noticeText(locale).why] : []), ...(ad.footerText ? [ad.footerText] : []),
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n');

  const unsubscribe = first.member ? leaveOf(first.watchdogId).leaveOneClick : linksOf(first.watchdogId).unsubscribeOneClick;
  return {
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
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
  // A withdrawn offer's page says so and lists alternatives; its portal page is gone.
  const notice = isNotice(reason);
  const was = reason === 'priceDrop' && previousPrice(offer) != null ? ` <s style="color:#888;font-weight:normal">${t.was} ${escapeHtml(formatPrice({ ...offer, price: previousPrice(offer) }, locale))}</s>` : '';
  const photo = offer.imageUrl
    ? `<tr><td class="photo" style="padding:0 24px"><a href="${escapeHtml(detail)}"><img src="${escapeHtml(offer.imageUrl)}" alt="${escapeHtml(offer.title)}" width="552" style="width:552px;max-width:100%;height:auto;border-radius:6px;display:block;border:0"></a></td></tr>`
    : '';
  return `${photo}<tr><td style="padding:12px 24px 20px;border-bottom:1px solid #e5e7eb">
<div style="font-size:12px;color:${notice ? '#555' : '#c2410c'};font-weight:bold">${KIND_LABELS[locale][reason]}</div>
<div style="font-size:17px;font-weight:bold;margin:4px 0"><a href="${escapeHtml(detail)}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(offer.title)}</a></div>
<div style="font-size:18px;font-weight:bold;color:#0b5cad">${escapeHtml(formatPrice(offer, locale))}${was}</div>${radarPriceHtml(offer, estimate, locale)}
<div style="font-size:14px;color:#444;margin-top:4px">${escapeHtml(offer.location.name)}${facts(offer, locale).map((f) => ` · ${escapeHtml(f)}`).join('')}</div>
${notice ? '' : `<div style="font-size:13px;color:#666;margin-top:4px">${t.on}: ${escapeHtml(portalsOf(offer).join(', '))}</div>`}
<div style="margin-top:12px"><a href="${escapeHtml(detail)}" style="background:#0b5cad;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${notice ? noticeText(locale).alternatives : t.detail}</a>
${notice ? '' : `&nbsp;<a href="${escapeHtml(offer.url)}" style="color:#0b5cad;font-size:14px">${t.source}</a>`}</div></td></tr>`;
}

function textCard({ offer, reason, estimate }: AlertItem, locale: Locale, base: string): string {
  const t = T[locale];
  const detail = `${base}/detail/${encodeURIComponent(offer.id)}`;
  if (isNotice(reason)) {
    return [`${KIND_LABELS[locale][reason]}: ${offer.title}`, formatPrice(offer, locale), [offer.location.name, ...facts(offer, locale)].join(' · '), `${noticeText(locale).alternatives}: ${detail}`, ''].join('\n');
  }
  return [
    `${KIND_LABELS[locale][reason]}: ${offer.title}`,
    formatPrice(offer, locale),
    ...(radarPriceLine(offer, estimate, locale) ? [radarPriceLine(offer, estimate, locale)!] : []),
    [offer.location.name, ...facts(offer, locale)].join(' · '),
    `${t.on}: ${portalsOf(offer).join(', ')}`,
    `${t.detail}: ${detail}`,
    `${t.source}: ${offer.url}`,
    '',
  ].join('\n');
}
