import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { PageProps } from '../app';
import { TelephoneBox } from '../modules/landing/components/telephone-box';
import { useT } from '../i18n';
import { ApiError } from '../lib/api';
import { track } from '../lib/analytics';
import { useQuery } from '../lib/query';
import { pathFor } from '../routes';
import { AppLink } from '../ui/app-link';
import { offersApi } from '../modules/offers/api/offers.api';
import { OfferCard } from '../modules/offers/components/offer-card';
import { OfferMap, OfferParams, OfferPortals, OfferPrice, PriceHistory } from '../modules/offers/components/offer-facts';
import { OfferGallery } from '../modules/offers/components/offer-gallery';
import { OfferPriceAnalysis } from '../modules/price-analytics/components/offer-price-analysis';
import { draftFromOffer } from '../modules/offers/similar';
import { useMeta } from '../modules/shell/stores/meta.store';
import { useDraft } from '../modules/watchdogs/stores/draft.store';
import type { Offer } from '@rr/proto';

function WatchSimilar({ offer }: { offer: Offer }) {
  const { t, locale } = useT();
  const replace = useDraft((s) => s.replace);
  const [, navigate] = useLocation();
  return (
    <button type="button" className="button button--primary button--block" data-testid="watch-similar" onClick={() => {
      replace(draftFromOffer(offer));
      navigate(pathFor('home', locale));
    }}>{t('offer.watchSimilar')}</button>
  );
}

export function Alternatives({ id }: { id: string }) {
  const { t } = useT();
  const { data, loading } = useQuery(`offer-alternatives:${id}`, () => offersApi.alternatives(id));
  return (
    <section className="section" data-testid="alternatives">
      <h2>{t('offer.alternatives')}</h2>
      {loading && <p className="muted">{t('common.loading')}</p>}
      {data && data.length === 0 && <p className="muted">{t('offer.noAlternatives')}</p>}
      {data && data.length > 0 && <div className="offer-cards">{data.map((o) => <OfferCard key={o.id} offer={o} />)}</div>}
    </section>
  );
}

export function OfferMissing() {
  const { t } = useT();
  return (
    <div className="container container--narrow section message-page" data-testid="offer-not-found">
      <h1>{t('offer.notFound')}</h1>
      <AppLink to="home" className="button button--primary">{t('offer.watchSimilar')}</AppLink>
    </div>
  );
}

export function OfferDetailPage({ params }: PageProps) {
  const { t } = useT();
  const id = params.realEstateId;
  const { data: offer, loading, error, reload } = useQuery(`offer:${id}`, () => offersApi.get(id));
  const setMeta = useMeta((s) => s.set);
  useEffect(() => {
    if (offer) setMeta({ title: offer.title, description: `${offer.title}, ${offer.location.name}. ${offer.priceText}` });
  }, [offer, setMeta]);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error instanceof ApiError && error.status !== 404 && error.status !== 400) {
    return <p className="container section form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  }
  if (error || !offer) return <OfferMissing />;
  return <OfferDetailView offer={offer} />;
}

/** The whole offer: summary, gallery, parameters, history, map, portals; also the non-public page's full view. */
export function OfferDetailView({ offer, notice }: { offer: Offer; notice?: ReactNode }) {
  const { t } = useT();
  return (
    <div className="container section" data-testid="offer-detail">
      {notice}
      {!offer.active && <p className="notice" role="status" data-testid="offer-inactive">{t('offer.inactive')}</p>}
      <div className="offer-layout">
        <div className="card offer-layout__summary">
          <h1 style={{ fontSize: '1.5rem' }}>{offer.title}</h1>
          <p className="muted">{offer.location.name}</p>
          <OfferPrice offer={offer} />
          <OfferPriceAnalysis offer={offer} />
          <WatchSimilar offer={offer} />
        </div>
        <div className="profile-sections offer-layout__main">
          <OfferGallery images={offer.images.length ? offer.images : offer.imageUrl ? [offer.imageUrl] : []} title={offer.title} />
          <div className="card"><h2>{t('offer.parameters')}</h2><OfferParams offer={offer} /></div>
          {offer.description && (
            <section className="card">
              <h2>{t('offer.description')}</h2>
              <p style={{ whiteSpace: 'pre-line' }}>{offer.description}</p>
            </section>
          )}
          <div className="card"><h2>{t('offer.priceHistory')}</h2><PriceHistory offer={offer} /></div>
        </div>
        <aside className="profile-sections offer-layout__side">
          <div className="card"><h2>{t('offer.map')}</h2><OfferMap offer={offer} /></div>
          <div className="card"><h2>{t('offer.portals')}</h2><OfferPortals offer={offer} /></div>
          <TelephoneBox source="CTA_BOX" title={t('telephone.title')} text={t('telephone.ctaText')} />
        </aside>
      </div>
      {!offer.active && <Alternatives id={offer.id} />}
    </div>
  );
}

/** From an alert e-mail when the offer was withdrawn: the message and similar active offers. */
export function OfferUnavailablePage({ params }: PageProps) {
  const { t } = useT();
  const id = params.realEstateId;
  const { data: offer } = useQuery(`offer:${id}`, () => offersApi.get(id));
  useEffect(() => {
    if (offer) track('landing_page', { listingId: offer.id, value: offer.price ?? 0, currency: 'CZK' });
  }, [offer]);
  return (
    <div className="container section" data-testid="lp-unavailable">
      <div className="card message-page" style={{ paddingTop: 32, paddingBottom: 32 }}>
        <h1>{t('lp.unavailable.title')}</h1>
        <p className="lead">{t('lp.unavailable.text')}</p>
        {offer && <p><strong>{offer.title}</strong> · {offer.location.name}</p>}
        {offer && <div style={{ maxWidth: 360, margin: '0 auto' }}><WatchSimilar offer={offer} /></div>}
      </div>
      <Alternatives id={id} />
    </div>
  );
}
