import { useT } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';
import { useConsent } from '../../cookies/stores/consent.store';
import { OPERATOR } from '@rr/proto';
import { operatorVars } from '../operator-line';

export const CONTACT_EMAIL = OPERATOR.email;

export function Footer() {
  const { t, locale } = useT();
  const openCookies = useConsent((s) => s.openDialog);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-label={t('footer.product')}>
          <h2 className="site-footer__heading">{t('footer.product')}</h2>
          <ul role="list">
            <li><AppLink to="home">{t('nav.search')}</AppLink></li>
            <li><AppLink to="howItWorks">{t('meta.howItWorks.title').split(' – ')[0]}</AppLink></li>
            <li><AppLink to="faq">{t('nav.faq')}</AppLink></li>
            <li><AppLink to="blog">{t('nav.blog')}</AppLink></li>
            <li><AppLink to="services">{t('meta.services.title').split(' – ')[0]}</AppLink></li>
            <li><AppLink to="abroad">{t('meta.abroad.title').split(' – ')[0]}</AppLink></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.company.heading')}>
          <h2 className="site-footer__heading">{t('footer.company.heading')}</h2>
          <ul role="list">
            <li><AppLink to="ourStory">{t('meta.ourStory.title').split(' – ')[0]}</AppLink></li>
            <li><AppLink to="contact">{t('nav.contact')}</AppLink></li>
            <li><AppLink to="advertising">{t('nav.advertising')}</AppLink></li>
            <li><a href={`mailto:${CONTACT_EMAIL}`}>{t('footer.contact', { email: CONTACT_EMAIL })}</a></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2 className="site-footer__heading">{t('footer.legal')}</h2>
          <ul role="list">
            <li><AppLink to="terms">{t('meta.terms.title').split(' – ')[0]}</AppLink></li>
            <li><AppLink to="personalData">{t('meta.personalData.title').split(' – ')[0]}</AppLink></li>
            <li><AppLink to="cookies">Cookies</AppLink></li>
            <li><button type="button" className="link-button" onClick={openCookies} data-testid="cookie-settings">{t('footer.cookieSettings')}</button></li>
          </ul>
        </nav>
        <div className="site-footer__about">
          <p className="site-footer__ppv">{t('footer.payPerView')}</p>
          <a className="startup-badge" href="https://www.czechinvest.org/cz/Sluzby-pro-startupy" target="_blank" rel="noopener noreferrer">
            <span aria-hidden="true">★</span> {t('footer.startup')}
          </a>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p data-testid="operator">{t('footer.company', operatorVars(locale))}</p>
        <p>{t('footer.copyright', { year: String(year) })}</p>
        <a href="#top" className="back-to-top">↑ {t('footer.backToTop')}</a>
      </div>
    </footer>
  );
}
