import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isValidDic, isValidIco } from '@rr/proto';
import { formatDateTime, formatNumber } from '../../../i18n';
import { useAdsT, type AdsKey } from '../i18n';
import { ApiError } from '../../../lib/api';
import { useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { Checkbox } from '../../../ui/checkbox';
import { Field } from '../../../ui/field';
import type { BillingInfoInput } from '../../billing/api/billing.api';
import { PaymentStatus } from '../../billing/components/payment-status';
import { adsApi, type AdCreditView } from '../api/ads.api';
import { formatHalere } from '../money';
import { usePremiumT } from '../../billing/premium.copy';

const EMPTY: BillingInfoInput = { name: '', street: '', city: '', postalCode: '', ico: '', dic: '' };
const PRESETS = [1_000, 5_000, 20_000, 50_000];

/** The balance, the ledger (deposits and charges, newest first) and a top-up by QR Platba; an open order shows its payment details. */
export function CreditPanel() {
  const { t, locale } = useAdsT();
  const tm = usePremiumT();
  const paymentId = new URLSearchParams(useSearch()).get('payment');
  const { data, error, reload } = useQuery<AdCreditView>('ads:credit', adsApi.credit);
  return (
    <>
      {paymentId && <PaymentStatus paymentId={paymentId} />}
      {!data ? (error ? <p className="form-error" role="alert">{(error as Error).message} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p> : <div className="page-loading" aria-busy="true">{t('common.loading')}</div>) : (
        <>
          <dl className="ads-figures" data-testid="credit-figures">
            <div><dt>{t('ads.credit.balance')}</dt><dd data-testid="credit-balance">{formatHalere(data.balance, locale)}</dd></div>
            <div><dt>{t('ads.credit.deposited')}</dt><dd>{formatHalere(data.deposited, locale)}</dd></div>
            <div><dt>{t('ads.credit.charged')}</dt><dd>{formatHalere(data.charged, locale)}</dd></div>
            <div><dt>{t('ads.credit.pricePerView')}</dt><dd>{formatHalere(data.pricePerView, locale)}</dd></div>
          </dl>
          <p className="muted">{t('ads.credit.balanceRule')}</p>
          <section className="ads-section" aria-labelledby="ads-ledger">
            <h2 id="ads-ledger">{t('ads.credit.ledger')}</h2>
            <div className="table-scroll">
              <table className="ads-table" data-testid="credit-ledger">
                <thead><tr><th scope="col">{t('ads.credit.at')}</th><th scope="col">{t('ads.credit.kind')}</th><th scope="col">{t('ads.credit.campaign')}</th><th scope="col" className="num">{t('ads.credit.views')}</th><th scope="col" className="num">{t('ads.credit.amount')}</th></tr></thead>
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.id}>
                      <td>{formatDateTime(e.at, locale)}</td>
                      <td>{t(`ads.credit.kind.${e.kind}` as AdsKey)}</td>
                      <td>{e.campaignId ? <AppLink to="adCampaign" params={{ id: e.campaignId }}>{e.campaignId}</AppLink> : '–'}</td>
                      <td className="num">{e.views == null ? '–' : formatNumber(e.views, locale)}</td>
                      <td className="num">{e.kind === 'deposit' ? '+' : '−'}{formatHalere(e.amount, locale)}</td>
                    </tr>
                  ))}
                  {!data.entries.length && <tr><td colSpan={5}>{t('ads.credit.noEntries')}</td></tr>}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
      {!paymentId && <TopUpForm />}
    </>
  );
}

function TopUpForm() {
  const { t, locale } = useAdsT();
  const tm = usePremiumT();
  const [, navigate] = useLocation();
  const [amount, setAmount] = useState('5000');
  const [billing, setBilling] = useState<BillingInfoInput>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof BillingInfoInput) => (value: string) => setBilling((b) => ({ ...b, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const e: Record<string, string> = {};
    const kc = Number(amount.replace(/\s/g, '').replace(',', '.'));
    if (!Number.isInteger(kc) || kc < 1_000 || kc > 1_000_000) e.amount = t('ads.topUp.amountInvalid');
    for (const key of ['name', 'street', 'city'] as const) if (!billing[key].trim()) e[key] = tm('premium.error.required');
    if (!/^\d{3}\s?\d{2}$/.test(billing.postalCode.trim())) e.postalCode = tm('premium.error.postalCode');
    if (billing.ico && !isValidIco(billing.ico)) e.ico = tm('premium.error.ico');
    if (billing.dic && !isValidDic(billing.dic)) e.dic = tm('premium.error.dic');
    if (!terms) e.terms = t('ads.join.termsRequired');
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const { payment } = await adsApi.topUp(kc * 100, { ...billing, ico: billing.ico || null, dic: billing.dic || null });
      navigate(`${pathFor('adCredit', locale)}?payment=${encodeURIComponent(payment.id)}`);
    } catch (err) {
      const fields = err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^billing\./, ''), v])) : {};
      setErrors({ ...fields, form: err instanceof ApiError ? err.message : t('auth.error.generic') });
      setBusy(false);
    }
  };

  return (
    <form className="card checkout" onSubmit={submit} noValidate data-testid="top-up-form">
      <h2>{t('ads.topUp.title')}</h2>
      <p>{t('ads.topUp.lead')}</p>
      <div className="chips" role="group" aria-label={t('ads.topUp.presets')}>
        {PRESETS.map((p) => (
          <button key={p} type="button" className={`chip${amount === String(p) ? ' chip--on' : ''}`} aria-pressed={amount === String(p)} onClick={() => setAmount(String(p))}>
            <span>{formatHalere(p * 100, locale)}</span>
          </button>
        ))}
      </div>
      <Field label={t('ads.topUp.amount')} value={amount} onValue={setAmount} error={errors.amount} required inputMode="numeric" hint={t('ads.topUp.amountHint')} data-testid="top-up-amount" />
      <fieldset className="form-grid">
        <legend>{tm('premium.checkout.billing')}</legend>
        <Field label={tm('premium.field.name')} value={billing.name} onValue={set('name')} error={errors.name} required autoComplete="organization" />
        <Field label={tm('premium.field.street')} value={billing.street} onValue={set('street')} error={errors.street} required autoComplete="street-address" />
        <Field label={tm('premium.field.city')} value={billing.city} onValue={set('city')} error={errors.city} required autoComplete="address-level2" />
        <Field label={tm('premium.field.postalCode')} value={billing.postalCode} onValue={set('postalCode')} error={errors.postalCode} required autoComplete="postal-code" inputMode="numeric" />
        <Field label={tm('premium.field.ico')} value={billing.ico ?? ''} onValue={set('ico')} error={errors.ico} inputMode="numeric" />
        <Field label={tm('premium.field.dic')} value={billing.dic ?? ''} onValue={set('dic')} error={errors.dic} />
      </fieldset>
      <Checkbox checked={terms} onChange={setTerms} testId="top-up-terms">{t('ads.topUp.terms')} <AppLink to="advertising" target="_blank">{t('ads.topUp.termsLink')}</AppLink></Checkbox>
      {errors.terms && <p className="form-error" role="alert">{errors.terms}</p>}
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      <button type="submit" className="button button--primary" disabled={busy} data-testid="top-up">{t('ads.topUp.submit')}</button>
    </form>
  );
}
