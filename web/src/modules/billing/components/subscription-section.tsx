import { useState } from 'react';
import { PLANS, PLAN_TIERS, type PlanTier, ROLE_LABELS } from '@rr/proto';
import { formatDate, formatPrice, useT } from '../../../i18n';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useSession } from '../../session/stores/session.store';
import { billingApi, invoiceUrl, type InvoiceView, type SubscriptionView } from '../api/billing.api';

const label = (tier: PlanTier, locale: 'cs' | 'en') => ROLE_LABELS[PLANS[tier].role][locale];

/** My profile's subscription: tier, renewal or end, cancel, change of tier, billing details and invoices. */
export function SubscriptionSection() {
  const { t, locale } = useT();
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
    setMessage(t('premium.profile.cancelled'));
    sub.reload();
  };
  const withdraw = async () => {
    setWithdrawing(false);
    const result = await billingApi.withdraw();
    setMessage(t('premium.profile.withdrawn', { amount: formatPrice(result.refunded / 100, locale), date: formatDate(result.at, locale) }));
    sub.reload();
    invoices.reload();
  };
  const downgrade = async (tier: PlanTier) => {
    await billingApi.changeTier(tier);
    setMessage(t('premium.profile.downgraded', { name: label(tier, locale) }));
    sub.reload();
  };

  return (
    <section className="card" data-testid="subscription-section" aria-labelledby="subscription-title">
      <h2 id="subscription-title">{t('premium.profile.title')}</h2>
      {!s || s.status === 'expired' ? (
        <p>{t('premium.profile.none')} <AppLink to="premium">{t('premium.profile.choose')}</AppLink></p>
      ) : (
        <>
          <p><span className="badge badge--tariff" data-testid="subscription-tier">{label(s.tier, locale)}</span> <span className="muted">{t(s.period === 'month' ? 'premium.monthly' : 'premium.yearly')}</span></p>
          <p>{t(s.cancelAtPeriodEnd ? 'premium.profile.endsOn' : 'premium.profile.renewsOn', { date: formatDate(s.currentPeriodEnd, locale) })}</p>
          {s.nextTier && <p>{t('premium.profile.nextTier', { name: label(s.nextTier, locale), date: formatDate(s.currentPeriodEnd, locale) })}</p>}
          {(s.nextTier || s.cancelAtPeriodEnd) && (
            <p><AppLink to="myFilters" query={locale === 'cs' ? '#ponechat' : '#keep'} data-testid="keep-ahead">{t('premium.profile.keepAhead')}</AppLink></p>
          )}
          {s.withdrawableUntil && (
            <p className="muted">
              {t('premium.profile.withdrawal', { date: formatDate(s.withdrawableUntil, locale) })}{' '}
              <button type="button" className="link-button" onClick={() => setWithdrawing(true)} data-testid="withdraw">{t('premium.profile.withdraw')}</button>
            </p>
          )}
          <p className="muted">{t('premium.profile.billing')}: {[s.billing.name, s.billing.street, `${s.billing.postalCode} ${s.billing.city}`, s.billing.ico && `IČO ${s.billing.ico}`, s.billing.dic && `DIČ ${s.billing.dic}`].filter(Boolean).join(', ')}</p>
          <div className="button-row">
            <AppLink to="premium" className="button button--ghost">{t('premium.profile.upgrade')}</AppLink>
            {!s.cancelAtPeriodEnd && (
              <select className="input" aria-label={t('premium.profile.downgrade')} value="" onChange={(e) => e.target.value && void downgrade(e.target.value as PlanTier)}>
                <option value="">{t('premium.profile.downgrade')}</option>
                {PLAN_TIERS.filter((tier) => PLANS[tier].role < PLANS[s.tier].role).map((tier) => (
                  <option key={tier} value={tier}>{label(tier, locale)} – {formatPrice(PLANS[tier].price[s.period], locale)}</option>
                ))}
              </select>
            )}
            {!s.cancelAtPeriodEnd && <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="cancel-subscription">{t('premium.profile.cancel')}</button>}
          </div>
        </>
      )}
      {message && <p role="status">{message}</p>}
      {invoices.data && invoices.data.length > 0 && token && (
        <>
          <h3 className="invoice-list-title">{t('premium.profile.invoices')}</h3>
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
        <ConfirmDialog title={t('premium.profile.withdrawTitle')} text={t('premium.profile.withdrawText')}
          confirmLabel={t('premium.profile.withdrawConfirm')} onConfirm={() => void withdraw()} onClose={() => setWithdrawing(false)} />
      )}
      {confirming && s && (
        <ConfirmDialog title={t('premium.profile.cancelTitle')} text={t('premium.profile.cancelText', { date: formatDate(s.currentPeriodEnd, locale) })}
          confirmLabel={t('premium.profile.cancel')} onConfirm={() => void cancel()} onClose={() => setConfirming(false)} />
      )}
    </section>
  );
}
