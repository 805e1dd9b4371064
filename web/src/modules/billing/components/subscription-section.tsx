import { useState } from 'react';
import { PLANS, PLAN_TIERS, type PlanTier, ROLE_LABELS } from '@rr/proto';
import { formatDate, formatPrice, useT } from '../../../i18n';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useSession } from '../../session/stores/session.store';
import { billingApi, invoiceUrl, type InvoiceView, type SubscriptionView } from '../api/billing.api';
import { usePremiumT } from '../premium.copy';

const label = (tier: PlanTier, locale: 'cs' | 'en') => ROLE_LABELS[PLANS[tier].role][locale];

/** My profile's subscription: tier, renewal or end, cancel, change of tier, billing details and invoices. */
export function SubscriptionSection() {
  const { t, locale } = useT();
  const tm = usePremiumT();
  const token = useSession((s) => s.token);
  const sub = useQuery<SubscriptionView | null>('billing:subscription', billingApi.subscription);
  const invoices = useQuery<InvoiceView[]>('billing:invoices', billingApi.invoices);
  const [confirming, setConfirming] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const s = sub.data;

  const cancel = async () => {
    setConfirming(false);
    await billingApi.cancel();
    setMessage(tm('premium.profile.cancelled'));
    sub.reload();
  };
  const withdraw = async () => {
    setWithdrawing(false);
    const result = await billingApi.withdraw();
    setMessage(tm('premium.profile.withdrawn', { amount: formatPrice(result.refunded / 100, locale), date: formatDate(result.at, locale) }));
    sub.reload();
    invoices.reload();
  };
  const downgrade = async (tier: PlanTier) => {
    await billingApi.changeTier(tier);
    setMessage(tm('premium.profile.downgraded', { name: label(tier, locale) }));
    sub.reload();
  };

  return (
    <section className="card" data-testid="subscription-section" aria-labelledby="subscription-title">
      <h2 id="subscription-title">{tm('premium.profile.title')}</h2>
      {!s || s.status === 'expired' ? (
        <p>{tm('premium.profile.none')} <AppLink to="premium">{tm('premium.profile.choose')}</AppLink></p>
      ) : (
        <>
          <p><span className="badge badge--tariff" data-testid="subscription-tier">{label(s.tier, locale)}</span> <span className="muted">{tm(s.period === 'month' ? 'premium.monthly' : 'premium.yearly')}</span></p>
          <p>{tm(s.cancelAtPeriodEnd ? 'premium.profile.endsOn' : 'premium.profile.renewsOn', { date: formatDate(s.currentPeriodEnd, locale) })}</p>
          {s.nextTier && <p>{tm('premium.profile.nextTier', { name: label(s.nextTier, locale), date: formatDate(s.currentPeriodEnd, locale) })}</p>}
          {(s.nextTier || s.cancelAtPeriodEnd) && (
            <p><AppLink to="myFilters" query={locale === 'cs' ? '#ponechat' : '#keep'} data-testid="keep-ahead">{tm('premium.profile.keepAhead')}</AppLink></p>
          )}
          {s.withdrawableUntil && (
            <p className="muted">
              {tm('premium.profile.withdrawal', { date: formatDate(s.withdrawableUntil, locale) })}{' '}
              <button type="button" className="link-button" onClick={() => setWithdrawing(true)} data-testid="withdraw">{tm('premium.profile.withdraw')}</button>
            </p>
          )}
          <p className="muted">{tm('premium.profile.billing')}: {[s.billing.name, s.billing.street, `${s.billing.postalCode} ${s.billing.city}`, s.billing.ico && `IČO ${s.billing.ico}`, s.billing.dic && `DIČ ${s.billing.dic}`].filter(Boolean).join(', ')}</p>
          <div className="button-row">
            <AppLink to="premium" className="button button--ghost">{tm('premium.profile.upgrade')}</AppLink>
            {!s.cancelAtPeriodEnd && (
              <select className="input" aria-label={tm('premium.profile.downgrade')} value="" onChange={(e) => e.target.value && void downgrade(e.target.value as PlanTier)}>
                <option value="">{tm('premium.profile.downgrade')}</option>
                {PLAN_TIERS.filter((tier) => PLANS[tier].role < PLANS[s.tier].role).map((tier) => (
                  <option key={tier} value={tier}>{label(tier, locale)} – {formatPrice(PLANS[tier].price[s.period], locale)}</option>
                ))}
              </select>
            )}
            {!s.cancelAtPeriodEnd && <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="cancel-subscription">{tm('premium.profile.cancel')}</button>}
          </div>
        </>
      )}
      {message && <p role="status">{message}</p>}
      {invoices.data && invoices.data.length > 0 && token && (
        <>
          <h3 className="invoice-list-title">{tm('premium.profile.invoices')}</h3>
          <ul className="invoice-list" data-testid="invoices">
            {invoices.data.map((inv) => (
              <li key={inv.id}>
                {inv.number} · {formatDate(inv.issuedAt, locale)} · {formatPrice(inv.total / 100, locale)}{' '}
                <a href={invoiceUrl(inv.id, 'pdf', token)} download data-testid={`invoice-pdf-${inv.id}`}>PDF</a>{' '}
                <a href={invoiceUrl(inv.id, 'isdoc', token)} download>ISDOC</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {withdrawing && s && (
        <ConfirmDialog title={tm('premium.profile.withdrawTitle')} text={tm('premium.profile.withdrawText')}
          confirmLabel={tm('premium.profile.withdrawConfirm')} onConfirm={() => void withdraw()} onClose={() => setWithdrawing(false)} />
      )}
      {confirming && s && (
        <ConfirmDialog title={tm('premium.profile.cancelTitle')} text={tm('premium.profile.cancelText', { date: formatDate(s.currentPeriodEnd, locale) })}
          confirmLabel={tm('premium.profile.cancel')} onConfirm={() => void cancel()} onClose={() => setConfirming(false)} />
      )}
    </section>
  );
}
