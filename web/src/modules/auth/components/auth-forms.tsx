import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useT, type MessageKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { track } from '../../../lib/analytics';
import { EmailField } from '../../../ui/email-field';
import { Field } from '../../../ui/field';
import { useEmailInput } from '../../../ui/use-email-input';
import { pathFor } from '../../../routes';
import { notify } from '../../notifications/stores/notifications.store';
import { useSession } from '../../session/stores/session.store';
import { authApi } from '../api/auth.api';
import { authErrorKey, type AuthCall } from '../errors';
import { SWITCH_LINKS, type AuthForm } from '../opening';
import { useAuthDialog } from '../stores/auth-dialog.store';

type Submit = () => Promise<void>;

/** Shared form frame: errors below the form, cleared on each submit and on any change. */
function useAuthSubmit(call: AuthCall) {
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (event: FormEvent, valid: boolean, submit: Submit) => {
    event.preventDefault();
    setError(null);
    if (!valid || busy) return;
    setBusy(true);
    try {
      await submit();
    } catch (cause) {
      setError(authErrorKey(call, cause instanceof ApiError ? cause.status : 0));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run, clear: () => setError(null) };
}

function FormFrame({ form, error, busy, onSubmit, onChange, children }: {
  form: AuthForm; error: MessageKey | null; busy: boolean; onSubmit: (e: FormEvent) => void; onChange: () => void; children: ReactNode;
}) {
  const { t } = useT();
  const switchTo = useAuthDialog((s) => s.switchTo);
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onChange={onChange} data-testid={`auth-${form}`}>
      {children}
      {form !== 'SENT' && (
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {t(`auth.submit.${form as Exclude<AuthForm, 'SENT'>}`)}
        </button>
      )}
      {error && <p className="form-error" role="alert">{t(error)}</p>}
      {SWITCH_LINKS[form] && (
        <p className="auth-form__links">
          {SWITCH_LINKS[form]!.map((target) => (
            <button key={target} type="button" className="link-button" onClick={() => switchTo(target)}>
              {t(target === 'LOGIN' ? 'auth.link.login' : target === 'REGISTER' ? 'auth.link.register' : 'auth.link.reset')}
            </button>
          ))}
        </p>
      )}
    </form>
  );
}

/** Login, complete register and complete reset store the token, go to my watchdogs (unless a page asked for the login) and close. */
function useSignedIn() {
  const login = useSession((s) => s.login);
  const close = useAuthDialog((s) => s.close);
  const [, navigate] = useLocation();
  const { locale } = useT();
  return (token: string) => {
    const stay = useAuthDialog.getState().stay;
    login(token);
    close();
    if (!stay) navigate(pathFor('myFilters', locale));
  };
}

