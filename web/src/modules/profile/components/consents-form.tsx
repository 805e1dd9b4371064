import type { EmailPreference } from '@rr/proto';
import { EMAIL_PREFERENCES } from '../../../lib/proto-values';
import { useT } from '../../../i18n';
import { invalidate } from '../../../lib/query';
import { Checkbox } from '../../../ui/checkbox';
import { notify } from '../../notifications/stores/notifications.store';
import { profileApi } from '../api/profile.api';
import { useFormCall } from '../hooks/use-form-call';

/** E-mail consents; switching notifications off disables every watchdog (the account service does it). */
export function ConsentsForm({ value, onSaved }: { value: EmailPreference[]; onSaved: (token: string) => void }) {
  const { t } = useT();
  const call = useFormCall();
  const toggle = (preference: EmailPreference, on: boolean) => void call.run(async () => {
    const next = on ? [...value, preference] : value.filter((p) => p !== preference);
    const { token } = await profileApi.setEmailPreferences(next);
    onSaved(token);
    invalidate('filters');
    notify(t('common.saved'), { icon: 'success' });
  });
  return (
    <section className="card auth-form" data-testid="consents">
      <h2>{t('profile.consents')}</h2>
      {EMAIL_PREFERENCES.map((preference) => (
        <Checkbox key={preference} checked={value.includes(preference)} disabled={call.busy} onChange={(on) => toggle(preference, on)} testId={`consent-${preference}`}
          hint={preference === 'notifications' ? t('profile.consent.notificationsHint') : undefined}>
          {t(`profile.consent.${preference}`)}
        </Checkbox>
      ))}
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
    </section>
  );
}
