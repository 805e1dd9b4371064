import type { Locale } from '@rr/proto';

export type MailContent = {
  locale: Locale;
  subject: string;
  preheader: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Shown under the button, e.g. how long the link works. */
  note: string;
  /** Optional lines shown in a box (a watchdog summary). */
  summary?: string[];
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FOOTER = {
  cs: 'Reality Radar hlídá české realitní servery a posílá vám nové nabídky do minuty. Tento e-mail vám přišel, protože někdo zadal vaši adresu na realityradar.cz. Pokud jste to nebyli vy, e-mail ignorujte.',
  en: 'Reality Radar watches Czech real-estate portals and e-mails you new offers within a minute. You received this e-mail because your address was entered at realityradar.cz. If it was not you, ignore this e-mail.',
};

/** A simple, table-based responsive layout that renders in the common mail clients, plus its text twin. */
export function renderMail(c: MailContent): { subject: string; html: string; text: string } {
  const paragraphs = c.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(p)}</p>`).join('');
  const summary = c.summary?.length
    ? `<table role="presentation" width="100%" style="background:#f3f4f6;border-radius:8px;margin:0 0 20px"><tr><td style="padding:12px 16px;font-size:14px;line-height:22px;color:#374151">${c.summary.map(escapeHtml).join('<br>')}</td></tr></table>`
    : '';
  const html = `<!doctype html>
<html lang="${c.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#eef2f7;font-family:Arial,Helvetica,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(c.preheader)}</span>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#eef2f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0f4c81;padding:18px 24px;color:#ffffff;font-size:20px;font-weight:bold">Reality Radar</td></tr>
<tr><td style="padding:28px 24px 8px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#111827">${escapeHtml(c.greeting)}</h1>
${paragraphs}${summary}
<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 20px"><tr><td style="border-radius:8px;background:#e4572e">
<a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(c.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(c.note)}</p>
<p style="margin:0 0 24px;font-size:12px;line-height:18px;color:#6b7280;word-break:break-all"><a href="${escapeHtml(c.action.url)}" style="color:#0f4c81">${escapeHtml(c.action.url)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;font-size:12px;line-height:18px;color:#6b7280">${escapeHtml(FOOTER[c.locale])}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.summary?.length ? [...c.summary.map((l) => `- ${l}`), ''] : []),
    `${c.action.label}: ${c.action.url}`,
    '',
    c.note,
    '',
    '--',
    `Reality Radar. ${FOOTER[c.locale]}`,
  ].join('\n');
  return { subject: c.subject, html, text };
}
