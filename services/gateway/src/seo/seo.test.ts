import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { blogFeed, sitemapXml } from './feeds';
import { renderShell } from './head';
import { pageHead } from './pages';
import { SiteData, type SiteIndex } from './site-data';

const SHELL = '<!doctype html>\n<html lang="cs">\n  <head>\n    <title>Shell</title>\n    <meta name="description" content="shell" />\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';
const meta = (t: string) => ({ cs: { title: `${t} cs`, description: `${t} popis` }, en: { title: `${t} en`, description: `${t} description` } });
const INDEX: SiteIndex = {
  pages: [
    { name: 'home', cs: '/', en: '/', meta: meta('Home') },
    { name: 'faq', cs: '/casto-kladene-otazky', en: '/faq', meta: meta('FAQ') },
    { name: 'blog', cs: '/blog', en: '/blog', meta: meta('Blog') },
  ],
  faq: { cs: [{ q: 'Kolik to stojí?', a: 'Nic.' }], en: [{ q: 'What does it cost?', a: 'Nothing.' }] },
  blogArticleTitle: { cs: '{title} – blog', en: '{title} – blog' },
  articles: [
    { slug: 'clanek', locale: 'cs', title: 'Článek <1>', description: 'Popis', date: '2026-11-20', author: 'Tým', translation: 'article', readingMinutes: 2 },
    { slug: 'article', locale: 'en', title: 'Article', description: 'About', date: '2026-11-20', author: 'Team', translation: 'clanek', readingMinutes: 2 },
  ],
};

function site(): SiteData {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'seo-'));
  mkdirSync(path.join(dist, 'content/blog'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'content/site.json'), JSON.stringify(INDEX));
  for (const a of INDEX.articles) writeFileSync(path.join(dist, 'content/blog', `${a.slug}.json`), JSON.stringify({ ...a, html: '<p>Text</p>' }));
  return new SiteData(dist);
}
const noOffers = async () => null;
const ORIGIN = 'https://rr.test';

describe('server-rendered heads', () => {
  it('gives a locale-specific page its own locale, alternates and FAQPage data', async () => {
    const head = (await pageHead(site(), ORIGIN, '/faq', undefined, noOffers))!;
    expect(head).toMatchObject({ locale: 'en', title: 'FAQ en', canonical: 'https://rr.test/faq', alternates: { cs: 'https://rr.test/casto-kladene-otazky', en: 'https://rr.test/faq' } });
    expect(head.structuredData[0]).toMatchObject({ '@type': 'FAQPage', mainEntity: [{ name: 'What does it cost?' }] });
  });

  it('tells a shared path\'s English version by ?lang=en', async () => {
    const head = (await pageHead(site(), ORIGIN, '/blog', 'en', noOffers))!;
    expect(head).toMatchObject({ locale: 'en', canonical: 'https://rr.test/blog?lang=en', alternates: { cs: 'https://rr.test/blog' } });
    expect(head.bodyHtml).toContain('href="/blog/article"');
    expect(head.bodyHtml).not.toContain('clanek');
  });

  it('renders an article with Article data, escaped, linked to its translation', async () => {
    const head = (await pageHead(site(), ORIGIN, '/blog/clanek', undefined, noOffers))!;
    const html = renderShell(SHELL, head);
    expect(html).toContain('<title>Článek &lt;1&gt; – blog</title>');
    expect(html).not.toContain('<title>Shell</title>');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://rr.test/blog/article" />');
    expect(html).toContain('"@type":"Article"');
    expect(html).toContain('"headline":"Článek \\u003c1\\u003e"');
    expect(html).toContain('<div id="root"><main');
    expect(await pageHead(site(), ORIGIN, '/blog/nothing', undefined, noOffers)).toBeNull();
  });

  it('renders an advertiser\'s public page in its locale, and leaves anyone else\'s to the client', async () => {
    const advertisers = async (id: string) => (id === 'u_1' ? { id: 'u_1', company: 'Realitka <s.r.o.>', campaigns: [{ name: 'Podzim' }] } : null);
    const head = (await pageHead(site(), ORIGIN, '/user/u_1', undefined, noOffers, advertisers))!;
    expect(head).toMatchObject({ locale: 'en', title: 'Realitka <s.r.o.> – advertiser on Reality Radar', canonical: 'https://rr.test/user/u_1', alternates: { cs: 'https://rr.test/uzivatel/u_1' } });
    expect(head.structuredData[0]).toMatchObject({ '@type': 'Organization', name: 'Realitka <s.r.o.>' });
    expect(renderShell(SHELL, head)).toContain('<h1>Realitka &lt;s.r.o.&gt;</h1>');
    expect((await pageHead(site(), ORIGIN, '/uzivatel/u_1', undefined, noOffers, advertisers))!.locale).toBe('cs');
    expect(await pageHead(site(), ORIGIN, '/uzivatel/u_2', undefined, noOffers, advertisers)).toBeNull();
  });

  it('leaves private screens and unknown offers to the client', async () => {
    expect(await pageHead(site(), ORIGIN, '/moje-filtry', undefined, noOffers)).toBeNull();
    expect(await pageHead(site(), ORIGIN, '/detail/x', undefined, noOffers)).toBeNull();
  });
});

describe('sitemap and feeds', () => {
  it('lists every public page in both locales with alternates, and the articles', async () => {
    const xml = await sitemapXml(site(), ORIGIN);
    for (const url of ['https://rr.test/', 'https://rr.test/?lang=en', 'https://rr.test/casto-kladene-otazky', 'https://rr.test/faq', 'https://rr.test/blog/clanek', 'https://rr.test/blog/article']) {
      expect(xml).toContain(`<loc>${url}</loc>`);
    }
    expect(xml).toContain('hreflang="en" href="https://rr.test/faq"');
  });

  it('writes RSS and Atom per language', () => {
    const rss = blogFeed(site(), ORIGIN, 'cs', 'rss');
    expect(rss).toContain('<rss');
    expect(rss).toContain('https://rr.test/blog/clanek');
    expect(rss).not.toContain('https://rr.test/blog/article');
    expect(blogFeed(site(), ORIGIN, 'en', 'atom')).toContain('<feed');
  });
});
