import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isValidDic, isValidIco, PLANS, type BillingPeriod, type PlanTier, ROLE_LABELS } from '@rr/proto';
import { formatPrice, useT } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { Checkbox } from '../../../ui/checkbox';
import { Field } from '../../../ui/field';
import { billingApi, type BillingInfoInput } from '../api/billing.api';
import { usePremiumT } from '../premium.copy';

export type CheckoutFormProps = { tier: PlanTier; period: BillingPeriod; onBack: () => void };

const EMPTY: BillingInfoInput = { name: '', street: '', city: '', postalCode: '', ico: '', dic: '' };

/** Billing information, payment method and the consumer consents; card payers go to the gateway, bank transfers to the confirmation page. */
export function CheckoutForm({ tier, period, onBack }: CheckoutFormProps) {
  const { t, locale } = useT();
  const tm = usePremiumT();
  const [, navigate] = useLocation();
  const [billing, setBilling] = useState<BillingInfoInput>(EMPTY);
  const [method, setMethod] = useState<'card' | 'bank-transfer'>('card');
  const [immediateStart, setImmediateStart] = useState(false);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof BillingInfoInput) => (value: string) => setBilling((b) => ({ ...b, [key]: value }));
  const plan = PLANS[tier];

  const validate = (): Record<string, string> => {
    const e: Record<string, string> = {};
    for (const key of ['name', 'street', 'city'] as const) if (!billing[key].trim()) e[key] = tm('premium.error.required');
    if (!/^\d{3}\s?\d{2}$/.test(billing.postalCode.trim())) e.postalCode = tm('premium.error.postalCode');
    if (billing.ico && !isValidIco(billing.ico)) e.ico = tm('premium.error.ico');
    if (billing.dic && !isValidDic(billing.dic)) e.dic = tm('premium.error.dic');
    if (!terms) e.terms = tm('premium.error.terms');
    return e;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { payment } = await billingApi.checkout({ tier, period, method, billing: { ...billing, ico: billing.ico || null, dic: billing.dic || null }, immediateStart, termsAccepted: true });
      if (payment.gatewayUrl) window.location.assign(payment.gatewayUrl);
      else navigate(`${pathFor('premiumConfirmation', locale)}?payment=${encodeURIComponent(payment.id)}`);
    } catch (err) {
      const fields = err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^billing\./, ''), v])) : {};
      setErrors({ ...fields, form: err instanceof ApiError ? err.message : t('auth.error.generic') });
      setBusy(false);
    }
  };

  return (
    <form className="card checkout" onSubmit={submit} noValidate data-testid="checkout-form">
      <h2>{tm('premium.checkout.title', { name: ROLE_LABELS[plan.role][locale] })}</h2>
      <p className="lead">
        {formatPrice(plan.price[period], locale)} {tm(period === 'month' ? 'premium.perMonth' : 'premium.perYear')} <span className="muted">{tm('premium.vatIncluded')}</span>
      </p>
      <fieldset className="form-grid">
        <legend>{tm('premium.checkout.billing')}</legend>
        <Field label={tm('premium.field.name')} value={billing.name} onValue={set('name')} error={errors.name} required autoComplete="name" />
        <Field label={tm('premium.field.street')} value={billing.street} onValue={set('street')} error={errors.street} required autoComplete="street-address" />
        <Field label={tm('premium.field.city')} value={billing.city} onValue={set('city')} error={errors.city} required autoComplete="address-level2" />
        <Field label={tm('premium.field.postalCode')} value={billing.postalCode} onValue={set('postalCode')} error={errors.postalCode} required autoComplete="postal-code" inputMode="numeric" />
        <Field label={tm('premium.field.ico')} value={billing.ico ?? ''} onValue={set('ico')} error={errors.ico} inputMode="numeric" hint={tm('premium.field.icoHint')} />
        <Field label={tm('premium.field.dic')} value={billing.dic ?? ''} onValue={set('dic')} error={errors.dic} />
      </fieldset>
      <fieldset className="checkout__methods">
        <legend>{tm('premium.checkout.method')}</legend>
        <label className="radio"><input type="radio" name="method" checked={method === 'card'} onChange={() => setMethod('card')} data-testid="method-card" /> {tm('premium.method.card')}</label>
        <label className="radio"><input type="radio" name="method" checked={method === 'bank-transfer'} onChange={() => setMethod('bank-transfer')} data-testid="method-bank" /> {tm('premium.method.bank')}</label>
      </fieldset>
      <Checkbox checked={immediateStart} onChange={setImmediateStart} testId="immediate-start" hint={tm('premium.consent.immediateHint')}>{tm('premium.consent.immediate')}</Checkbox>
      <Checkbox checked={terms} onChange={setTerms} testId="terms">
        {tm('premium.consent.termsBefore')} <AppLink to="paymentTerms" target="_blank">{tm('premium.consent.termsLink')}</AppLink>
      </Checkbox>
      {errors.terms && <p className="form-error" role="alert">{errors.terms}</p>}
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      {period === 'month' && <p className="muted">{tm('premium.renewalNote')}</p>}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="pay">{tm(method === 'card' ? 'premium.payCard' : 'premium.payBank')}</button>
        <button type="button" className="button button--ghost" onClick={onBack}>{t('common.back')}</button>
      </div>
    </form>
  );
}