export function LoginForm() {
  const { t } = useT();
  const email = useEmailInput(useAuthDialog.getState().email ?? '', false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const { error, busy, run, clear } = useAuthSubmit('login');
  const signedIn = useSignedIn();
  return (
    <FormFrame form="LOGIN" error={error} busy={busy} onChange={clear} onSubmit={(e) => {
      const emailOk = email.check();
      setPasswordError(password ? null : t('validation.passwordRequired'));
      void run(e, emailOk && !!password, async () => {
        const { token } = await authApi.login(email.value.trim(), password);
        track('login');
        signedIn(token);
      });
    }}>
      <EmailField label={t('auth.email')} required value={email.value} onValue={email.set} error={email.error} suggestions={email.suggestions} onPick={email.pick} onKeep={email.keep} autoFocus />
      <Field label={t('auth.password')} type="password" required autoComplete="current-password" value={password} onValue={(v) => { setPassword(v); setPasswordError(null); }} error={passwordError} />
    </FormFrame>
  );
}

function EmailOnlyForm({ form }: { form: 'REGISTER' | 'RESET' }) {
  const { t, locale } = useT();
  const email = useEmailInput(useAuthDialog.getState().email ?? '', form === 'REGISTER');
  const { error, busy, run, clear } = useAuthSubmit(form === 'REGISTER' ? 'registerStart' : 'resetStart');
  const switchTo = useAuthDialog((s) => s.switchTo);
  return (
    <FormFrame form={form} error={error} busy={busy} onChange={clear} onSubmit={(e) => {
      void run(e, email.check(), async () => {
        if (form === 'REGISTER') {
          await authApi.registerStart(email.value.trim(), locale);
          track('register_start');
        } else {
          await authApi.resetStart(email.value.trim());
          track('reset_start');
        }
        switchTo('SENT');
      });
    }}>
      <p className="auth-form__intro">{t(form === 'REGISTER' ? 'auth.registerIntro' : 'auth.resetIntro')}</p>
      <EmailField label={t('auth.email')} required value={email.value} onValue={email.set} error={email.error} suggestions={email.suggestions} onPick={email.pick} onKeep={email.keep} autoFocus />
    </FormFrame>
  );
}
export const RegisterForm = () => <EmailOnlyForm form="REGISTER" />;
export const ResetForm = () => <EmailOnlyForm form="RESET" />;

export function ResetLoggedInForm() {
  const { t } = useT();
  const current = useSession((s) => s.user?.email ?? '');
  const { error, busy, run, clear } = useAuthSubmit('resetStart');
  const switchTo = useAuthDialog((s) => s.switchTo);
  return (
    <FormFrame form="RESET_LOGGED_IN" error={error} busy={busy} onChange={clear} onSubmit={(e) => {
      void run(e, !!current, async () => {
        await authApi.resetStart(current);
        track('reset_start');
        switchTo('SENT');
      });
    }}>
      <input type="hidden" name="email" value={current} />
      <p>{t('auth.resetLoggedInText', { email: current })}</p>
      <p className="auth-form__question">{t('auth.resetLoggedInQuestion')}</p>
    </FormFrame>
  );
}

export function CompleteRegisterForm() {
  const { t } = useT();
  const magic = useAuthDialog((s) => s.magic);
  const [values, setValues] = useState({ name: '', surname: '', password: '', telephone: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values | 'magic', string>>>({});
  const { error, busy, run, clear } = useAuthSubmit('registerComplete');
  const signedIn = useSignedIn();
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  return (
    <FormFrame form="COMPLETE_REGISTER" error={error} busy={busy} onChange={clear} onSubmit={(e) => {
      const found = {
        magic: magic ? undefined : t('validation.magicInvalid'),
        name: values.name.trim() ? undefined : t('validation.nameRequired'),
        surname: values.surname.trim() ? undefined : t('validation.surnameRequired'),
        password: values.password ? undefined : t('validation.passwordRequired'),
      };
      setErrors(found);
      void run(e, !Object.values(found).some(Boolean), async () => {
        const { token } = await authApi.registerComplete({
          magic: magic!, name: values.name.trim(), surname: values.surname.trim(), password: values.password,
          telephone: values.telephone.trim() || null,
        });
        track('register_complete');
        signedIn(token);
      });
    }}>
      <p className="auth-form__intro">{t('auth.completeRegisterIntro')}</p>
      <input type="hidden" name="magic" value={magic ?? ''} />
      {errors.magic && <p className="form-error" role="alert">{errors.magic}</p>}
      <div className="form-row">
        <Field label={t('auth.name')} required autoComplete="given-name" value={values.name} onValue={set('name')} error={errors.name} autoFocus />
        <Field label={t('auth.surname')} required autoComplete="family-name" value={values.surname} onValue={set('surname')} error={errors.surname} />
      </div>
      <Field label={t('auth.password')} type="password" required autoComplete="new-password" value={values.password} onValue={set('password')} error={errors.password} />
      <Field label={`${t('auth.telephone')} (${t('common.optional')})`} type="tel" autoComplete="tel" placeholder={t('auth.telephonePlaceholder')} value={values.telephone} onValue={set('telephone')} />
    </FormFrame>
  );
}

export function CompleteResetForm() {
  const { t } = useT();
  const magic = useAuthDialog((s) => s.magic);
  const email = useEmailInput(useAuthDialog.getState().email ?? '', true);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ magic?: string; password?: string }>({});
  const { error, busy, run, clear } = useAuthSubmit('resetComplete');
  const signedIn = useSignedIn();
  return (
    <FormFrame form="COMPLETE_RESET" error={error} busy={busy} onChange={clear} onSubmit={(e) => {
      const emailOk = email.check();
      const found = { magic: magic ? undefined : t('validation.magicInvalid'), password: password ? undefined : t('validation.passwordRequired') };
      setErrors(found);
      void run(e, emailOk && !found.magic && !found.password, async () => {
        const { token, emailChangePending } = await authApi.resetComplete({ magic: magic!, email: email.value.trim(), password });
        track('reset_complete');
        signedIn(token);
        if (emailChangePending) notify(t('profile.emailChangeSent'), { icon: 'info' });
      });
    }}>
      <p className="auth-form__intro">{t('auth.completeResetIntro')}</p>
      <input type="hidden" name="magic" value={magic ?? ''} />
      {errors.magic && <p className="form-error" role="alert">{errors.magic}</p>}
      <EmailField label={t('auth.newEmail')} required value={email.value} onValue={email.set} error={email.error} suggestions={email.suggestions} onPick={email.pick} onKeep={email.keep} autoFocus />
      <Field label={t('auth.newPassword')} type="password" required autoComplete="new-password" value={password} onValue={(v) => { setPassword(v); setErrors((x) => ({ ...x, password: undefined })); }} error={errors.password} />
    </FormFrame>
  );
}

export function SentNotice() {
  const { t } = useT();
  const close = useAuthDialog((s) => s.close);
  return (
    <div className="auth-form" data-testid="auth-SENT">
      <p className="sent-notice" role="status">{t('auth.sent')}</p>
      <button type="button" className="button button--primary button--block" onClick={close}>{t('common.close')}</button>
    </div>
  );
}

const FORMS: Record<AuthForm, ComponentType> = {
  LOGIN: LoginForm,
  REGISTER: RegisterForm,
  RESET: ResetForm,
  RESET_LOGGED_IN: ResetLoggedInForm,
  COMPLETE_REGISTER: CompleteRegisterForm,
  COMPLETE_RESET: CompleteResetForm,
  SENT: SentNotice,
};

/** One form at a time, keyed so that switching resets its state. Loaded with the dialog's first opening. */
export function AuthFormBody({ form }: { form: AuthForm }) {
  const Form = FORMS[form];
  return <Form key={form} />;
}
