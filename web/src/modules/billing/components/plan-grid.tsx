import type { BillingPeriod, PlanTier } from '@rr/proto';
import { ROLE_LABELS, type Role } from '@rr/proto';
import { formatNumber, formatPrice, useT } from '../../../i18n';
import type { PlanView } from '../api/billing.api';
import { useDeliveryT } from '../../delivery/delivery.copy';
import { translatePlanBenefit, type PlanBenefitKey } from '../plan-benefits.copy';
import { usePremiumT } from '../premium.copy';

type DeliveryT = ReturnType<typeof useDeliveryT>;

export type PlanGridProps = { plans: PlanView[]; period: BillingPeriod; currentRole: number | null; onChoose: (tier: PlanTier) => void };

/** What a tier buys, in words a visitor understands (from the one entitlement table). */
export function benefits(plan: PlanView, locale: 'cs' | 'en', td: DeliveryT): string[] {
  const e = plan.entitlements;
  const t = (key: PlanBenefitKey, vars?: Record<string, string | number>) => translatePlanBenefit(locale, key, vars);
  return [
    t('benefit.watchdogs', { count: formatNumber(e.maxActiveWatchdogs, locale) }),
    e.watchdogLifetimeDays === null ? t('benefit.noExpiry') : null,
    !e.adsInEmails ? t('benefit.noAds') : null,
    e.priceDropAlerts ? t('benefit.priceDrops') : null,
    e.backOnMarketAlerts ? t('benefit.backOnMarket') : null,
    e.noLongerActiveNotices ? t('benefit.noLongerActive') : null,
    e.narrowingFilters ? t('benefit.narrowing') : null,
    // Free watchdogs draw one area; a tier that draws more says how many.
    e.mapAreaPolygons > 1 ? t('benefit.mapAreas', { count: e.mapAreaPolygons }) : null,
    // Digests and sharing: their strings live in the delivery module's dictionary (outside the entry chunk).
    e.scheduledDelivery ? td('premium.digests') : null,
    e.sharedRecipients > 0 ? td('premium.sharing', { count: e.sharedRecipients }) : null,
    t('benefit.offersPerEmail', { count: e.maxOffersPerEmail }),
    e.priceHistory ? t('benefit.priceHistory') : null,
    e.nonPublicOffers === 'full' ? t('benefit.nonPublic') : null,
    t(`benefit.analytics.${e.analytics}`),
    e.apiQuota ? t('benefit.api', { keys: e.apiQuota.keys, perMonth: formatNumber(e.apiQuota.perMonth, locale) }) : null,
    e.seats > 1 ? t('benefit.seats', { count: e.seats }) : null,
  ].filter((b): b is string => !!b);
}

/** The tiers side by side: price per month and per year, what each gets, the current tier marked. */
export function PlanGrid({ plans, period, currentRole, onChoose }: PlanGridProps) {
  const { t, locale } = useT();
  const tm = usePremiumT();
  const td = useDeliveryT();
  return (
    <div className="plan-grid" role="list">
      {plans.map((plan) => {
        const current = currentRole === plan.role;
        const name = ROLE_LABELS[plan.role as Role][locale];
        return (
          <article key={plan.tier} className={`card plan-card${current ? ' plan-card--current' : ''}`} role="listitem" aria-labelledby={`plan-${plan.tier}`} data-testid={`plan-${plan.tier}`}>
            <h2 id={`plan-${plan.tier}`} className="plan-card__name">{name}</h2>
            {current && <span className="badge badge--tariff">{tm('premium.current')}</span>}
            <p className="plan-card__price">
              <strong>{formatPrice(plan.price[period], locale)}</strong> <span className="muted">{tm(period === 'month' ? 'premium.perMonth' : 'premium.perYear')}</span>
            </p>
            <p className="muted plan-card__alt">
              {period === 'month'
                ? tm('premium.orYearly', { price: formatPrice(plan.price.year, locale) })
                : tm('premium.monthlyEquivalent', { price: formatPrice(Math.round(plan.price.year / 12), locale) })}
            </p>
            <ul className="plan-card__benefits">
              {benefits(plan, locale, td).map((b) => <li key={b}>{b}</li>)}
            </ul>
            <button type="button" className="button button--primary" disabled={current} onClick={() => onChoose(plan.tier)} data-testid={`choose-${plan.tier}`}>
              {current ? tm('premium.current') : tm('premium.choose', { name })}
            </button>
          </article>
        );
      })}
    </div>
  );
}
