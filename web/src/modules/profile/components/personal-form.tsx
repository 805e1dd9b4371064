import { useState } from 'react';
import type { Locale } from '@rr/proto';
import { useT } from '../../../i18n';
import { Field } from '../../../ui/field';
import { notify } from '../../notifications/stores/notifications.store';
import { useSession } from '../../session/stores/session.store';
import { profileApi, type Profile } from '../api/profile.api';
import { useFormCall } from '../hooks/use-form-call';

const TIME_ZONES = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf: (k: string) => string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Prague', 'Europe/Bratislava', 'Europe/London', 'UTC'];
  }
})();

/** Name, surname, telephone (+420), time zone and e-mail language. */
export function PersonalForm({ profile, onSaved }: { profile: Profile; onSaved: (token: string) => void }) {
  const { t } = useT();
  const user = useSession((s) => s.user);
  const [values, setValues] = useState({
    name: profile.name ?? '', surname: profile.surname ?? '', telephone: profile.telephone ?? '', timezone: profile.timezone, locale: profile.locale,
  });
  const [local, setLocal] = useState<Record<string, string>>({});
  const call = useFormCall();
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setLocal((e) => ({ ...e, [key]: '' }));
    call.clear();
  };
  const err = (key: string) => local[key] || call.fields[key] || null;
  return (
    <form className="card auth-form" noValidate data-testid="profile-form" onSubmit={(e) => {
      e.preventDefault();
      const found: Record<string, string> = {};
      if (!values.name.trim()) found.name = t('validation.nameRequired');
      if (!values.surname.trim()) found.surname = t('validation.surnameRequired');
      setLocal(found);
      if (Object.keys(found).length) return;
      void call.run(async () => {
        const { token } = await profileApi.update({
          name: values.name.trim(), surname: values.surname.trim(), telephone: values.telephone.trim() || null, timezone: values.timezone, locale: values.locale as Locale,
        });
        onSaved(token);
        notify(t('common.saved'), { icon: 'success' });
      });
    }}>
      <h2>{t('profile.personal')}</h2>
      <p className="muted">{user?.email}</p>
      <div className="form-row">
        <Field label={t('auth.name')} required autoComplete="given-name" value={values.name} onValue={set('name')} error={err('name')} />
        <Field label={t('auth.surname')} required autoComplete="family-name" value={values.surname} onValue={set('surname')} error={err('surname')} />
      </div>
      <Field label={t('auth.telephone')} type="tel" autoComplete="tel" placeholder={t('auth.telephonePlaceholder')} value={values.telephone} onValue={set('telephone')} error={err('telephone')} />
      <div className="form-row">
        <div className="field">
          <label className="field__label" htmlFor="profile-timezone">{t('profile.timezone')}</label>
          <select id="profile-timezone" className="select" value={values.timezone} onChange={(e) => set('timezone')(e.target.value)}>
            {!TIME_ZONES.includes(values.timezone) && <option value={values.timezone}>{values.timezone}</option>}
            {TIME_ZONES.map((zone) => <option key={zone} value={zone}>{zone}</option>)}
          </select>
          {err('timezone') && <p className="field__error">{err('timezone')}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="profile-locale">{t('profile.language')}</label>
          <select id="profile-locale" className="select" value={values.locale} onChange={(e) => set('locale')(e.target.value)}>
            <option value="cs">{t('profile.localeCs')}</option>
            <option value="en">{t('profile.localeEn')}</option>
          </select>
        </div>
      </div>
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
      <div><button type="submit" className="button button--primary" disabled={call.busy}>{t('common.save')}</button></div>
    </form>
  );
}
