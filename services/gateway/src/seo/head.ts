/** What a page tells crawlers and link previews; rendered into the shell's <head> (and body) by the gateway. */
export type PageHead = {
  locale: 'cs' | 'en';
  title: string;
  description: string;
  /** Absolute URLs. */
  canonical: string;
  alternates: { cs: string; en: string };
  ogType: 'website' | 'article' | 'product';
  image?: string | null;
  /** schema.org objects, each written as one JSON-LD script. */
  structuredData: Record<string, unknown>[];
  /** Content for crawlers without JavaScript; the client replaces it when it starts. */
  bodyHtml?: string;
  noindex?: boolean;
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script> must not close the element or open a comment. */
const jsonLd = (o: unknown) => JSON.stringify(o).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function headTags(h: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(h.title)}</title>`,
    meta('name', 'description', h.description),
    h.noindex ? meta('name', 'robots', 'noindex') : '',
    `<link rel="canonical" href="${escapeHtml(h.canonical)}" />`,
    `<link rel="alternate" hreflang="cs" href="${escapeHtml(h.alternates.cs)}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(h.alternates.en)}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(h.alternates.cs)}" />`,
    meta('property', 'og:type', h.ogType),
    meta('property', 'og:site_name', 'Reality Radar'),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    meta('property', 'og:url', h.canonical),
    meta('property', 'og:locale', h.locale === 'cs' ? 'cs_CZ' : 'en_GB'),
    meta('property', 'og:locale:alternate', h.locale === 'cs' ? 'en_GB' : 'cs_CZ'),
    h.image ? meta('property', 'og:image', h.image) : '',
    meta('name', 'twitter:card', h.image ? 'summary_large_image' : 'summary'),
    ...h.structuredData.map((d) => `<script type="application/ld+json">${jsonLd(d)}</script>`),
  ].filter(Boolean).join('\n    ');
}

/**
 * The built shell with this page's head: its own title and description replace the shell's, the
 * rest goes before </head>; the body content, if any, goes into the root element.
 */
export function renderShell(shell: string, h: PageHead): string {
  let html = shell
    .replace(/<html lang="[^"]*"/, `<html lang="${h.locale}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `    ${headTags(h)}\n  </head>`);
  if (h.bodyHtml) html = html.replace('<div id="root"></div>', `<div id="root">${h.bodyHtml}</div>`);
  return html;
}
