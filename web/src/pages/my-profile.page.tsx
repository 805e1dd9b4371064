import { ROLE_LABELS, isPaying, type Role } from '@rr/proto';
import { useT } from '../i18n';
import { setQueryData, useQuery } from '../lib/query';
import { ApiKeysSection } from '../modules/api-docs/components/api-keys-section';
import { ConsentsForm } from '../modules/profile/components/consents-form';
import { DeliverySettingsForm } from '../modules/delivery/components/delivery-settings-form';
import { ChangeEmailForm, ChangePasswordForm, DeleteAccount } from '../modules/profile/components/credentials-forms';
import { PersonalForm } from '../modules/profile/components/personal-form';
import { SubscriptionSection } from '../modules/billing/components/subscription-section';
import { profileApi, type ProfileAnswer } from '../modules/profile/api/profile.api';
import { RequireLogin } from '../modules/session/components/require-login';
import { useSession } from '../modules/session/stores/session.store';

const PROFILE_KEY = 'profile';

function Profile() {
  const { t, locale } = useT();
  const { data, loading, error, reload } = useQuery<ProfileAnswer>(PROFILE_KEY, profileApi.get);
  const login = useSession((s) => s.login);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error || !data) return <p className="form-error" role="alert">{t('auth.error.generic')} <button className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  const saved = (token: string) => {
    login(token);
    void profileApi.get().then((answer) => setQueryData(PROFILE_KEY, answer));
  };
  const { profile } = data;
  return (
    <div className="profile-sections">
      {isPaying(profile.role) && (
        <p><span className="muted">{t('profile.tariff')}:</span> <span className="badge badge--tariff" data-testid="tariff-label">{ROLE_LABELS[profile.role as Role]?.[locale]}</span></p>
      )}
      <SubscriptionSection />
      <PersonalForm key={profile.id + profile.email} profile={profile} onSaved={saved} />
      <ConsentsForm value={profile.emailPreferences} onSaved={saved} />
      <DeliverySettingsForm />
      <ApiKeysSection />
      <section className="card">
        <h2>{t('profile.credentials')}</h2>
        <p className="muted">{profile.email}</p>
        <div className="form-grid">
          <ChangeEmailForm />
          <ChangePasswordForm onSaved={saved} />
        </div>
      </section>
      <DeleteAccount />
    </div>
  );
}

export function MyProfilePage() {
  const { t } = useT();
  return (
    <div className="container container--narrow section">
      <h1>{t('profile.title')}</h1>
      <RequireLogin><Profile /></RequireLogin>
    </div>
  );
}
