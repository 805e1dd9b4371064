import { useLocation } from 'wouter';
import '../modules/admin/admin.css';
import '../modules/ads/ads.css';
import type { PageProps } from '../app';
import { useAdsT } from '../modules/ads/i18n';
import { invalidate } from '../lib/query';
import { pathFor } from '../routes';
import { adsApi } from '../modules/ads/api/ads.api';
import { AdvertiserGate, AdsTabs } from '../modules/ads/components/advertiser-gate';
import { AdvertiserJoin } from '../modules/ads/components/advertiser-join';
import { AdvertisingOffer } from '../modules/ads/components/advertising-offer';
import { CampaignDetail } from '../modules/ads/components/campaign-detail';
import { CampaignForm } from '../modules/ads/components/campaign-form';
import { CampaignList } from '../modules/ads/components/campaign-list';
import { CreditPanel } from '../modules/ads/components/credit-panel';

/** /inzerce: what advertising in the alerts offers, the price list, sizes, terms and the way in. */
export function AdvertisingPage() {
  const { t } = useAdsT();
  return (
    <div className="container section">
      <h1>{t('ads.offer.title')}</h1>
      <p className="lead">{t('ads.offer.lead')}</p>
      <AdvertisingOffer />
      <AdvertiserJoin />
    </div>
  );
}

export function AdCampaignsPage() {
  const { t } = useAdsT();
  return (
    <div className="container section">
      <AdvertiserGate>
        <AdsTabs />
        <h1>{t('ads.campaigns.title')}</h1>
        <CampaignList />
      </AdvertiserGate>
    </div>
  );
}

export function AdCampaignNewPage() {
  const { t, locale } = useAdsT();
  const [, navigate] = useLocation();
  return (
    <div className="container container--narrow section">
      <AdvertiserGate>
        <AdsTabs />
        <h1>{t('ads.campaigns.new')}</h1>
        <p className="lead">{t('ads.campaigns.newLead')}</p>
        <CampaignForm submitLabel={t('ads.campaigns.create')} onSave={async (body) => {
          const created = await adsApi.create(body);
          invalidate('ads:campaigns');
          navigate(pathFor('adCampaign', locale, { id: created.id }));
        }} />
      </AdvertiserGate>
    </div>
  );
}

export function AdCampaignPage({ params }: PageProps) {
  const { t } = useAdsT();
  return (
    <div className="container section">
      <AdvertiserGate>
        <AdsTabs />
        <h1>{t('ads.campaign.title')}</h1>
        <CampaignDetail key={params.id} id={params.id} />
      </AdvertiserGate>
    </div>
  );
}

export function AdCreditPage() {
  const { t } = useAdsT();
  return (
    <div className="container section">
      <AdvertiserGate>
        <AdsTabs />
        <h1>{t('ads.credit.title')}</h1>
        <CreditPanel />
      </AdvertiserGate>
    </div>
  );
}
