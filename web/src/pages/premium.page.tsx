import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BILLING_PERIODS, PLAN_TIERS, type BillingPeriod, type PlanTier } from '@rr/proto';
import type { PageProps } from '../app';
import { useT } from '../i18n';
import { useQuery } from '../lib/query';
import { pathFor } from '../routes';
import { AppLink } from '../ui/app-link';
import { billingApi, type PlanView } from '../modules/billing/api/billing.api';
import { CheckoutForm } from '../modules/billing/components/checkout-form';
import { PaymentStatus } from '../modules/billing/components/payment-status';
import { OfferUpsell } from '../modules/billing/components/offer-upsell';
import { PlanGrid } from '../modules/billing/components/plan-grid';
import { offersApi } from '../modules/offers/api/offers.api';
import { useAuthDialog } from '../modules/auth/stores/auth-dialog.store';
import { RequireLogin } from '../modules/session/components/require-login';
import { useSession } from '../modules/session/stores/session.store';
import { usePremiumT } from '../modules/billing/premium.copy';

const isTier = (v: string | null): v is PlanTier => !!v && (PLAN_TIERS as readonly string[]).includes(v);
const isPeriod = (v: string | null): v is BillingPeriod => !!v && (BILLING_PERIODS as readonly string[]).includes(v);

/**
 * Tiers side by side, then checkout for the chosen one. The step lives in the URL (`?tier=&period=`),
 * so a visitor asked to log in or register comes back to the same step.
 */
export function PremiumPage() {
  const { t, locale } = useT();
  const tm = usePremiumT();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const tier = search.get('tier');
  const periodParam = search.get('period');
  const period: BillingPeriod = isPeriod(periodParam) ? periodParam : 'month';
  const session = useSession((s) => s.state);
  const role = useSession((s) => s.user?.role ?? null);
  const openAuth = useAuthDialog((s) => s.open);
  const plans = useQuery<PlanView[]>('billing:plans', billingApi.plans);
  const go = (query: Record<string, string>) => navigate(`${pathFor('premium', locale)}?${new URLSearchParams(query)}`);

  useEffect(() => {
    if (isTier(tier) && session === 'loggedOut' && !useAuthDialog.getState().form) openAuth('LOGIN');
  }, [tier, session, openAuth]);

  return (
    <div className="container section">
      <h1>{tm('premium.title')}</h1>
      <p className="lead">{tm('premium.lead')}</p>
      {isTier(tier) ? (
        <RequireLogin>
          <CheckoutForm tier={tier} period={period} onBack={() => go({ period })} />
        </RequireLogin>
      ) : (
        <>
          <div className="segmented" role="group" aria-label={tm('premium.periodLabel')}>
            {BILLING_PERIODS.map((p) => (
              <button key={p} type="button" className={`button ${p === period ? 'button--primary' : 'button--ghost'}`} aria-pressed={p === period} onClick={() => go({ period: p })} data-testid={`period-${p}`}>
                {tm(p === 'month' ? 'premium.monthly' : 'premium.yearly')}
              </button>
            ))}
          </div>
          {plans.loading && <div className="page-loading" aria-busy="true">{t('common.loading')}</div>}
          {plans.error ? <p className="form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={plans.reload}>{t('common.tryAgain')}</button></p> : null}
          {plans.data && <PlanGrid plans={plans.data} period={period} currentRole={session === 'loggedIn' ? role : null} onChoose={(chosen) => go({ tier: chosen, period })} />}
          <p className="muted">{tm('premium.vatNote')} <AppLink to="paymentTerms">{tm('premium.termsLink')}</AppLink></p>
        </>
      )}
    </div>
  );
}

/** Where the gateway returns the payer (`?payment=`; GoPay adds `&id=`, which is never trusted). */
export function PremiumConfirmationPage() {
  const { t } = useT();
  const tm = usePremiumT();
  const paymentId = new URLSearchParams(useSearch()).get('payment');
  return (
    <div className="container container--narrow section">
      <h1>{tm('premium.status.title')}</h1>
      {paymentId ? <RequireLogin><PaymentStatus paymentId={paymentId} /></RequireLogin> : <p>{tm('premium.status.missing')} <AppLink to="premium">{tm('premium.profile.choose')}</AppLink></p>}
    </div>
  );
}

/** E-mail landing: what a paid tier adds for this offer, and the way to upgrade. */
export function PremiumDetailLandingPage({ params }: PageProps) {
  const { t } = useT();
  const tm = usePremiumT();
  const offer = useQuery(`offer:${params.realEstateId}`, () => offersApi.get(params.realEstateId));
  if (offer.loading) return <div className="container section page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (offer.data) {
    return (
      <div className="container container--narrow section">
        <h1>{tm('premium.lp.offerTitle')}</h1>
        <OfferUpsell offer={offer.data} />
      </div>
    );
  }
  // The offer is gone or unknown: what a subscription adds to any offer.
  return (
    <div className="container container--narrow section">
      <h1>{tm('premium.lp.title')}</h1>
      <p className="lead">{tm('premium.lp.lead')}</p>
      <ul className="plan-card__benefits">
        <li>{tm('premium.lp.history')}</li>
        <li>{tm('premium.lp.drops')}</li>
        <li>{tm('premium.lp.nonPublic')}</li>
        <li>{tm('premium.lp.noAds')}</li>
      </ul>
      <div className="button-row">
        <AppLink to="premium" query="?tier=STANDARD&period=month" className="button button--primary" data-testid="lp-upgrade">{tm('premium.lp.cta')}</AppLink>
        <AppLink to="detail" params={{ realEstateId: params.realEstateId }} className="button button--ghost">{tm('premium.lp.back')}</AppLink>
      </div>
    </div>
  );
}

/** Payment terms: prices, methods, renewal, cancellation, the withdrawal right and tax documents. */
export function PaymentTermsPage() {
  const { t } = useT();
  const tm = usePremiumT();
  const sections = ['prices', 'methods', 'renewal', 'cancel', 'withdrawal', 'documents', 'contact'] as const;
  return (
    <div className="container container--narrow section content">
      <h1>{t('terms.payment.title')}</h1>
      {sections.map((s) => (
        <section key={s}>
          <h2>{t(`terms.payment.${s}.title`)}</h2>
          <p>{t(`terms.payment.${s}.text`)}</p>
        </section>
      ))}
    </div>
  );
}
