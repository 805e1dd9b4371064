import { useAdsT } from '../i18n';
import type { AdCampaignView } from '../api/ads.api';
import { BANNER_PX } from './banner-upload';

/** One alert e-mail as the notifier renders it, with the banner slot marked as a commercial communication. */
function MockEmail({ campaign, size }: { campaign: AdCampaignView; size: 'desktop' | 'mobile' }) {
  const { t } = useAdsT();
  const px = BANNER_PX[size];
  const src = campaign.banners[size];
  return (
    <figure className={`ads-mail ads-mail--${size}`}>
      <figcaption className="muted">{t(size === 'desktop' ? 'ads.preview.desktop' : 'ads.preview.mobile')}</figcaption>
      <div className="ads-mail__frame">
        <div className="ads-mail__head">Reality Radar</div>
        <div className="ads-mail__offer">
          <strong>{t('ads.preview.offerTitle')}</strong>
          <span>{t('ads.preview.offerPrice')}</span>
        </div>
        <div className="ads-mail__slot">
          <div className="ads-mail__label">{t('ads.preview.label')} · <span className="ads-mail__about">{t('ads.preview.about')}</span></div>
          {src
            ? <img src={src} alt={campaign.alt} width={px.width} height={px.height} />
            : <div className="ads-banner__empty" style={{ aspectRatio: `${px.width} / ${px.height}` }}>{t('ads.banner.none')}</div>}
        </div>
        <div className="ads-mail__foot">{t('ads.preview.optOut')}</div>
      </div>
    </figure>
  );
}

/** The banner inside an alert e-mail at both sizes, before the campaign is submitted. */
export function EmailPreview({ campaign }: { campaign: AdCampaignView }) {
  const { t } = useAdsT();
  return (
    <section className="ads-section" aria-labelledby="ads-preview" data-testid="email-preview">
      <h2 id="ads-preview">{t('ads.preview.title')}</h2>
      <div className="ads-preview">
        <MockEmail campaign={campaign} size="desktop" />
        <MockEmail campaign={campaign} size="mobile" />
      </div>
    </section>
  );
}
