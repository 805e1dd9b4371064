import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { PageProps } from '../app';
import { useT } from '../i18n';
import { ApiError } from '../lib/api';
import { useQuery } from '../lib/query';
import { pathFor } from '../routes';
import { AppLink } from '../ui/app-link';
import { offersApi } from '../modules/offers/api/offers.api';
import { OfferParams } from '../modules/offers/components/offer-facts';
import { OfferGallery } from '../modules/offers/components/offer-gallery';
import { useMeta } from '../modules/shell/stores/meta.store';
import { useSession } from '../modules/session/stores/session.store';
import type { OfferView } from '@rr/proto';
import { OfferDetailView, OfferMissing } from './offer-detail.page';
import { useNonPublicT } from '../modules/offers/non-public.copy';

/**
 * A non-public offer (docs/decisions.md): in full for the tiers entitled to it, a teaser with the
 * way to them for everyone else. A public offer has nothing hidden: its ordinary detail page.
 */
export function NonPublicOfferPage({ params }: PageProps) {
  const { t, locale } = useT();
  const ot = useNonPublicT();
  const id = params.realEstateId;
  const user = useSession((s) => s.user);
  const [, navigate] = useLocation();
  // The answer depends on who asks: logging in or upgrading asks again.
  const { data: offer, loading, error, reload } = useQuery(`offer-np:${id}:${user?.id ?? '-'}:${user?.role ?? 0}`, () => offersApi.getAsMember(id));
  const setMeta = useMeta((s) => s.set);
  useEffect(() => {
    if (offer && !offer.nonPublic) navigate(pathFor('detail', locale, { realEstateId: offer.id }), { replace: true });
    if (offer) setMeta({ title: `${ot('nonPublic.badge')}: ${offer.title}`, description: `${offer.title}, ${offer.location.name}` });
  }, [offer, locale, navigate, setMeta, t]);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error instanceof ApiError && error.status !== 404 && error.status !== 400) {
    return <p className="container section form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  }
  if (error || !offer) return <OfferMissing />;
  if (!offer.nonPublic) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (offer.access !== 'teaser') return <OfferDetailView offer={offer} notice={<p className="notice" role="status" data-testid="non-public-full">{ot('nonPublic.fullNote')}</p>} />;
  return <Teaser offer={offer} loggedIn={!!user} />;
}

function Teaser({ offer, loggedIn }: { offer: OfferView; loggedIn: boolean }) {
  const { t } = useT();
  const ot = useNonPublicT();
  return (
    <div className="container section" data-testid="non-public-teaser">
      <div className="offer-layout">
        <div className="card offer-layout__summary">
          <p><span className="badge">{ot('nonPublic.badge')}</span></p>
          <h1 style={{ fontSize: '1.5rem' }}>{offer.title}</h1>
          <p className="muted">{offer.location.name}</p>
          <p className="lead">{ot('nonPublic.teaserText')}</p>
          <AppLink to="premium" className="button button--primary button--block" data-testid="non-public-upgrade">{ot('nonPublic.upgrade')}</AppLink>
          {!loggedIn && <p className="muted">{ot('nonPublic.haveTier')} <AppLink to="home" query="?login">{ot('nonPublic.login')}</AppLink></p>}
        </div>
        <div className="profile-sections offer-layout__main">
          <OfferGallery images={offer.images} title={offer.title} />
          <div className="card"><h2>{t('offer.parameters')}</h2><OfferParams offer={offer} /></div>
        </div>
      </div>
    </div>
  );
}
