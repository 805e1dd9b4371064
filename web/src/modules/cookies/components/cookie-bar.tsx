import { useState } from 'react';
import { useT } from '../../../i18n';
import { choiceOf, DEFAULT_STORAGES, type Choice } from '../../../lib/consent';
import { AppLink } from '../../../ui/app-link';
import { Modal } from '../../../ui/modal';
import { useConsent } from '../stores/consent.store';
import { ConsentToggles } from './consent-toggles';

const ALL: Choice = { preferences: true, analytics: true, marketing: true };
const NONE: Choice = { preferences: false, analytics: false, marketing: false };

/** Step one: short text with reject / details / accept; step two: the toggles with confirm / accept all. */
export function CookieBar() {
  const { t } = useT();
  const consent = useConsent((s) => s.consent);
  const save = useConsent((s) => s.save);
  const [step, setStep] = useState<1 | 2>(1);
  const [choice, setChoice] = useState<Choice>(choiceOf(DEFAULT_STORAGES));
  if (consent) return null;
  return (
    <section className="cookie-bar" aria-label={t('cookies.dialogTitle')} data-testid="cookie-bar">
      <div className="container cookie-bar__inner">
        <div className="cookie-bar__text">
          <h2 className="cookie-bar__title">{t('cookies.bar.title')}</h2>
          <p>{t('cookies.bar.text')} <AppLink to="cookies">{t('meta.cookies.title').split(' – ')[0]}</AppLink></p>
          {step === 2 && <ConsentToggles choice={choice} onChange={setChoice} />}
        </div>
        <div className="cookie-bar__buttons">
          {step === 1 ? (
            <>
              <button type="button" className="button button--ghost" onClick={() => setStep(2)}>{t('cookies.details')}</button>
              <button type="button" className="button button--secondary" onClick={() => save(NONE)}>{t('cookies.reject')}</button>
              <button type="button" className="button button--primary" onClick={() => save(ALL)}>{t('cookies.acceptContinue')}</button>
            </>
          ) : (
            <>
              <button type="button" className="button button--secondary" onClick={() => save(choice)}>{t('cookies.confirm')}</button>
              <button type="button" className="button button--primary" onClick={() => save(ALL)}>{t('cookies.acceptAll')}</button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** The cookie dialog reachable from the footer and the cookies page, to change an earlier choice. */
export function CookieDialog() {
  const { t } = useT();
  const open = useConsent((s) => s.dialogOpen);
  const consent = useConsent((s) => s.consent);
  const save = useConsent((s) => s.save);
  const close = useConsent((s) => s.closeDialog);
  const [choice, setChoice] = useState<Choice | null>(null);
  if (!open) return null;
  const current = choice ?? choiceOf(consent?.storages ?? DEFAULT_STORAGES);
  return (
    <Modal title={t('cookies.dialogTitle')} onClose={() => { setChoice(null); close(); }} size="medium" testId="cookie-dialog">
      <ConsentToggles choice={current} onChange={setChoice} />
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => { save(NONE); setChoice(null); }}>{t('cookies.reject')}</button>
        <button type="button" className="button button--secondary" onClick={() => { save(current); setChoice(null); }}>{t('cookies.confirm')}</button>
        <button type="button" className="button button--primary" onClick={() => { save(ALL); setChoice(null); }}>{t('cookies.acceptAll')}</button>
      </div>
    </Modal>
  );
}
