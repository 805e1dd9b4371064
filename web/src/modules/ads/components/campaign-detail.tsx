import { useState } from 'react';
import { formatDate, type MessageKey } from '../../../i18n';
import { useAdsT, type AdsKey } from '../i18n';
import { ApiError } from '../../../lib/api';
import { invalidate, setQueryData, useQuery } from '../../../lib/query';
import { notify } from '../../notifications/stores/notifications.store';
import { adsApi, type AdCampaignView } from '../api/ads.api';
import { formatHalere } from '../money';
import { regionName } from '../regions';
import { BannerUpload } from './banner-upload';
import { CampaignForm } from './campaign-form';
import { CampaignReport } from './campaign-report';
import { CampaignStatus } from './campaign-status';
import { EmailPreview } from './email-preview';

const EDITABLE = ['draft', 'rejected'];

/** One campaign: its state, the edit form and banners while a draft, the e-mail preview, submit or pause, and the report. */
export function CampaignDetail({ id }: { id: string }) {
  const { t, locale } = useAdsT();
  const key = `ads:campaign:${id}`;
  const { data: c, error, reload } = useQuery<AdCampaignView>(key, () => adsApi.campaign(id));
  const [busy, setBusy] = useState(false);
  if (!c) return error ? <p className="form-error" role="alert">{(error as Error).message} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p> : <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  const changed = (next: AdCampaignView) => {
    setQueryData(key, next);
    invalidate('ads:campaigns');
  };
  const act = async (call: () => Promise<AdCampaignView>, done: AdsKey) => {
    setBusy(true);
    try {
      changed(await call());
      notify(t(done), { icon: 'success' });
    } catch (err) {
      notify(err instanceof ApiError ? err.message : t('auth.error.generic'), { icon: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const editable = EDITABLE.includes(c.status);
  const targeting = [
    ...c.targeting.regions.map((r) => regionName(r, locale)), ...c.targeting.districts,
    ...c.targeting.adTypes.map((a) => t(`enum.adType.${a}` as MessageKey)), ...c.targeting.realEstateTypes.map((r) => t(`enum.realEstateType.${r}` as MessageKey)),
  ];
  return (
    <div className="ads-campaign" data-testid="campaign-detail">
      <section className="card">
        <p><CampaignStatus status={c.status} /> {c.status === 'submitted' && <span className="muted">{t('ads.campaign.waiting')}</span>}</p>
        {c.reason && <p className="notice" role="status" data-testid="campaign-reason">{t(c.status === 'rejected' ? 'ads.campaign.rejectedBecause' : 'ads.campaign.reason', { reason: c.reason })}</p>}
        <dl className="params">
          <dt>{t('ads.form.targetUrl')}</dt><dd><a href={c.targetUrl} rel="noopener noreferrer" target="_blank">{c.targetUrl}</a></dd>
          <dt>{t('ads.form.period')}</dt><dd>{formatDate(c.startsAt, locale)} – {formatDate(new Date(Date.parse(c.endsAt) - 1), locale)}</dd>
          <dt>{t('ads.form.pricing')}</dt><dd>{t(`ads.pricing.${c.pricing}` as AdsKey)}{c.budget ? ` · ${t('ads.campaign.budget', { budget: formatHalere(c.budget, locale) })}` : ''}</dd>
          <dt>{t('ads.form.targeting')}</dt><dd>{targeting.length ? targeting.join(', ') : t('ads.campaign.everywhere')}</dd>
          <dt>{t('ads.campaigns.spent')}</dt><dd data-testid="campaign-spent">{formatHalere(c.spent, locale)}</dd>
        </dl>
        <div className="button-row">
          {editable && <button type="button" className="button button--primary" disabled={busy || !c.banners.desktop || !c.banners.mobile} onClick={() => act(() => adsApi.submit(c.id), 'ads.campaign.submitted')} data-testid="campaign-submit">{t('ads.campaign.submit')}</button>}
          {c.status === 'approved' && <button type="button" className="button button--secondary" disabled={busy} onClick={() => act(() => adsApi.pause(c.id), 'ads.campaign.paused')} data-testid="campaign-pause">{t('ads.campaign.pause')}</button>}
        </div>
        {editable && (!c.banners.desktop || !c.banners.mobile) && <p className="muted">{t('ads.campaign.bannersFirst')}</p>}
      </section>
      {editable && (
        <section className="ads-section" aria-labelledby="ads-banners">
          <h2 id="ads-banners">{t('ads.campaign.banners')}</h2>
          <div className="ads-banners">
            <BannerUpload campaign={c} size="desktop" onUploaded={changed} />
            <BannerUpload campaign={c} size="mobile" onUploaded={changed} />
          </div>
        </section>
      )}
      <EmailPreview campaign={c} />
      {editable && (
        <section className="ads-section" aria-labelledby="ads-edit">
          <h2 id="ads-edit">{t('ads.campaign.edit')}</h2>
          <CampaignForm key={c.id} campaign={c} submitLabel={t('common.save')} onSave={async (body) => {
            changed(await adsApi.update(c.id, body));
            notify(t('common.saved'), { icon: 'success' });
          }} />
        </section>
      )}
      {c.status !== 'draft' && <CampaignReport campaignId={c.id} />}
    </div>
  );
}
