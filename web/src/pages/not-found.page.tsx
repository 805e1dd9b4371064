import { useT } from '../i18n';
import { AppLink } from '../ui/app-link';

export function NotFoundPage() {
  const { t } = useT();
  return (
    <div className="container container--narrow section message-page" data-testid="not-found">
      <p className="message-page__code" aria-hidden="true">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <AppLink to="home" className="button button--primary">{t('common.home')}</AppLink>
    </div>
  );
}

/** Shown when the screen exists only in the other language (spec §2). */
export function NotAvailablePage({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useT();
  return (
    <div className="container container--narrow section message-page" data-testid="not-available">
      <h1>{t('notAvailable.title')}</h1>
      <p>{t('notAvailable.text')}</p>
      <button type="button" className="button button--primary" onClick={onSwitch}>{t('notAvailable.switch')}</button>
    </div>
  );
}
