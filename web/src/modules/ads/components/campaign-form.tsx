import { useState, type FormEvent } from 'react';
import { AD_TYPES, REAL_ESTATE_TYPES, type AdType, type RealEstateType } from '@rr/proto';
import type { MessageKey } from '../../../i18n';
import { useAdsT } from '../i18n';
import { ApiError } from '../../../lib/api';
import { ChipGroup } from '../../../ui/chip-group';
import { Field } from '../../../ui/field';
import type { AdCampaignBody, AdCampaignView } from '../api/ads.api';
import { REGIONS } from '../regions';
import { DistrictPicker } from './district-picker';
import { usePremiumT } from '../../billing/premium.copy';

export type CampaignFormProps = { campaign?: AdCampaignView; onSave: (body: AdCampaignBody) => Promise<unknown>; submitLabel: string };

type Draft = {
  name: string; alt: string; targetUrl: string; regions: string[]; districts: Array<{ code: string; name: string }>;
  adTypes: AdType[]; realEstateTypes: RealEstateType[]; start: string; end: string; pricing: 'per-view' | 'weekly'; budgetKc: string;
};

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A period is whole days: from the start day's midnight to the midnight after the end day (local time). */
const startIso = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endIso = (day: string) => new Date(new Date(`${day}T00:00:00`).getTime() + DAY).toISOString();

function draftOf(c?: AdCampaignView): Draft {
  if (!c) return { name: '', alt: '', targetUrl: 'https://', regions: [], districts: [], adTypes: [], realEstateTypes: [], start: dateOf(Date.now()), end: dateOf(Date.now() + 29 * DAY), pricing: 'per-view', budgetKc: '' };
  return {
    name: c.name, alt: c.alt, targetUrl: c.targetUrl, regions: c.targeting.regions, districts: c.targeting.districts.map((code) => ({ code, name: code })),
    adTypes: c.targeting.adTypes, realEstateTypes: c.targeting.realEstateTypes, start: dateOf(Date.parse(c.startsAt)), end: dateOf(Date.parse(c.endsAt) - DAY),
    pricing: c.pricing, budgetKc: c.budget ? String(c.budget / 100) : '',
  };
}

/** Name, alternative text, target, targeting, period, pricing and budget; the service's field errors appear beside the fields. */
export function CampaignForm({ campaign, onSave, submitLabel }: CampaignFormProps) {
  const { t, locale } = useAdsT();
  const tm = usePremiumT();
  const [d, setD] = useState<Draft>(() => draftOf(campaign));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setD((x) => ({ ...x, [key]: value }));

  const validate = () => {
    const e: Record<string, string> = {};
    if (!d.name.trim()) e.name = tm('premium.error.required');
    if (!d.alt.trim()) e.alt = tm('premium.error.required');
    if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(d.targetUrl.trim())) e.targetUrl = t('ads.form.urlInvalid');
    if (!d.start || !d.end || d.end < d.start) e.endsAt = t('ads.form.periodInvalid');
    const budget = Number(d.budgetKc.replace(',', '.'));
    if (d.pricing === 'per-view' && !(budget >= 1)) e.budget = t('ads.form.budgetInvalid');
    return e;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSave({
        name: d.name.trim(), alt: d.alt.trim(), targetUrl: d.targetUrl.trim(),
        targeting: { regions: d.regions, districts: d.districts.map((x) => x.code), adTypes: d.adTypes, realEstateTypes: d.realEstateTypes },
        startsAt: startIso(d.start), endsAt: endIso(d.end), pricing: d.pricing,
        budget: d.pricing === 'per-view' ? Math.round(Number(d.budgetKc.replace(',', '.')) * 100) : null,
      });
    } catch (err) {
      const fields = err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^targeting\./, '').replace(/\.\d+$/, ''), v])) : {};
      setErrors({ ...fields, form: err instanceof ApiError ? err.message : t('auth.error.generic') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card ads-form" onSubmit={submit} noValidate data-testid="campaign-form">
      <Field label={t('ads.form.name')} value={d.name} onValue={set('name')} error={errors.name} required maxLength={80} data-testid="campaign-name" />
      <Field label={t('ads.form.alt')} value={d.alt} onValue={set('alt')} error={errors.alt} required maxLength={120} hint={t('ads.form.altHint')} data-testid="campaign-alt" />
      <Field label={t('ads.form.targetUrl')} value={d.targetUrl} onValue={set('targetUrl')} error={errors.targetUrl} required type="url" maxLength={500} inputMode="url" data-testid="campaign-url" />
      <fieldset className="ads-fieldset">
        <legend>{t('ads.form.targeting')}</legend>
        <p className="muted">{t('ads.form.targetingHint')}</p>
        <ChipGroup name="regions" legend={t('ads.form.regions')} options={REGIONS.map((r) => r.code)} value={d.regions} onChange={set('regions')} labelOf={(code) => REGIONS.find((r) => r.code === code)!.name[locale]} error={errors.regions} />
        <DistrictPicker value={d.districts} onChange={set('districts')} error={errors.districts} />
        <ChipGroup name="adTypes" legend={t('ads.form.adTypes')} options={AD_TYPES} value={d.adTypes} onChange={set('adTypes')} labelOf={(a) => t(`enum.adType.${a}` as MessageKey)} />
        <ChipGroup name="realEstateTypes" legend={t('ads.form.realEstateTypes')} options={REAL_ESTATE_TYPES} value={d.realEstateTypes} onChange={set('realEstateTypes')} labelOf={(r) => t(`enum.realEstateType.${r}` as MessageKey)} />
      </fieldset>
      <fieldset className="ads-fieldset form-row">
        <legend>{t('ads.form.period')}</legend>
        <Field label={t('ads.form.start')} type="date" value={d.start} onValue={set('start')} required data-testid="campaign-start" />
        <Field label={t('ads.form.end')} type="date" value={d.end} onValue={set('end')} error={errors.endsAt ?? errors.startsAt} required data-testid="campaign-end" />
      </fieldset>
      <fieldset className="ads-fieldset">
        <legend>{t('ads.form.pricing')}</legend>
        <label className="radio"><input type="radio" name="pricing" checked={d.pricing === 'per-view'} onChange={() => set('pricing')('per-view')} data-testid="pricing-per-view" /> {t('ads.pricing.per-view')}</label>
        <label className="radio"><input type="radio" name="pricing" checked={d.pricing === 'weekly'} onChange={() => set('pricing')('weekly')} data-testid="pricing-weekly" /> {t('ads.pricing.weekly')}</label>
        {d.pricing === 'per-view'
          ? <Field label={t('ads.form.budget')} value={d.budgetKc} onValue={set('budgetKc')} error={errors.budget} required inputMode="decimal" hint={t('ads.form.budgetHint')} data-testid="campaign-budget" />
          : <p className="muted">{t('ads.form.weeklyHint')}</p>}
      </fieldset>
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      <button type="submit" className="button button--primary" disabled={busy} data-testid="campaign-save">{submitLabel}</button>
    </form>
  );
}
