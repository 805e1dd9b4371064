import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { CreateFilterAnswer } from '@rr/proto';
import { useT, type MessageKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { track } from '../../../lib/analytics';
import { invalidate, setQueryData } from '../../../lib/query';
import { Checkbox } from '../../../ui/checkbox';
import { ChipGroup } from '../../../ui/chip-group';
import { EmailField } from '../../../ui/email-field';
import { RangeField } from '../../../ui/range-field';
import { useEmailInput } from '../../../ui/use-email-input';
import { notify } from '../../notifications/stores/notifications.store';
import { flagsOf } from '../../session/session';
import { useSession } from '../../session/stores/session.store';
import { filtersApi } from '../api/filters.api';
import { FILTERS_KEY } from '../hooks/use-filter-actions';
import {
  FORM_AD_TYPES, FORM_DISPOSITIONS, FORM_HOUSE_TYPES, FORM_LAND_TYPES, FORM_REAL_ESTATE_TYPES, FORM_TERRACE_TYPES,
  toCriteria, validateDraft, visibleGroups, type Draft, type DraftErrors,
} from '../criteria';
import { LocationField } from './location-field';

/** Loaded when the extra filters open, with its strings: the home page's entry chunk stays in budget. */
const AlertKindsFields = lazy(async () => ({ default: (await import('./alert-kinds-fields')).AlertKindsFields }));

// Words and the seller load with "more filters", so their strings stay out of the entry chunk (bench:web).
const NarrowingFields = lazy(() => import('./narrowing-fields').then((m) => ({ default: m.NarrowingFields })));

/**
 * The monthly count needs a place and shows once its numbers arrive, so it loads when the first
 * place is chosen, out of the entry chunk (the home page's JS budget: the area map's mode switch
 * took its room).
 */
const MonthlyMatchCount = lazy(() => import('../../price-analytics/components/monthly-match-count').then((m) => ({ default: m.MonthlyMatchCount })));

type Outcome = { kind: 'duplicate' | 'covered' | 'limit' } | { kind: 'pending'; email: string } | null;

export type WatchdogFormProps = {
  draft: Draft;
  onDraft: (patch: Partial<Draft>) => void;
  /** Edit mode saves criteria of an existing watchdog instead of creating one. */
  editId?: string;
  onDone?: (answer?: CreateFilterAnswer) => void;
  heading?: string;
};

const dispositionLabel = (t: (k: MessageKey) => string, d: string) => (d === 'atypical' || d === 'room' ? t(`enum.disposition.${d}`) : d);

export function WatchdogForm({ draft, onDraft, editId, onDone, heading }: WatchdogFormProps) {
  const { t, locale } = useT();
  const state = useSession((s) => s.state);
  const user = useSession((s) => s.user);
  const flags = flagsOf(state, user);
  const email = useEmailInput('', true);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [more, setMore] = useState(false);
  const show = visibleGroups(draft);
  const err = (key: keyof DraftErrors) => (errors[key] ? t(`validation.${errors[key]!}`) : null);
  const change = (patch: Partial<Draft>) => {
    onDraft(patch);
    setOutcome(null);
    setServerError(null);
  };

  const submit = async (force = false) => {
    const found = validateDraft(draft);
    setErrors(found);
    setServerError(null);
    const emailOk = editId || flags.loggedIn ? true : email.check();
    if (Object.keys(found).length > 0 || !emailOk) {
      document.querySelector<HTMLElement>('.field--invalid input, .field--invalid select')?.focus();
      return;
    }
    setBusy(true);
    try {
      const criteria = toCriteria(draft);
      if (editId) {
        const updated = await filtersApi.update(editId, { criteria });
        // The detail and the list on screen show the saved criteria, not the cached ones.
        invalidate(FILTERS_KEY);
        setQueryData(`${FILTERS_KEY}:${editId}`, updated);
        notify(t('watchdog.updated'), { icon: 'success' });
        onDone?.();
        return;
      }
      const answer = await filtersApi.create({ criteria, locale, force: force || undefined, ...(flags.loggedIn ? {} : { email: email.value.trim() }) });
      track('filter_created', { outcome: answer.outcome });
      invalidate(FILTERS_KEY);
      if (answer.outcome === 'pending') {
        setOutcome({ kind: 'pending', email: email.value.trim() });
      } else {
        setOutcome(null);
        notify(t(answer.outcome === 'replaced' ? 'watchdog.outcome.replaced' : 'watchdog.created'), { icon: 'success' });
        void useSession.getState().refresh();
      }
      onDone?.(answer);
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'WATCHDOG_DUPLICATE') setOutcome({ kind: 'duplicate' });
      else if (cause instanceof ApiError && cause.code === 'WATCHDOG_COVERED') setOutcome({ kind: 'covered' });
      else if (cause instanceof ApiError && cause.code === 'WATCHDOG_LIMIT') setOutcome({ kind: 'limit' });
      else if (cause instanceof ApiError && Object.keys(cause.fields).length > 0) setServerError(Object.values(cause.fields)[0]);
      else if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500 && cause.message) setServerError(cause.message);
      else setServerError(t('watchdog.error'));
    } finally {
      setBusy(false);
    }
  };

  if (outcome?.kind === 'pending') {
    return (
      <div className="card watchdog-form watchdog-form--done" role="status" data-testid="watchdog-pending">
        <div className="done-icon" aria-hidden="true">✉</div>
        <p className="lead">{t('watchdog.sentConfirm', { email: outcome.email })}</p>
        <button type="button" className="button button--secondary" onClick={() => setOutcome(null)}>{t('filters.new')}</button>
      </div>
    );
  }

  return (
    <form className="card watchdog-form" noValidate onSubmit={(e: FormEvent) => { e.preventDefault(); void submit(); }} data-testid="watchdog-form">
      <h2 className="watchdog-form__title">{heading ?? t(editId ? 'watchdog.form.editTitle' : 'watchdog.form.title')}</h2>
      <ChipGroup name="adTypes" legend={t('watchdog.adTypes')} required options={FORM_AD_TYPES} value={draft.adTypes}
        onChange={(adTypes) => change({ adTypes })} labelOf={(v) => t(`enum.adType.${v}`)} error={err('adTypes')} />
      <ChipGroup name="realEstateTypes" legend={t('watchdog.realEstateTypes')} required options={FORM_REAL_ESTATE_TYPES} value={draft.realEstateTypes}
        onChange={(realEstateTypes) => change({ realEstateTypes })} labelOf={(v) => t(`enum.realEstateType.${v}`)} error={err('realEstateTypes')} />
      <LocationField draft={draft} onChange={change} error={err('places')} role={flags.loggedIn ? user!.role : null} />
      {show.dispositions && (
        <ChipGroup name="dispositions" legend={t('watchdog.dispositions')} options={FORM_DISPOSITIONS} value={draft.dispositions}
          onChange={(dispositions) => change({ dispositions })} labelOf={(v) => dispositionLabel(t, v)} />
      )}
      <div className="form-grid">
        <RangeField name="price" legend={t('watchdog.price')} value={draft.price} onChange={(price) => change({ price })} error={err('price')} />
        {show.area && <RangeField name="area" legend={t('watchdog.area')} value={draft.area} onChange={(area) => change({ area })} error={err('area')} />}
      </div>
      {show.landTypes && (
        <ChipGroup name="landTypes" legend={t('watchdog.landTypes')} options={FORM_LAND_TYPES} value={draft.landTypes}
          onChange={(landTypes) => change({ landTypes })} labelOf={(v) => t(`enum.landType.${v}`)} />
      )}
      {show.houseTypes && (
        <ChipGroup name="houseTypes" legend={t('watchdog.houseTypes')} options={FORM_HOUSE_TYPES} value={draft.houseTypes}
          onChange={(houseTypes) => change({ houseTypes })} labelOf={(v) => t(`enum.houseType.${v}`)} />
      )}
      <button type="button" className="link-button more-toggle" aria-expanded={more} onClick={() => setMore(!more)} data-testid="more-filters">
        {t(more ? 'watchdog.fewerFilters' : 'watchdog.moreFilters')}
      </button>
      {more && (
        <div className="more-filters">
          <div className="form-grid">
            <RangeField name="pricePerM2" legend={t('watchdog.pricePerM2')} value={draft.pricePerM2} onChange={(pricePerM2) => change({ pricePerM2 })} error={err('pricePerM2')} />
            {show.landArea && <RangeField name="landArea" legend={t('watchdog.landArea')} value={draft.landArea} onChange={(landArea) => change({ landArea })} error={err('landArea')} />}
            {show.beds && <RangeField name="beds" legend={t('watchdog.beds')} value={draft.beds} onChange={(beds) => change({ beds })} error={err('beds')} />}
          </div>
          {show.terrace && (
            <ChipGroup name="terraceTypes" legend={t('watchdog.terraceTypes')} options={FORM_TERRACE_TYPES} value={draft.terraceTypes}
              onChange={(terraceTypes) => change({ terraceTypes })} labelOf={(v) => t(`enum.terraceType.${v}`)} />
          )}
          {show.elevator && <Checkbox checked={draft.elevatorOnly} onChange={(elevatorOnly) => change({ elevatorOnly })}>{t('watchdog.elevatorOnly')}</Checkbox>}
          <Checkbox checked={draft.includeWithoutPrice} onChange={(includeWithoutPrice) => change({ includeWithoutPrice })}>{t('watchdog.includeWithoutPrice')}</Checkbox>
          <Suspense fallback={null}><AlertKindsFields value={draft} paying={flags.paying} onChange={change} /></Suspense>
          <Suspense fallback={null}>
            <NarrowingFields wordsAny={draft.wordsAny} wordsNone={draft.wordsNone} seller={draft.seller} onChange={change} allowed={flags.paying} />
          </Suspense>
        </div>
      )}
      {!editId && !flags.loggedIn && (
        <EmailField label={t('watchdog.email')} required placeholder={t('auth.emailPlaceholder')} value={email.value} onValue={email.set}
          error={email.error} suggestions={email.suggestions} onPick={email.pick} onKeep={email.keep} name="email" />
      )}
      {outcome && (
        <div className="outcome" role="alert" data-testid={`outcome-${outcome.kind}`}>
          <p>{t(`watchdog.outcome.${outcome.kind}`)}</p>
          {outcome.kind === 'covered' && (
            <>
              <p>{t('watchdog.outcome.question')}</p>
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void submit(true)}>{t('watchdog.outcome.force')}</button>
            </>
          )}
        </div>
      )}
      {serverError && <p className="form-error" role="alert">{serverError}</p>}
      {!draft.areaMode && draft.places.length > 0 && <Suspense fallback={null}><MonthlyMatchCount draft={draft} /></Suspense>}
      <button type="submit" className="button button--primary button--large button--block" disabled={busy}>
        {t(editId ? 'watchdog.save' : 'watchdog.submit')}
      </button>
      {editId && <button type="button" className="button button--secondary button--block" onClick={() => onDone?.()} data-testid="filter-edit-cancel">{t('common.cancel')}</button>}
      {!editId && <p className="fine-print">{t('watchdog.consent')}</p>}
    </form>
  );
}
