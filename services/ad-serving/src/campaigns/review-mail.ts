import type { Locale } from '@rr/proto';
import type { MailMessage } from '@rr/kit';
import type { CampaignRecord } from '../repositories/campaign.repository';

/** The advertiser's campaigns page per locale (web/src/routes.ts `advertising` … `/inzerce/kampane`). */
const CAMPAIGNS_PATH: Record<Locale, string> = { cs: '/inzerce/kampane', en: '/inzerce/campaigns' };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Tells the advertiser the review's outcome (approved, rejected with the reason, paused with the reason). */
export function reviewMail(c: CampaignRecord, outcome: 'approved' | 'rejected' | 'paused', reason: string | null, publicUrl: string): MailMessage {
  const link = `${publicUrl.replace(/\/$/, '')}${CAMPAIGNS_PATH[c.locale]}`;
  const cs = c.locale === 'cs';
  const subject = cs
    ? { approved: `Kampaň „${c.name}“ je schválena`, rejected: `Kampaň „${c.name}“ nebyla schválena`, paused: `Kampaň „${c.name}“ je pozastavena` }[outcome]
    : { approved: `Campaign "${c.name}" is approved`, rejected: `Campaign "${c.name}" was not approved`, paused: `Campaign "${c.name}" is paused` }[outcome];
  const body = cs
    ? {
      approved: 'Vaše bannery jsme zkontrolovali a schválili. Kampaň poběží v upozorněních Reality Radar ve zvoleném období, dokud vám vystačí kredit.',
      rejected: 'Vaše bannery jsme zkontrolovali a kampaň zatím schválit nemůžeme.',
      paused: 'Kampaň jsme pozastavili.',
    }[outcome]
    : {
      approved: 'We reviewed and approved your banners. The campaign runs in Reality Radar alerts within its period while your credit lasts.',
      rejected: 'We reviewed your banners and cannot approve the campaign yet.',
      paused: 'We paused the campaign.',
    }[outcome];
  const reasonLine = reason ? `${cs ? 'Důvod' : 'Reason'}: ${reason}` : '';
  const action = cs ? 'Vaše kampaně' : 'Your campaigns';
  return {
    to: c.advertiserEmail,
    subject,
    text: [body, reasonLine, '', `${action}: ${link}`].filter((l, i) => l !== '' || i === 2).join('\n'),
    html: `<p>${esc(body)}</p>${reasonLine ? `<p><strong>${esc(reasonLine)}</strong></p>` : ''}<p><a href="${esc(link)}">${action}</a></p>`,
    category: 'ad-review',
  };
}
