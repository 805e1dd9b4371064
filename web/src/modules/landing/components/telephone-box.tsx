import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { Field } from '../../../ui/field';
import { useSession } from '../../session/stores/session.store';
import { landingApi } from '../api/landing.api';

export type TelephoneBoxProps = { source: 'CTA_BOX' | 'LANDING_PAGE'; title: string; text: string };

/**
 * The telephone call-to-action (spec: sources CTA_BOX and LANDING_PAGE): a logged-in person adds a
 * number to their profile; anyone else names the e-mail of their account. The API answers the
 * spec's messages when the number belongs to another profile or the e-mail cannot be paired.
 */
export function TelephoneBox({ source, title, text }: TelephoneBoxProps) {
  const { t } = useT();
  const user = useSession((s) => s.user);
  const [email, setEmail] = useState('');
  const [telephone, setTelephone] = useState('');
  const [errors, setErrors] = useState<{ email?: string; telephone?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await landingApi.pairTelephone({ ...(user ? {} : { email }), telephone, telephoneSource: source });
      setDone(true);
    } catch (e) {
      const error = e as ApiError;
      setErrors(Object.keys(error.fields ?? {}).length ? error.fields : { form: error.message });
    } finally {
      setBusy(false);
    }
  };
  if (done) return <div className="card telephone-box" role="status" data-testid="telephone-done"><h2>{title}</h2><p className="form-success">{t('telephone.done')}</p></div>;
  return (
    <form className="card telephone-box" onSubmit={submit} noValidate data-testid={`telephone-box-${source}`}>
      <h2>{title}</h2>
      <p>{text}</p>
      {!user && <Field label={t('auth.email')} type="email" autoComplete="email" required value={email} onValue={setEmail} error={errors.email ?? null} />}
      <Field label={t('telephone.label')} type="tel" autoComplete="tel" placeholder="+420 777 123 456" required value={telephone} onValue={setTelephone} error={errors.telephone ?? null} />
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      <button type="submit" className="button button--primary" disabled={busy}>{t('telephone.submit')}</button>
      <p className="fine-print">{t('telephone.privacy')}</p>
    </form>
  );
}
