import { useEffect, useRef, useState } from 'react';
import type { FilterView } from '@rr/proto';
import { entitlementsOf, isPaying } from '@rr/proto';
import { useT } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { invalidate } from '../../../lib/query';
import { Checkbox } from '../../../ui/checkbox';
import { notify } from '../../notifications/stores/notifications.store';
import { useSession } from '../../session/stores/session.store';
import { filtersApi } from '../api/filters.api';
import { FILTERS_KEY } from '../hooks/use-filter-actions';
import { titleOf } from '../summary';

/** The anchor e-mails link to (`/moje-filtry#ponechat`, `/my-filters#keep`). */
export const KEEP_ANCHORS = ['ponechat', 'keep'];

export type KeepChooserProps = { filters: FilterView[] };

const candidatesOf = (filters: FilterView[]) =>
  filters.filter((f) => f.status === 'Active' || (f.status === 'Disabled' && f.disabledReason === 'limit'));

/**
 * Which watchdogs stay on when the plan's limit is lower than their number: open by itself when some
 * are off for the limit (after a downgrade) or when an e-mail links here; otherwise a button, so the
 * choice can be made ahead of a downgrade.
 */
export function KeepChooser({ filters }: KeepChooserProps) {
  const { t, tp, locale } = useT();
  const role = useSession((s) => s.user?.role ?? 1);
  const limit = entitlementsOf(role).maxActiveWatchdogs;
  const candidates = candidatesOf(filters);
  const overLimit = candidates.some((f) => f.status === 'Disabled');
  const linked = typeof window !== 'undefined' && KEEP_ANCHORS.includes(window.location.hash.slice(1));
  const [open, setOpen] = useState(overLimit || linked);
  const initial = () => candidates.filter((f) => (overLimit ? f.status === 'Active' : f.kept)).map((f) => f.id);
  const [chosen, setChosen] = useState<string[]>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => setOpen((was) => was || overLimit), [overLimit]);
  // The list loads after the page, so the browser's own jump to the e-mail's anchor finds nothing yet.
  useEffect(() => {
    if (linked) section.current?.scrollIntoView({ block: 'start' });
  }, [linked]);

  if (candidates.length < 2) return null;
  if (!open) {
    // Ahead of a downgrade the choice matters only where the limit can fall: a paid tier.
    if (!isPaying(role)) return null;
    return (
      <p><button type="button" className="link-button" onClick={() => setOpen(true)} data-testid="keep-open">{t('filters.keep.open')}</button></p>
    );
  }
  const toggle = (id: string, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const answer = await filtersApi.keep(chosen);
      notify(answer.message, { icon: 'success' });
      invalidate(FILTERS_KEY);
    } catch (cause) {
      setError(cause instanceof ApiError && cause.status < 500 ? cause.message : t('watchdog.error'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section ref={section} id={locale === 'cs' ? KEEP_ANCHORS[0] : KEEP_ANCHORS[1]} className="card keep-chooser" aria-labelledby="keep-title" data-testid="keep-chooser">
      <h2 id="keep-title">{t('filters.keep.title')}</h2>
      <p>{t(overLimit ? 'filters.keep.overLimit' : 'filters.keep.ahead', { limit })}</p>
      <fieldset className="keep-chooser__list">
        <legend className="muted">{tp('filters.keep.chosen', chosen.length, { limit })}</legend>
        {candidates.map((f) => (
          <Checkbox key={f.id} checked={chosen.includes(f.id)} disabled={!chosen.includes(f.id) && chosen.length >= limit}
            onChange={(on) => toggle(f.id, on)} testId={`keep-${f.id}`}
            hint={f.status === 'Disabled' ? t('filters.keep.offForLimit') : undefined}>
            {f.name ?? titleOf(f.criteria, t)}
          </Checkbox>
        ))}
      </fieldset>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={saving || chosen.length === 0} onClick={() => void save()} data-testid="keep-save">
          {t('filters.keep.save')}
        </button>
      </div>
    </section>
  );
}
