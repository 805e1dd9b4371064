import { useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../i18n';
import { pathFor } from '../routes';
import { EmailField } from '../ui/email-field';
import { Field } from '../ui/field';
import { useEmailInput } from '../ui/use-email-input';
import { sendContact } from '../modules/content/api/contact.api';
import { useFormCall } from '../modules/profile/hooks/use-form-call';
import { CONTACT_EMAIL } from '../modules/shell/components/footer';
import { operatorVars } from '../modules/shell/operator-line';
import { useSession } from '../modules/session/stores/session.store';

export function ContactPage() {
  const { t, locale } = useT();
  const user = useSession((s) => s.user);
  const email = useEmailInput(user?.email ?? '', true);
  const [name, setName] = useState(user ? [user.name, user.surname].filter(Boolean).join(' ') : '');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const call = useFormCall();
  const [, navigate] = useLocation();
  return (
    <div className="container section">
      <div className="detail-grid">
        <form className="card auth-form" noValidate data-testid="contact-form" onChange={call.clear} onSubmit={(e) => {
          e.preventDefault();
          const ok = email.check();
          setMessageError(message.trim() ? null : t('validation.required'));
          if (!ok || !message.trim()) return;
          void call.run(async () => {
            await sendContact({ name: name.trim(), email: email.value.trim(), message: message.trim() });
            navigate(pathFor('thankYou', locale));
          });
        }}>
          <h1>{t('contact.title')}</h1>
          <p className="lead">{t('contact.lead')}</p>
          <Field label={t('contact.name')} autoComplete="name" value={name} onValue={setName} />
          <EmailField label={t('contact.email')} required value={email.value} onValue={email.set} error={email.error ?? call.fields.email} suggestions={email.suggestions} onPick={email.pick} onKeep={email.keep} />
          <div className={`field ${messageError ? 'field--invalid' : ''}`}>
            <label className="field__label" htmlFor="contact-message">
              {t('contact.message')}<abbr className="field__required" title={t('common.required')} aria-hidden="true">*</abbr>
            </label>
            <textarea id="contact-message" className="input" required aria-required aria-invalid={messageError ? true : undefined} value={message}
              onChange={(e) => { setMessage(e.target.value); setMessageError(null); }} />
            {(messageError ?? call.fields.message) && <p className="field__error">{messageError ?? call.fields.message}</p>}
          </div>
          {call.error && <p className="form-error" role="alert">{t('contact.error')}</p>}
          <div><button type="submit" className="button button--primary" disabled={call.busy}>{t('contact.send')}</button></div>
        </form>
        <aside className="card">
          <h2>{t('contact.company')}</h2>
          <p>{t('footer.company', operatorVars(locale))}</p>
          <p><a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a></p>
        </aside>
      </div>
    </div>
  );
}
