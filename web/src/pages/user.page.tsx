import { useEffect } from 'react';
import type { PageProps } from '../app';
import { useT, type MessageKey } from '../i18n';
import { formatDate } from '../i18n/format';
import { api, ApiError } from '../lib/api';
import { useQuery } from '../lib/query';
import { AppLink } from '../ui/app-link';
import { useMeta } from '../modules/shell/stores/meta.store';
import { useAdvertiserT, type AdvertiserKey } from '../modules/ads/advertiser.copy';

type Targeting = { regions: string[]; districts: string[]; adTypes: string[]; realEstateTypes: string[] };
type AdvertiserPage = {
  id: string; company: string; since: string;
  campaigns: Array<{ id: string; name: string; alt: string; targetUrl: string; targeting: Targeting; startsAt: string; endsAt: string; banners: { desktop: string | null; mobile: string | null } }>;
};

/**
 * A user's public page. The only users with a public side are advertisers: "about this ad" in
 * an alert e-mail leads here, naming on whose behalf the ad is shown and why the reader got it
 * (docs/decisions.md). Everyone else's account stays private: the page says there is nothing here.
 */
export function UserPage({ params }: PageProps) {
  const { t } = useT();
  const ot = useAdvertiserT();
  const { data, loading, error, reload } = useQuery(`advertiser:${params.id}`, () => api<AdvertiserPage>(`/ads/advertisers/${encodeURIComponent(params.id)}`, { auth: false }));
  const setMeta = useMeta((s) => s.set);
  useEffect(() => {
    if (data) setMeta({ title: ot('user.page.title', { company: data.company }), description: ot('user.page.description', { company: data.company }) });
  }, [data, setMeta, t]);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error instanceof ApiError && error.status !== 404) {
    return <p className="container section form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  }
  if (!data) {
    return (
      <div className="container container--narrow section message-page" data-testid="user-not-public">
        <h1>{ot('user.none.title')}</h1>
        <p className="lead">{ot('user.none.text')}</p>
        <AppLink to="home" className="button button--primary">{t('common.home')}</AppLink>
      </div>
    );
  }
  return (
    <div className="container container--narrow section" data-testid="user-page">
      <p><span className="badge">{ot('user.advertiser')}</span></p>
      <h1>{data.company}</h1>
      <UserIntro since={data.since} />
      <h2>{ot('user.campaigns')}</h2>
      {!data.campaigns.length && <p className="muted">{ot('user.noCampaigns')}</p>}
      {data.campaigns.map((c) => <CampaignCard key={c.id} campaign={c} />)}
      <p className="muted">{ot('user.optOut')} <AppLink to="myProfile">{ot('user.optOutLink')}</AppLink></p>
    </div>
  );
}

function UserIntro({ since }: { since: string }) {
  const { locale } = useT();
  const ot = useAdvertiserT();
  return <p className="lead">{ot('user.intro', { date: formatDate(since, locale) })}</p>;
}

function CampaignCard({ campaign: c }: { campaign: AdvertiserPage['campaigns'][number] }) {
  const { t, locale } = useT();
  const ot = useAdvertiserT();
  const g = c.targeting;
  const where = g.regions.length ? g.regions.map((r) => ot(`region.${r}` as AdvertiserKey)).join(', ') : ot('user.wholeCountry');
  const what = [...g.adTypes.map((a) => t(`enum.adType.${a}` as MessageKey)), ...g.realEstateTypes.map((r) => t(`enum.realEstateType.${r}` as MessageKey))].join(', ') || ot('user.allOffers');
  return (
    <article className="card" data-testid="user-campaign">
      <h3>{c.name}</h3>
      {c.banners.desktop && (
        <a href={c.targetUrl} rel="sponsored noopener noreferrer" target="_blank">
          <img src={c.banners.desktop} alt={c.alt} width={520} height={250} style={{ maxWidth: '100%', height: 'auto' }} loading="lazy" />
        </a>
      )}
      <dl className="params">
        <dt>{ot('user.why')}</dt><dd>{ot('user.whyText', { where, what, districts: g.districts.length })}</dd>
        <dt>{ot('user.runs')}</dt><dd>{formatDate(c.startsAt, locale)} – {formatDate(c.endsAt, locale)}</dd>
        <dt>{ot('user.target')}</dt><dd><a href={c.targetUrl} rel="sponsored noopener noreferrer" target="_blank">{c.targetUrl}</a></dd>
      </dl>
    </article>
  );
}
