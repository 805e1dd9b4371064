import { Feed } from 'feed';
import { SitemapStream, streamToPromise } from 'sitemap';
import type { Locale, SiteData } from './site-data';

const FEED_TEXT = {
  cs: { title: 'Reality Radar – blog', description: 'Rady k hledání bydlení, čtení cen a to, jak Reality Radar funguje.' },
  en: { title: 'Reality Radar – blog', description: 'Advice on finding a home, reading prices and how Reality Radar works.' },
};

/** The blog in one language as RSS 2.0 or Atom 1.0 (the `feed` library writes both). */
export function blogFeed(site: SiteData, origin: string, locale: Locale, format: 'rss' | 'atom'): string {
  const suffix = locale === 'en' ? '.en' : '';
  const articles = site.index().articles.filter((a) => a.locale === locale);
  const feed = new Feed({
    id: `${origin}/blog${locale === 'en' ? '?lang=en' : ''}`, link: `${origin}/blog${locale === 'en' ? '?lang=en' : ''}`, language: locale,
    title: FEED_TEXT[locale].title, description: FEED_TEXT[locale].description, copyright: `© Reality Radar`,
    updated: articles.length ? new Date(articles[0].date) : new Date(0),
    feedLinks: { rss: `${origin}/blog/feed${suffix}.xml`, atom: `${origin}/blog/atom${suffix}.xml` },
  });
  for (const meta of articles) {
    const a = site.article(meta.slug)!;
    const url = `${origin}/blog/${encodeURIComponent(a.slug)}`;
    feed.addItem({ title: a.title, id: url, link: url, description: a.description, content: a.html, date: new Date(a.date), author: [{ name: a.author }] });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}

/** Every public page in both languages with its hreflang alternates, and every blog article. */
export async function sitemapXml(site: SiteData, origin: string): Promise<string> {
  const stream = new SitemapStream({ hostname: origin, xmlns: { news: false, video: false, image: false, xhtml: true } });
  const index = site.index();
  for (const p of index.pages) {
    const shared = p.cs === p.en;
    const cs = `${origin}${p.cs}`;
    const en = shared ? `${origin}${p.en}?lang=en` : `${origin}${p.en}`;
    const links = [{ lang: 'cs', url: cs }, { lang: 'en', url: en }, { lang: 'x-default', url: cs }];
    stream.write({ url: cs, links, changefreq: p.name === 'home' ? 'daily' : 'monthly' });
    stream.write({ url: en, links, changefreq: p.name === 'home' ? 'daily' : 'monthly' });
  }
  for (const a of index.articles) {
    const url = `${origin}/blog/${encodeURIComponent(a.slug)}`;
    const links = a.translation ? [{ lang: a.locale, url }, { lang: a.locale === 'cs' ? 'en' : 'cs', url: `${origin}/blog/${encodeURIComponent(a.translation)}` }] : [];
    stream.write({ url, links, lastmod: a.date });
  }
  stream.end();
  return (await streamToPromise(stream)).toString('utf8');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Private screens and the API: nothing for an index there.
    'Disallow: /api/',
    'Disallow: /administrace', 'Disallow: /administration',
    'Disallow: /moje-filtry', 'Disallow: /my-filters', 'Disallow: /muj-profil', 'Disallow: /my-profile', 'Disallow: /webview/',
    'Disallow: /lp-refresh/', 'Disallow: /lp-unsubscribe/', 'Disallow: /lp-filter-unavailable/',
    'Disallow: /neverejna-nabidka/', 'Disallow: /non-public-offer/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
