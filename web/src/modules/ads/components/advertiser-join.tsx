import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useAdsT } from '../i18n';
import { ApiError } from '../../../lib/api';
import { setQueryData, useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { Checkbox } from '../../../ui/checkbox';
import { Field } from '../../../ui/field';
import { useAuthDialog } from '../../auth/stores/auth-dialog.store';
import { useSession } from '../../session/stores/session.store';
import { adsApi, type Advertiser } from '../api/ads.api';
import { usePremiumT } from '../../billing/premium.copy';

/** The way in: log in or register, accept the advertising terms (the account's advertiser capability), then the campaigns. */
export function AdvertiserJoin() {
  const { t } = useAdsT();
  const tm = usePremiumT();
  const session = useSession((s) => s.state);
  const open = useAuthDialog((s) => s.open);
  const advertiser = useQuery<Advertiser | null>(session === 'loggedIn' ? 'ads:advertiser' : null, adsApi.advertiser);

  let body;
  if (session === 'loading' || (session === 'loggedIn' && advertiser.loading)) body = <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  else if (session === 'loggedOut') {
    body = (
      <>
        <p>{t('ads.join.loggedOut')}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => open('REGISTER', { stay: true })} data-testid="ads-register">{t('ads.join.register')}</button>
          <button type="button" className="button button--ghost" onClick={() => open('LOGIN', { stay: true })}>{t('user.login')}</button>
        </div>
      </>
    );
  } else if (advertiser.data) {
    body = (
      <>
        <p>{t('ads.join.already', { company: advertiser.data.company })}</p>
        <div className="button-row">
          <AppLink to="adCampaigns" className="button button--primary" data-testid="ads-to-campaigns">{t('ads.campaigns.title')}</AppLink>
          <AppLink to="adCredit" className="button button--ghost">{t('ads.credit.title')}</AppLink>
        </div>
      </>
    );
  } else body = <JoinForm />;
  return (
    <section className="card ads-join" aria-labelledby="ads-join">
      <h2 id="ads-join">{t('ads.join.title')}</h2>
      {body}
    </section>
  );
}

function JoinForm() {
  const { t, locale } = useAdsT();
  const tm = usePremiumT();
  const [, navigate] = useLocation();
  const [company, setCompany] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!company.trim()) found.company = tm('premium.error.required');
    if (!terms) found.terms = t('ads.join.termsRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      setQueryData('ads:advertiser', await adsApi.becomeAdvertiser(company.trim()));
      navigate(pathFor('adCampaigns', locale));
    } catch (err) {
      setErrors({ form: err instanceof ApiError ? err.message : t('auth.error.generic') });
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="ads-join-form">
      <p>{t('ads.join.text')}</p>
      <Field label={t('ads.join.company')} value={company} onValue={setCompany} error={errors.company} required autoComplete="organization" maxLength={120} />
      <Checkbox checked={terms} onChange={setTerms} testId="ads-terms-accept">{t('ads.join.accept')}</Checkbox>
      {errors.terms && <p className="form-error" role="alert">{errors.terms}</p>}
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      <button type="submit" className="button button--primary" disabled={busy} data-testid="ads-join">{t('ads.join.submit')}</button>
    </form>
  );
}
