import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatDate, type MessageKey } from '../../../i18n';
import { useAdsT, type AdsKey } from '../i18n';
import { ApiError } from '../../../lib/api';
import { invalidate, useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { notify } from '../../notifications/stores/notifications.store';
import { adsApi, type AdCampaignStatus, type AdCampaignView } from '../api/ads.api';
import { formatHalere } from '../money';
import { regionName } from '../regions';
import { CampaignStatus } from './campaign-status';

const STATES: AdCampaignStatus[] = ['submitted', 'approved', 'paused', 'rejected'];

/** Review: the campaigns of one state with both banners; approve, reject with a reason (the advertiser is e-mailed), or pause. */
export function AdminAds() {
  const { t, locale } = useAdsT();
  const [, navigate] = useLocation();
  const wanted = new URLSearchParams(useSearch()).get('status');
  const status = (STATES as string[]).includes(wanted ?? '') ? (wanted as AdCampaignStatus) : 'submitted';
  const { data, error, reload } = useQuery<AdCampaignView[]>(`ads:admin:${status}`, () => adsApi.adminCampaigns(status));
  return (
    <>
      <div className="chips" role="group" aria-label={t('ads.admin.filter')}>
        {STATES.map((s) => (
          <button key={s} type="button" className={`chip${status === s ? ' chip--on' : ''}`} aria-pressed={status === s} onClick={() => navigate(`${pathFor('adminAds', locale)}?status=${s}`)}>
            <span>{t(`ads.status.${s}` as AdsKey)}</span>
          </button>
        ))}
      </div>
      {!data ? (error ? <p className="form-error" role="alert">{(error as Error).message} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p> : <div className="page-loading" aria-busy="true">{t('common.loading')}</div>) : (
        <div className="admin-stack" data-testid="admin-ads">
          {data.map((c) => <ReviewCard key={c.id} campaign={c} />)}
          {!data.length && <p>{t('ads.admin.none')}</p>}
        </div>
      )}
    </>
  );
}

function ReviewCard({ campaign: c }: { campaign: AdCampaignView }) {
  const { t, locale } = useAdsT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const review = async (outcome: 'approve' | 'reject' | 'pause') => {
    if (outcome !== 'approve' && !reason.trim()) return setError(t('ads.admin.reasonRequired'));
    setBusy(true);
    setError(null);
    try {
      const after = await adsApi.review(c.id, outcome, reason.trim() || null);
      notify(t('ads.admin.done', { name: c.name, status: t(`ads.status.${after.status}` as AdsKey) }), { icon: 'success' });
      invalidate('ads:admin:');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('auth.error.generic'));
      setBusy(false);
    }
  };
  const targeting = [...c.targeting.regions.map((r) => regionName(r, locale)), ...c.targeting.districts, ...c.targeting.adTypes.map((a) => t(`enum.adType.${a}` as MessageKey)), ...c.targeting.realEstateTypes.map((r) => t(`enum.realEstateType.${r}` as MessageKey))];
  const reasonId = `reason-${c.id}`;
  return (
    <article className="card" data-testid={`review-${c.id}`} aria-labelledby={`title-${c.id}`}>
      <h2 id={`title-${c.id}`}>{c.name} <CampaignStatus status={c.status} /></h2>
      <dl className="params">
        <dt>{t('ads.admin.advertiser')}</dt><dd>{c.advertiserEmail}</dd>
        <dt>{t('ads.form.targetUrl')}</dt><dd><a href={c.targetUrl} rel="noopener noreferrer" target="_blank">{c.targetUrl}</a></dd>
        <dt>{t('ads.form.alt')}</dt><dd>{c.alt}</dd>
        <dt>{t('ads.form.period')}</dt><dd>{formatDate(c.startsAt, locale)} – {formatDate(new Date(Date.parse(c.endsAt) - 1), locale)}</dd>
        <dt>{t('ads.form.pricing')}</dt><dd>{t(`ads.pricing.${c.pricing}` as AdsKey)}{c.budget ? ` · ${formatHalere(c.budget, locale)}` : ''}</dd>
        <dt>{t('ads.form.targeting')}</dt><dd>{targeting.length ? targeting.join(', ') : t('ads.campaign.everywhere')}</dd>
        {c.reason && <><dt>{t('ads.admin.lastReason')}</dt><dd>{c.reason}</dd></>}
      </dl>
      <div className="ads-banners">
        {c.banners.desktop && <img className="ads-banner__img" src={c.banners.desktop} width={520} height={250} alt={t('ads.admin.bannerAlt', { size: '520×250', alt: c.alt })} />}
        {c.banners.mobile && <img className="ads-banner__img" src={c.banners.mobile} width={320} height={150} alt={t('ads.admin.bannerAlt', { size: '320×150', alt: c.alt })} />}
      </div>
      {c.status !== 'rejected' && (
        <>
          <label className="field" htmlFor={reasonId}>
            <span className="field__label">{t('ads.admin.reason')}</span>
            <textarea id={reasonId} className="input" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!error} data-testid="review-reason" />
          </label>
          {error && <p className="form-error" role="alert">{error}</p>}
          <div className="button-row">
            {(c.status === 'submitted' || c.status === 'paused') && <button type="button" className="button button--primary" disabled={busy} onClick={() => review('approve')} data-testid="review-approve">{t('ads.admin.approve')}</button>}
            {c.status === 'submitted' && <button type="button" className="button button--danger" disabled={busy} onClick={() => review('reject')} data-testid="review-reject">{t('ads.admin.reject')}</button>}
            {c.status === 'approved' && <button type="button" className="button button--secondary" disabled={busy} onClick={() => review('pause')} data-testid="review-pause">{t('ads.admin.pause')}</button>}
          </div>
        </>
      )}
    </article>
  );
}
