import { useId, useState, type ChangeEvent } from 'react';
import { formatNumber } from '../../../i18n';
import { useAdsT } from '../i18n';
import { ApiError } from '../../../lib/api';
import { adsApi, type AdBannerSize, type AdCampaignView } from '../api/ads.api';
import { imageSizeOf } from '../image-size';

export const BANNER_PX: Record<AdBannerSize, { width: number; height: number }> = { desktop: { width: 520, height: 250 }, mobile: { width: 320, height: 150 } };
const MAX_KB = 150;

export type BannerUploadProps = { campaign: AdCampaignView; size: AdBannerSize; onUploaded: (c: AdCampaignView) => void; disabled?: boolean };

/** One banner slot: the current image from our origin and a file upload checked by the ad service (its refusal shown in words). */
export function BannerUpload({ campaign, size, onUploaded, disabled }: BannerUploadProps) {
  const { t, locale } = useAdsT();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const px = BANNER_PX[size];

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded(await adsApi.uploadBanner(campaign.id, size, file));
    } catch (err) {
      const code = err instanceof ApiError ? (err.fields[size] ?? (err.code === 'PAYLOAD_TOO_LARGE' ? 'too-heavy' : null)) : null;
      if (code === 'wrong-size') {
        const found = imageSizeOf(new Uint8Array(await file.slice(0, 65_536).arrayBuffer()));
        setError(t('ads.banner.wrongSize', { width: px.width, height: px.height, found: found ? `${found.width}×${found.height}` : '?' }));
      } else if (code === 'too-heavy') setError(t('ads.banner.tooHeavy', { kb: formatNumber(Math.ceil(file.size / 1024), locale), max: MAX_KB }));
      else if (code === 'not-an-image') setError(t('ads.banner.notImage'));
      else if (code === 'type-not-allowed') setError(t('ads.banner.typeNotAllowed'));
      else setError(err instanceof ApiError ? err.message : t('auth.error.generic'));
    } finally {
      setBusy(false);
    }
  };

  const current = campaign.banners[size];
  return (
    <div className={`ads-banner field ${error ? 'field--invalid' : ''}`} data-testid={`banner-${size}`}>
      <label htmlFor={id} className="field__label">{t(size === 'desktop' ? 'ads.banner.desktop' : 'ads.banner.mobile', { width: px.width, height: px.height })}</label>
      {current
        ? <img className="ads-banner__img" src={current} width={px.width} height={px.height} alt={campaign.alt} />
        : <div className="ads-banner__empty" style={{ aspectRatio: `${px.width} / ${px.height}`, maxWidth: px.width }}>{t('ads.banner.none')}</div>}
      <input id={id} type="file" accept="image/png,image/jpeg,image/gif" onChange={upload} disabled={disabled || busy} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} data-testid={`banner-file-${size}`} />
      <p id={`${id}-hint`} className="field__hint">{t('ads.banner.hint', { width: px.width, height: px.height, max: MAX_KB })}</p>
      {busy && <p className="muted" aria-live="polite">{t('ads.banner.uploading')}</p>}
      {error && <p id={`${id}-error`} className="field__error" role="alert" data-testid={`banner-error-${size}`}>{error}</p>}
    </div>
  );
}
