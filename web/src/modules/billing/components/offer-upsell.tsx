import type { Offer } from '@rr/proto';
import { PLANS, ROLE_LABELS } from '@rr/proto';
import { formatDate, formatPrice, useT } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';
import { priceParts } from '../../offers/format';
import { useSession } from '../../session/stores/session.store';
import { offerPitch } from '../offer-pitch';
import { usePremiumT } from '../premium.copy';

export type OfferUpsellProps = { offer: Offer };

/** What a subscription adds for this offer: its price path told in numbers, and each feature with the cheapest tier that has it. */
export function OfferUpsell({ offer }: OfferUpsellProps) {
  const { t, tp, locale } = useT();
  const tm = usePremiumT();
  const role = useSession((s) => (s.state === 'loggedIn' ? s.user?.role ?? null : null));
  const pitch = offerPitch(offer, role);
  const price = priceParts(offer, locale);
  const tierName = (tier: keyof typeof PLANS) => ROLE_LABELS[PLANS[tier].role][locale];
  const since = formatDate(pitch.firstSeenAt, locale);
  return (
    <>
      <p className="lead" data-testid="lp-offer">
        <strong>{offer.title}</strong>
        {price && <> · {price.amount}{price.monthly ? ` ${tm('premium.perMonth')}` : ''}</>}
      </p>
      <p data-testid="lp-history">
        {pitch.priceChanges > 0 ? tp('premium.lp.changes', pitch.priceChanges, { date: since }) : tm('premium.lp.noChanges', { date: since })}
        {pitch.dropSinceFirst !== null && <> {tm('premium.lp.dropped', { amount: formatPrice(pitch.dropSinceFirst, locale) })}</>}
      </p>
      <ul className="plan-card__benefits" data-testid="lp-features">
        {pitch.features.map((f) => (
          <li key={f.feature} data-testid={`lp-feature-${f.feature}`}>
            {tm(`premium.lp.feature.${f.feature}`)}
            {' – '}
            {f.owned ? <strong>{tm('premium.lp.owned')}</strong> : tm('premium.lp.fromTier', { name: tierName(f.tier), price: formatPrice(PLANS[f.tier].price.month, locale) })}
          </li>
        ))}
      </ul>
      <div className="button-row">
        {pitch.suggested ? (
          <AppLink to="premium" query={`?tier=${pitch.suggested}&period=month`} className="button button--primary" data-testid="lp-upgrade">
            {tm('premium.lp.ctaTier', { name: tierName(pitch.suggested) })}
          </AppLink>
        ) : <p>{tm('premium.lp.allOwned')}</p>}
        <AppLink to="detail" params={{ realEstateId: offer.id }} className="button button--ghost">{tm('premium.lp.back')}</AppLink>
      </div>
    </>
  );
}
