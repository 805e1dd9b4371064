import type { BillingPeriod, PlanTier } from '@rr/proto/src/domain/plans';
import { ROLE_LABELS, type Role } from '@rr/proto/src/domain/role-levels';
import { formatNumber, formatPrice, useT, type MessageKey } from '../../../i18n';
import type { PlanView } from '../api/billing.api';

export type PlanGridProps = { plans: PlanView[]; period: BillingPeriod; currentRole: number | null; onChoose: (tier: PlanTier) => void };

/** What a tier buys, in words a visitor understands (from the one entitlement table). */
function benefits(plan: PlanView, t: (key: MessageKey, vars?: Record<string, string | number>) => string, locale: 'cs' | 'en'): string[] {
  const e = plan.entitlements;
  return [
    t('premium.benefit.watchdogs', { count: formatNumber(e.maxActiveWatchdogs, locale) }),
    e.watchdogLifetimeDays === null ? t('premium.benefit.noExpiry') : null,
    !e.adsInEmails ? t('premium.benefit.noAds') : null,
    e.priceDropAlerts ? t('premium.benefit.priceDrops') : null,
    e.narrowingFilters ? t('premium.benefit.narrowing') : null,
    t('premium.benefit.offersPerEmail', { count: e.maxOffersPerEmail }),
    e.priceHistory ? t('premium.benefit.priceHistory') : null,
    e.nonPublicOffers === 'full' ? t('premium.benefit.nonPublic') : null,
    t(`premium.benefit.analytics.${e.analytics}` as MessageKey),
    e.apiQuota ? t('premium.benefit.api', { keys: e.apiQuota.keys, perMonth: formatNumber(e.apiQuota.perMonth, locale) }) : null,
    e.seats > 1 ? t('premium.benefit.seats', { count: e.seats }) : null,
  ].filter((b): b is string => !!b);
}

/** The tiers side by side: price per month and per year, what each gets, the current tier marked. */
export function PlanGrid({ plans, period, currentRole, onChoose }: PlanGridProps) {
  const { t, locale } = useT();
  return (
    <div className="plan-grid" role="list">
      {plans.map((plan) => {
        const current = currentRole === plan.role;
        const name = ROLE_LABELS[plan.role as Role][locale];
        return (
          <article key={plan.tier} className={`card plan-card${current ? ' plan-card--current' : ''}`} role="listitem" aria-labelledby={`plan-${plan.tier}`} data-testid={`plan-${plan.tier}`}>
            <h2 id={`plan-${plan.tier}`} className="plan-card__name">{name}</h2>
            {current && <span className="badge badge--tariff">{t('premium.current')}</span>}
            <p className="plan-card__price">
              <strong>{formatPrice(plan.price[period], locale)}</strong> <span className="muted">{t(period === 'month' ? 'premium.perMonth' : 'premium.perYear')}</span>
            </p>
            <p className="muted plan-card__alt">
              {period === 'month'
                ? t('premium.orYearly', { price: formatPrice(plan.price.year, locale) })
                : t('premium.monthlyEquivalent', { price: formatPrice(Math.round(plan.price.year / 12), locale) })}
            </p>
            <ul className="plan-card__benefits">
              {benefits(plan, t, locale).map((b) => <li key={b}>{b}</li>)}
            </ul>
            <button type="button" className="button button--primary" disabled={current} onClick={() => onChoose(plan.tier)} data-testid={`choose-${plan.tier}`}>
              {current ? t('premium.current') : t('premium.choose', { name })}
            </button>
          </article>
        );
      })}
    </div>
  );
}
