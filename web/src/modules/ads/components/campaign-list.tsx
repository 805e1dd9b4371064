import { formatDate } from '../../../i18n';
import { useAdsT, type AdsKey } from '../i18n';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { adsApi, type AdCampaignView } from '../api/ads.api';
import { formatHalere } from '../money';
import { CampaignStatus } from './campaign-status';

/** The advertiser's campaigns with their state, period, pricing and spend. */
export function CampaignList() {
  const { t, locale } = useAdsT();
  const { data, error, reload } = useQuery<AdCampaignView[]>('ads:campaigns', adsApi.campaigns);
  return (
    <>
      <div className="button-row">
        <AppLink to="adCampaignNew" className="button button--primary" data-testid="new-campaign">{t('ads.campaigns.new')}</AppLink>
      </div>
      {!data ? (error ? <p className="form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p> : <div className="page-loading" aria-busy="true">{t('common.loading')}</div>) : (
        <div className="table-scroll">
          <table className="ads-table" data-testid="campaign-list">
            <thead><tr>
              <th scope="col">{t('ads.form.name')}</th><th scope="col">{t('ads.campaigns.state')}</th><th scope="col">{t('ads.form.period')}</th>
              <th scope="col">{t('ads.form.pricing')}</th><th scope="col" className="num">{t('ads.campaigns.spent')}</th>
            </tr></thead>
            <tbody>
              {data.map((c) => (
                <tr key={c.id}>
                  <th scope="row"><AppLink to="adCampaign" params={{ id: c.id }}>{c.name}</AppLink></th>
                  <td><CampaignStatus status={c.status} /></td>
                  <td>{formatDate(c.startsAt, locale)} – {formatDate(new Date(Date.parse(c.endsAt) - 1), locale)}</td>
                  <td>{t(`ads.pricing.${c.pricing}` as AdsKey)}{c.budget ? ` · ${formatHalere(c.budget, locale)}` : ''}</td>
                  <td className="num">{formatHalere(c.spent, locale)}</td>
                </tr>
              ))}
              {!data.length && <tr><td colSpan={5}>{t('ads.campaigns.none')}</td></tr>}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
