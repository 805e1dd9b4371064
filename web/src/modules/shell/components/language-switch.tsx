import { useLocation } from 'wouter';
import { useLocaleStore, useT } from '../../../i18n';
import { switchLocalePath } from '../../../routes';

/** Switching language keeps the person on the same screen, in the other locale's path. */
export function LanguageSwitch({ onNavigate }: { onNavigate?: () => void }) {
  const { t, locale } = useT();
  const setLocale = useLocaleStore((s) => s.setLocale);
  const [location, navigate] = useLocation();
  const other = locale === 'cs' ? 'en' : 'cs';
  return (
    <a
      href={switchLocalePath(location, other)}
      hrefLang={other}
      lang={other}
      className="lang-switch"
      title={t('nav.languageLabel')}
      data-testid="language-switch"
      onClick={(event) => {
        event.preventDefault();
        const target = `${switchLocalePath(location, other)}${window.location.search}`;
        void setLocale(other).then(() => navigate(target));
        onNavigate?.();
      }}
    >
      {t('nav.language')}
    </a>
  );
}
