import type { Locale } from '@rr/proto';

/**
 * The only place where paths are written. Each screen has a Czech and an English path (spec §2);
 * `:name` segments are parameters substituted per locale.
 */
export const ROUTES = {
  home: { cs: '/', en: '/' },
  notFound: { cs: '/404', en: '/404' },
  faq: { cs: '/casto-kladene-otazky', en: '/faq' },
  cookies: { cs: '/cookies', en: '/cookies' },
  thankYou: { cs: '/dekujeme', en: '/thank-you' },
  detail: { cs: '/detail/:realEstateId', en: '/detail/:realEstateId' },
  howItWorks: { cs: '/jak-to-funguje', en: '/how-it-works' },
  contact: { cs: '/kontakt', en: '/contact-us' },
  lpFilterUnavailable: { cs: '/lp-filter-unavailable/:filterId', en: '/lp-filter-unavailable/:filterId' },
  lpRefresh: { cs: '/lp-refresh/:filterId', en: '/lp-refresh/:filterId' },
  lpUnavailable: { cs: '/lp-unavailable/:realEstateId', en: '/lp-unavailable/:realEstateId' },
  lpUnsubscribe: { cs: '/lp-unsubscribe/:filterId', en: '/lp-unsubscribe/:filterId' },
  // Shared watchdogs (issue 19): the invitation link's landing and an invitee's link to leave.
  sharedWatchdog: { cs: '/sdileny-pes', en: '/shared-watchdog' },
  lpLeave: { cs: '/lp-leave/:filterId', en: '/lp-leave/:filterId' },
  myFilters: { cs: '/moje-filtry', en: '/my-filters' },
  myFilter: { cs: '/moje-filtry/:filterId', en: '/my-filters/:filterId' },
  myProfile: { cs: '/muj-profil', en: '/my-profile' },
  ourStory: { cs: '/nas-pribeh', en: '/our-story' },
  terms: { cs: '/obchodni-podminky', en: '/terms-and-conditions' },
  services: { cs: '/sluzby', en: '/services' },
  subService: { cs: '/sluzby/:service', en: '/service/:service' },
  webviewMyFilters: { cs: '/webview/moje-filtry', en: '/webview/my-filters' },
  webviewMyProfile: { cs: '/webview/muj-profil', en: '/webview/my-profile' },
  webviewNewFilter: { cs: '/webview/novy-filtr', en: '/webview/new-filter' },
  abroad: { cs: '/zahranici', en: '/abroad' },
  personalData: { cs: '/zpracovani-osobnich-udaju', en: '/personal-information' },
  premium: { cs: '/premium-ucet', en: '/premium-account' },
  premiumConfirmation: { cs: '/premium-ucet-potvrzeni', en: '/premium-account-signup' },
  lpPremiumDetail: { cs: '/lp-premium-detail/:realEstateId', en: '/lp-premium-detail/:realEstateId' },
  paymentTerms: { cs: '/platebni-podminky', en: '/payment-terms' },
  nonPublicOffer: { cs: '/neverejna-nabidka/:realEstateId', en: '/non-public-offer/:realEstateId' },
  user: { cs: '/uzivatel/:id', en: '/user/:id' },
  lpAdvisor: { cs: '/lp-advisor', en: '/lp-advisor' },
  lpFb: { cs: '/lp-fb/:realEstateId', en: '/lp-fb/:realEstateId' },
  lpPpc: { cs: '/lp-ppc', en: '/lp-ppc' },
  lpTelephone: { cs: '/lp-telephone', en: '/lp-telephone' },
  blog: { cs: '/blog', en: '/blog' },
  blogArticle: { cs: '/blog/:slug', en: '/blog/:slug' },
  admin: { cs: '/administrace', en: '/administration' },
  adminUsers: { cs: '/administrace/uzivatele', en: '/administration/users' },
  adminUser: { cs: '/administrace/uzivatel/:id', en: '/administration/user/:id' },
  adminContacts: { cs: '/administrace/kontakt', en: '/administration/contact' },
  adminContact: { cs: '/administrace/kontakt/:id', en: '/administration/contact/:id' },
  adminAudit: { cs: '/administrace/audit', en: '/administration/audit' },
  adminCrawlers: { cs: '/administrace/crawlery', en: '/administration/crawlers' },
  adminDeadLetters: { cs: '/administrace/nedorucene-zpravy', en: '/administration/dead-letters' },
  adminDeadLetter: { cs: '/administrace/nedorucene-zpravy/:id', en: '/administration/dead-letters/:id' },
  adminAds: { cs: '/administrace/reklama', en: '/administration/ads' },
  advertising: { cs: '/inzerce', en: '/advertising' },
  adCampaigns: { cs: '/inzerce/kampane', en: '/advertising/campaigns' },
  // Before adCampaign: `nova`/`new` is a screen, not a campaign id.
  adCampaignNew: { cs: '/inzerce/kampane/nova', en: '/advertising/campaigns/new' },
  adCampaign: { cs: '/inzerce/kampane/:id', en: '/advertising/campaigns/:id' },
  adCredit: { cs: '/inzerce/kredit', en: '/advertising/credit' },
  priceAnalysis: { cs: '/analyza-cen', en: '/price-analysis' },
  // The public data API's documentation: the spec's paths, the same in both locales.
  apiDocs: { cs: '/docs', en: '/docs' },
  apiDocsPage: { cs: '/docs/:page', en: '/docs/:page' },
  apiDocsSection: { cs: '/docs/:section/:page', en: '/docs/:section/:page' },
} as const satisfies Record<string, Record<Locale, string>>;

