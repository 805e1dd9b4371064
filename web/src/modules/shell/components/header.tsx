import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../i18n';
import { headerModeOf } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

function MainLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useT();
  return (
    <>
      <AppLink to="home" className="nav__link" onClick={onNavigate}>{t('nav.search')}</AppLink>
      <AppLink to="premium" className="nav__link" onClick={onNavigate} data-testid="nav-premium">{t('nav.premium')}</AppLink>
      <AppLink to="priceAnalysis" className="nav__link" onClick={onNavigate} data-testid="nav-price-analysis">{t('nav.priceAnalysis')}</AppLink>
      <AppLink to="faq" className="nav__link" onClick={onNavigate}>{t('nav.faq')}</AppLink>
      <AppLink to="contact" className="nav__link" onClick={onNavigate}>{t('nav.contact')}</AppLink>
    </>
  );
}

/** Logo, main links, language and user menu; campaign landing pages hide the links, logo-only mode all navigation. */
export function Header() {
  const { t } = useT();
  const [location] = useLocation();
  const mode = headerModeOf(location);
  const [mobileOpen, setMobileOpen] = useState(false);
  useEffect(() => setMobileOpen(false), [location]);
  const close = () => setMobileOpen(false);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        {mode !== 'logoOnly' && (
          <>
            {mode === 'full' && <nav className="nav nav--desktop" aria-label={t('nav.main')}><MainLinks /></nav>}
            <div className="site-header__actions">
              <LanguageSwitch />
              <div className="desktop-only"><UserMenu /></div>
              <button type="button" className="menu-toggle" aria-expanded={mobileOpen} aria-controls="mobile-menu" onClick={() => setMobileOpen(!mobileOpen)} data-testid="menu-toggle">
                <span className="menu-toggle__bars" aria-hidden="true" />
                <span className="visually-hidden">{t(mobileOpen ? 'nav.closeMenu' : 'nav.menu')}</span>
              </button>
            </div>
          </>
        )}
      </div>
      {mobileOpen && mode !== 'logoOnly' && (
        <div id="mobile-menu" className="mobile-menu">
          {mode === 'full' && <nav className="nav nav--mobile" aria-label={t('nav.main')}><MainLinks onNavigate={close} /></nav>}
          <UserMenu inline onNavigate={close} />
        </div>
      )}
    </header>
  );
}
