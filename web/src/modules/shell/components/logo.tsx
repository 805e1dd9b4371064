import { useT } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';

export function Logo() {
  const { t } = useT();
  return (
    <AppLink to="home" className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="currentColor" /><path d="M16 6 5 15h3v10h6v-6h4v6h6V15h3z" fill="#fff" /><circle cx="16" cy="15" r="2.2" fill="currentColor" /></svg>
      <span className="logo__text">Reality<strong>Radar</strong></span>
      <span className="visually-hidden"> – {t('common.home')}</span>
    </AppLink>
  );
}
