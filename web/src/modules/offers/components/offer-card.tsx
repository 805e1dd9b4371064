import type { Offer } from '@rr/proto';
import { formatArea, useT } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';
import { priceParts } from '../format';

export function OfferCard({ offer }: { offer: Offer }) {
  const { t, locale } = useT();
  const price = priceParts(offer, locale);
  return (
    <AppLink to="detail" params={{ realEstateId: offer.id }} className="card offer-card" data-testid="offer-card">
      {offer.imageUrl ? <img src={offer.imageUrl} alt="" width={320} height={240} loading="lazy" /> : <div className="offer-card__noimg" />}
      <div className="offer-card__body">
        <span className="offer-card__title">{offer.title}</span>
        <span className="muted">{offer.location.name}{offer.area ? ` · ${formatArea(offer.area, locale)}` : ''}</span>
        <span className="offer-card__price">{price ? `${price.amount}${price.monthly ? ` ${t('offer.perMonth')}` : ''}` : t('offer.noPrice')}</span>
      </div>
    </AppLink>
  );
}
