import type { Offer } from '@rr/proto';
import { escapeHtml, type PageHead } from './head';
import type { Locale, SiteData } from './site-data';
import { articleData, faqData, offerData, websiteData } from './structured-data';

export type OfferLookup = (id: string) => Promise<Offer | null>;
/** An advertiser's public page data (ad-serving's `GET /ads/advertisers/:id`), or null. */
export type Advertiser = { id: string; company: string; campaigns: Array<{ name: string }> };
export type AdvertiserLookup = (id: string) => Promise<Advertiser | null>;

const ADVERTISER_TEXT = {
  cs: { title: (c: string) => `${c} – inzerent v Reality Radar`, description: (c: string) => `Kdo je ${c} a jaké reklamy teď v e-mailech Reality Radar zobrazuje.` },
  en: { title: (c: string) => `${c} – advertiser on Reality Radar`, description: (c: string) => `Who ${c} is and which ads it shows in Reality Radar e-mails now.` },
};

const BLOG_TITLE = { cs: 'Blog', en: 'Blog' };
const OFFER_DESCRIPTION = {
  cs: (o: Offer) => `${o.title}, ${o.location.name}. ${o.priceText}. Nalezeno na ${o.sources.length} ${o.sources.length === 1 ? 'portálu' : 'portálech'}; nové nabídky vám Reality Radar pošle e-mailem do minuty.`,
  en: (o: Offer) => `${o.title}, ${o.location.name}. ${o.priceText}. Found on ${o.sources.length} ${o.sources.length === 1 ? 'portal' : 'portals'}; Reality Radar e-mails you new offers within a minute.`,
};

/** A shared path (the same in both locales) names its locale with `?lang=en`, as the client does. */
const localeFrom = (lang: unknown, onlyIn: Locale | null): Locale => onlyIn ?? (lang === 'en' ? 'en' : 'cs');
const urlOf = (origin: string, p: string, locale: Locale, shared: boolean) => `${origin}${p}${shared && locale === 'en' ? '?lang=en' : ''}`;

/**
 * The head (and, for content, the body) a crawler gets for a path, or null when the path is not a
 * public page (the client alone renders it). Offer pages ask the offers API.
 */
export async function pageHead(site: SiteData, origin: string, pathname: string, lang: unknown, offers: OfferLookup, advertisers: AdvertiserLookup = async () => null): Promise<PageHead | null> {
  const index = site.index();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

  const page = index.pages.find((p) => p.cs === path || p.en === path);
  if (page) {
    const shared = page.cs === page.en;
    const locale = localeFrom(lang, shared ? null : page.cs === path ? 'cs' : 'en');
    const alternates = { cs: urlOf(origin, page.cs, 'cs', shared), en: urlOf(origin, page.en, 'en', shared) };
    const structuredData = page.name === 'faq' ? [faqData(index.faq[locale], locale)] : page.name === 'home' ? [websiteData(origin, locale)] : [];
    let bodyHtml: string | undefined;
    if (page.name === 'blog') {
      const items = index.articles.filter((a) => a.locale === locale)
        .map((a) => `<li><h2><a href="/blog/${encodeURIComponent(a.slug)}">${escapeHtml(a.title)}</a></h2><p>${escapeHtml(a.description)}</p></li>`).join('');
      bodyHtml = `<main class="container container--narrow section"><h1>${BLOG_TITLE[locale]}</h1><ul>${items}</ul></main>`;
    } else if (page.name === 'faq') {
      bodyHtml = `<main class="container container--narrow section"><h1>${escapeHtml(page.meta[locale].title.split(' – ')[0])}</h1>${index.faq[locale].map((i) => `<h2>${escapeHtml(i.q)}</h2><p>${escapeHtml(i.a)}</p>`).join('')}</main>`;
    }
    return { locale, ...page.meta[locale], canonical: alternates[locale], alternates, ogType: 'website', structuredData, bodyHtml };
  }

  const article = /^\/blog\/([^/]+)$/.exec(path);
  if (article) {
    const a = site.article(decodeURIComponent(article[1]));
    if (!a) return null;
    const url = `${origin}/blog/${encodeURIComponent(a.slug)}`;
    const other = a.translation ? `${origin}/blog/${encodeURIComponent(a.translation)}` : url;
    return {
      locale: a.locale, title: index.blogArticleTitle[a.locale].replace('{title}', a.title), description: a.description,
      canonical: url, alternates: a.locale === 'cs' ? { cs: url, en: other } : { cs: other, en: url }, ogType: 'article',
      structuredData: [articleData(a, url, origin)],
      bodyHtml: `<main class="container container--narrow section"><article lang="${a.locale}"><h1>${escapeHtml(a.title)}</h1><p class="lead">${escapeHtml(a.description)}</p>${a.html}</article></main>`,
    };
  }

  const detail = /^\/detail\/([^/]+)$/.exec(path);
  if (detail) {
    const offer = await offers(decodeURIComponent(detail[1]));
    if (!offer) return null;
    const locale = localeFrom(lang, null);
    const base = `${origin}/detail/${encodeURIComponent(offer.id)}`;
    const alternates = { cs: base, en: `${base}?lang=en` };
    const description = OFFER_DESCRIPTION[locale](offer);
    return {
      locale, title: `${offer.title}, ${offer.location.name} – Reality Radar`, description, canonical: alternates[locale], alternates,
      ogType: 'product', image: offer.imageUrl, structuredData: [offerData(offer, alternates[locale])],
      bodyHtml: `<main class="container section"><h1>${escapeHtml(offer.title)}</h1><p>${escapeHtml(offer.location.name)} · ${escapeHtml(offer.priceText)}</p><p>${escapeHtml(offer.description.slice(0, 600))}</p></main>`,
      // A non-public offer reaches the gateway as its teaser: nothing worth an index.
      noindex: !offer.active || offer.nonPublic,
    };
  }

  // A user's public page exists for advertisers only (docs/decisions.md); anyone else's is the client's "not public".
  const user = /^\/(uzivatel|user)\/([^/]+)$/.exec(path);
  if (user) {
    const a = await advertisers(decodeURIComponent(user[2]));
    if (!a) return null;
    const locale: Locale = user[1] === 'user' ? 'en' : 'cs';
    const id = encodeURIComponent(a.id);
    const alternates = { cs: `${origin}/uzivatel/${id}`, en: `${origin}/user/${id}` };
    const text = ADVERTISER_TEXT[locale];
    const campaigns = a.campaigns.map((c) => `<li>${escapeHtml(c.name)}</li>`).join('');
    return {
      locale, title: text.title(a.company), description: text.description(a.company), canonical: alternates[locale], alternates, ogType: 'website',
      structuredData: [{ '@context': 'https://schema.org', '@type': 'Organization', name: a.company, url: alternates[locale] }],
      bodyHtml: `<main class="container container--narrow section"><h1>${escapeHtml(a.company)}</h1><p>${escapeHtml(text.description(a.company))}</p><ul>${campaigns}</ul></main>`,
    };
  }
  return null;
}