export type RouteName = keyof typeof ROUTES;

/**
 * Screens for everyone, without parameters (sub-services expand to their seven pages): what
 * sitemap.xml lists and the gateway renders heads for. Blog articles and offers are added from their data.
 */
export const PUBLIC_ROUTES = [
  'home', 'faq', 'cookies', 'howItWorks', 'contact', 'ourStory', 'terms', 'services', 'subService', 'abroad', 'personalData', 'blog', 'advertising',
] as const satisfies readonly RouteName[];
export type RouteParams = Record<string, string>;
export type RouteMatch = { name: RouteName; params: RouteParams; locales: Locale[] };

export const SUB_SERVICES = [
  'agrarni-pudni-fond', 'direct-nemovitosti', 'direct-pronajmy', 'fingo', 'kontrola-pozemku', 'kontrola-smluv', 'ownest',
] as const;
export type SubService = (typeof SUB_SERVICES)[number];

/** Path of a screen in a locale, parameters substituted and URL-encoded. */
export function pathFor(name: RouteName, locale: Locale, params: RouteParams = {}): string {
  return ROUTES[name][locale].replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs parameter ${key}`);
    return encodeURIComponent(value);
  });
}

function matchPattern(pattern: string, pathname: string): RouteParams | null {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/' || pathname === '' ? {} : null;
  if (want.length !== got.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      params[want[i].slice(1)] = decodeURIComponent(got[i]);
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

/** Which screen a path is, and in which locales that path exists (both when cs and en share it). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const locales: Locale[] = [];
    let params: RouteParams | null = null;
    for (const locale of ['cs', 'en'] as const) {
      const found = matchPattern(ROUTES[name][locale], pathname);
      if (found) {
        locales.push(locale);
        params = found;
      }
    }
    if (params) {
      if (name === 'subService' && !(SUB_SERVICES as readonly string[]).includes(params.service)) return null;
      return { name, params, locales };
    }
  }
  return null;
}

/** The locale a path asks for: a locale-specific path wins, a shared path keeps the preferred one. */
export function localeOfPath(pathname: string, preferred: Locale): Locale {
  const match = matchRoute(pathname);
  if (!match || match.locales.includes(preferred)) return preferred;
  return match.locales[0];
}

/** The same screen in another locale; unknown paths fall back to home. */
export function switchLocalePath(pathname: string, to: Locale): string {
  const match = matchRoute(pathname);
  if (!match) return pathFor('home', to);
  return pathFor(match.name, to, match.params);
}

/** Landing pages for paid campaigns hide the main links (spec §2, header). */
export function headerModeOf(pathname: string): 'full' | 'noLinks' | 'logoOnly' {
  if (pathname.startsWith('/webview/')) return 'logoOnly';
  if (pathname.startsWith('/lp-ppc') || pathname.startsWith('/lp-fb')) return 'noLinks';
  return 'full';
}

export const isWebview = (pathname: string) => pathname.startsWith('/webview/');
