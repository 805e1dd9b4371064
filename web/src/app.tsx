import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { useLocaleStore, useT } from './i18n';
import { track } from './lib/analytics';
import { isWebview, localeOfPath, matchRoute, type RouteName, type RouteParams } from './routes';
import { AuthDialog } from './modules/auth/components/auth-dialog';
import { useAuthQuery } from './modules/auth/hooks/use-auth-query';
import { CookieBar, CookieDialog } from './modules/cookies/components/cookie-bar';
import { Notifications } from './modules/notifications/components/notifications';
import { notify } from './modules/notifications/stores/notifications.store';
import { Footer } from './modules/shell/components/footer';
import { Header } from './modules/shell/components/header';
import { usePageMeta } from './modules/shell/hooks/use-page-meta';
import { useMeta } from './modules/shell/stores/meta.store';
import { setForcedLogoutHandler, useSession } from './modules/session/stores/session.store';
import { translate } from './i18n/translate';
import { HomePage, NewFilterPage } from './pages/home.page';

export type PageProps = { params: RouteParams };
type Page = ComponentType<PageProps>;
const page = (load: () => Promise<Record<string, unknown>>, name: string) =>
  lazy(async () => ({ default: (await load())[name] as Page }));

/** Pages other than home are code-split; each chunk loads when its route is first visited. */
const PAGES: Record<RouteName, Page> = {
  // The landing page ships in the entry chunk: no second round trip and no layout shift before the LCP.
  home: HomePage,
  notFound: page(() => import('./pages/not-found.page'), 'NotFoundPage'),
  faq: page(() => import('./pages/content.page'), 'FaqPage'),
  cookies: page(() => import('./pages/content.page'), 'CookiesPage'),
  thankYou: page(() => import('./pages/content.page'), 'ThankYouPage'),
  detail: page(() => import('./pages/offer-detail.page'), 'OfferDetailPage'),
  nonPublicOffer: page(() => import('./pages/non-public-offer.page'), 'NonPublicOfferPage'),
  user: page(() => import('./pages/user.page'), 'UserPage'),
  howItWorks: page(() => import('./pages/content.page'), 'HowItWorksPage'),
  contact: page(() => import('./pages/contact.page'), 'ContactPage'),
  lpFilterUnavailable: page(() => import('./pages/landing.page'), 'FilterUnavailablePage'),
  lpRefresh: page(() => import('./pages/landing.page'), 'RefreshPage'),
  lpUnavailable: page(() => import('./pages/offer-detail.page'), 'OfferUnavailablePage'),
  lpUnsubscribe: page(() => import('./pages/landing.page'), 'UnsubscribePage'),
  sharedWatchdog: page(() => import('./pages/shared-watchdog.page'), 'SharedWatchdogPage'),
  lpLeave: page(() => import('./pages/shared-watchdog.page'), 'LeaveSharedPage'),
  myFilters: page(() => import('./pages/my-filters.page'), 'MyFiltersPage'),
  myFilter: page(() => import('./pages/my-filters.page'), 'MyFilterPage'),
  myProfile: page(() => import('./pages/my-profile.page'), 'MyProfilePage'),
  ourStory: page(() => import('./pages/content.page'), 'OurStoryPage'),
  terms: page(() => import('./pages/content.page'), 'TermsPage'),
  services: page(() => import('./pages/content.page'), 'ServicesPage'),
  subService: page(() => import('./pages/content.page'), 'SubServicePage'),
  webviewMyFilters: page(() => import('./pages/my-filters.page'), 'MyFiltersPage'),
  webviewMyProfile: page(() => import('./pages/my-profile.page'), 'MyProfilePage'),
  webviewNewFilter: NewFilterPage,
  abroad: page(() => import('./pages/content.page'), 'AbroadPage'),
  personalData: page(() => import('./pages/content.page'), 'PersonalDataPage'),
  premium: page(() => import('./pages/premium.page'), 'PremiumPage'),
  premiumConfirmation: page(() => import('./pages/premium.page'), 'PremiumConfirmationPage'),
  lpPremiumDetail: page(() => import('./pages/premium.page'), 'PremiumDetailLandingPage'),
  paymentTerms: page(() => import('./pages/premium.page'), 'PaymentTermsPage'),
  lpAdvisor: page(() => import('./pages/campaign.page'), 'LpAdvisorPage'),
  lpFb: page(() => import('./pages/campaign.page'), 'LpFbPage'),
  lpPpc: page(() => import('./pages/campaign.page'), 'LpPpcPage'),
  lpTelephone: page(() => import('./pages/campaign.page'), 'LpTelephonePage'),
  blog: page(() => import('./pages/blog.page'), 'BlogPage'),
  blogArticle: page(() => import('./pages/blog.page'), 'BlogArticlePage'),
  admin: page(() => import('./pages/admin.page'), 'AdminOverviewPage'),
  adminUsers: page(() => import('./pages/admin.page'), 'AdminUsersPage'),
  adminUser: page(() => import('./pages/admin.page'), 'AdminUserPage'),
  adminContacts: page(() => import('./pages/admin.page'), 'AdminContactsPage'),
  adminContact: page(() => import('./pages/admin.page'), 'AdminContactPage'),
  adminAudit: page(() => import('./pages/admin.page'), 'AdminAuditPage'),
  adminCrawlers: page(() => import('./pages/admin.page'), 'AdminCrawlersPage'),
  adminDeadLetters: page(() => import('./pages/admin.page'), 'AdminDeadLettersPage'),
  adminDeadLetter: page(() => import('./pages/admin.page'), 'AdminDeadLetterPage'),
  adminAds: page(() => import('./pages/admin.page'), 'AdminAdsPage'),
  advertising: page(() => import('./pages/advertising.page'), 'AdvertisingPage'),
  adCampaigns: page(() => import('./pages/advertising.page'), 'AdCampaignsPage'),
  adCampaignNew: page(() => import('./pages/advertising.page'), 'AdCampaignNewPage'),
  adCampaign: page(() => import('./pages/advertising.page'), 'AdCampaignPage'),
  adCredit: page(() => import('./pages/advertising.page'), 'AdCreditPage'),
  priceAnalysis: page(() => import('./pages/price-analysis.page'), 'PriceAnalysisPage'),
  apiDocs: page(() => import('./pages/api-docs.page'), 'ApiDocsPage'),
  apiDocsPage: page(() => import('./pages/api-docs.page'), 'ApiDocsPage'),
  apiDocsSection: page(() => import('./pages/api-docs.page'), 'ApiDocsPage'),
};

