import { useAdsT, type AdsKey } from '../i18n';
import type { AdCampaignStatus } from '../api/ads.api';

const BADGE: Record<AdCampaignStatus, string> = { draft: 'badge badge--muted', submitted: 'badge badge--tariff', approved: 'badge badge--success', rejected: 'badge badge--danger', paused: 'badge badge--muted' };

export function CampaignStatus({ status }: { status: AdCampaignStatus }) {
  const { t } = useAdsT();
  return <span className={BADGE[status]} data-testid="campaign-status">{t(`ads.status.${status}` as AdsKey)}</span>;
}
