import { useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../i18n';
import { pathFor } from '../../../routes';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmailField } from '../../../ui/email-field';
import { Field } from '../../../ui/field';
import { useEmailInput } from '../../../ui/use-email-input';
import { useAuthDialog } from '../../auth/stores/auth-dialog.store';
import { notify } from '../../notifications/stores/notifications.store';
import { useSession } from '../../session/stores/session.store';
import { profileApi } from '../api/profile.api';
import { useFormCall } from '../hooks/use-form-call';

export function ChangeEmailForm() {
  const { t } = useT();
  const email = useEmailInput('', true);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const call = useFormCall();
  return (
    <form className="auth-form" noValidate data-testid="change-email" onChange={call.clear} onSubmit={(e) => {
      e.preventDefault();
      const ok = email.check();
      setPasswordError(password ? null : t('validation.passwordRequired'));
      if (!ok || !password) return;
      void call.run(async () => {
        await profileApi.changeEmail(email.value.trim(), password);
        notify(t('profile.emailChangeSent'), { icon: 'success' });
        setPassword('');
      });
    }}>
      <h3>{t('profile.changeEmail')}</h3>
      <p className="muted">{t('profile.changeEmailText')}</p>
      <EmailField label={t('auth.newEmail')} required value={email.value} onValue={email.set} error={email.error ?? call.fields.email} suggestions={email.suggestions} onPick={email.pick} onKeep={email.keep} />
      <Field label={t('profile.currentPassword')} type="password" required autoComplete="current-password" value={password} onValue={(v) => { setPassword(v); setPasswordError(null); }} error={passwordError ?? call.fields.password} />
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
      <div><button type="submit" className="button button--secondary" disabled={call.busy}>{t('profile.changeEmail')}</button></div>
    </form>
  );
}

export function ChangePasswordForm({ onSaved }: { onSaved: (token: string) => void }) {
  const { t } = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const call = useFormCall();
  const openAuth = useAuthDialog((s) => s.open);
  return (
    <form className="auth-form" noValidate data-testid="change-password" onChange={call.clear} onSubmit={(e) => {
      e.preventDefault();
      const found: Record<string, string> = {};
      if (!current) found.currentPassword = t('validation.passwordRequired');
      if (!next) found.password = t('validation.passwordRequired');
      setLocal(found);
      if (Object.keys(found).length) return;
      void call.run(async () => {
        const { token } = await profileApi.changePassword(current, next);
        onSaved(token);
        setCurrent('');
        setNext('');
        notify(t('profile.passwordChanged'), { icon: 'success' });
      });
    }}>
      <h3>{t('profile.changePassword')}</h3>
      <Field label={t('profile.currentPassword')} type="password" required autoComplete="current-password" value={current} onValue={setCurrent} error={local.currentPassword ?? call.fields.currentPassword} />
      <Field label={t('auth.newPassword')} type="password" required autoComplete="new-password" value={next} onValue={setNext} error={local.password ?? call.fields.password} />
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
      <div className="button-row" style={{ marginTop: 0 }}>
        <button type="submit" className="button button--secondary" disabled={call.busy}>{t('profile.changePassword')}</button>
        <button type="button" className="link-button" onClick={() => openAuth('RESET_LOGGED_IN')} data-testid="reset-logged-in">{t('profile.forgotten')} {t('profile.changeCredentials')}</button>
      </div>
    </form>
  );
}

export function DeleteAccount() {
  const { t, locale } = useT();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const call = useFormCall();
  const logout = useSession((s) => s.logout);
  const [, navigate] = useLocation();
  return (
    <section className="card auth-form danger-zone" data-testid="delete-account">
      <h2>{t('profile.deleteTitle')}</h2>
      <p>{t('profile.deleteText')}</p>
      <Field label={t('profile.deletePassword')} type="password" autoComplete="current-password" value={password} onValue={(v) => { setPassword(v); setPasswordError(null); }} error={passwordError ?? call.fields.password} />
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
      <div>
        <button type="button" className="button button--danger" onClick={() => {
          if (!password) setPasswordError(t('validation.passwordRequired'));
          else setConfirming(true);
        }}>{t('profile.delete')}</button>
      </div>
      {confirming && (
        <ConfirmDialog title={t('profile.deleteTitle')} text={t('profile.deleteConfirm')} confirmLabel={t('profile.delete')} onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void call.run(async () => {
              await profileApi.remove(password);
              navigate(pathFor('home', locale));
              logout();
              notify(t('profile.deleted'), { icon: 'success' });
            });
          }} />
      )}
    </section>
  );
}