function useSessionBoot() {
  const init = useSession((s) => s.init);
  const state = useSession((s) => s.state);
  const user = useSession((s) => s.user);
  useEffect(() => {
    if (state === 'loading') return;
    track('user_state', { state, filters: user?.filters ?? 0 });
    if (user?.state === 'Blocked') notify(translate(useLocaleStore.getState().locale, 'notification.blocked'), { icon: 'error', timeout: 20_000 });
  }, [state, user?.id, user?.state, user?.filters]);
  useEffect(() => {
    setForcedLogoutHandler(({ message }) => {
      const locale = useLocaleStore.getState().locale;
      notify(message ?? translate(locale, 'auth.error.generic'), { icon: 'error' });
    });
    void init();
  }, [init]);
}

/** Keeps the locale in step with locale-specific paths (e.g. arriving on /how-it-works). */
function useLocaleFromPath(pathname: string) {
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  useEffect(() => {
    const wanted = localeOfPath(pathname, locale);
    if (wanted !== locale) setLocale(wanted);
  }, [pathname, locale, setLocale]);
}

export function App() {
  const [location] = useLocation();
  const { t } = useT();
  const match = useMemo(() => matchRoute(location), [location]);
  const resetMeta = useMeta((s) => s.reset);
  useSessionBoot();
  useLocaleFromPath(location);
  useAuthQuery();
  usePageMeta(match);
  useEffect(() => {
    resetMeta();
    window.scrollTo(0, 0);
    track('pageview', { page: location });
  }, [location, resetMeta]);

  const Page = match ? PAGES[match.name] : PAGES.notFound;
  const webview = isWebview(location);
  return (
    <>
      <a href="#content" className="skip-link" accessKey="2">{t('skip.toContent')}</a>
      <div id="top" />
      <Header />
      <main id="content" tabIndex={-1} className={webview ? 'main main--webview' : 'main'}>
        <Suspense fallback={<div className="page-loading" aria-busy="true">{t('common.loading')}</div>}>
          <Page params={match?.params ?? {}} />
        </Suspense>
      </main>
      {!webview && <Footer />}
      <Notifications />
      <AuthDialog />
      <CookieDialog />
      {!webview && <CookieBar />}
    </>
  );
}
