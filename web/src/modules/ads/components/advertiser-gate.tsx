import type { ReactNode } from 'react';
import { useAdsT } from '../i18n';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { RequireLogin } from '../../session/components/require-login';
import { adsApi, type Advertiser } from '../api/ads.api';

function Advertisers({ children }: { children: ReactNode }) {
  const { t } = useAdsT();
  const { data, error, loading, reload } = useQuery<Advertiser | null>('ads:advertiser', adsApi.advertiser);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error) return <p className="form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  if (!data) {
    return (
      <div className="card empty-state" data-testid="not-advertiser">
        <p className="lead">{t('ads.gate.text')}</p>
        <AppLink to="advertising" className="button button--primary">{t('ads.gate.link')}</AppLink>
      </div>
    );
  }
  return <>{children}</>;
}

/** The self-service pages: logged in, and the account has accepted the advertising terms. */
export function AdvertiserGate({ children }: { children: ReactNode }) {
  return <RequireLogin><Advertisers>{children}</Advertisers></RequireLogin>;
}

/** The advertiser's section links: campaigns, credit, the offer. */
export function AdsTabs() {
  const { t } = useAdsT();
  return (
    <nav className="admin-tabs" aria-label={t('ads.nav')}>
      <AppLink to="adCampaigns" className="admin-tabs__link">{t('ads.campaigns.title')}</AppLink>
      <AppLink to="adCredit" className="admin-tabs__link">{t('ads.credit.title')}</AppLink>
      <AppLink to="advertising" className="admin-tabs__link">{t('ads.offer.short')}</AppLink>
    </nav>
  );
}
