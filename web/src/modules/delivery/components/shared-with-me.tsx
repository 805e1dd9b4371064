import type { SharedFilterView, DeliveryMode } from '@rr/proto';
import { invalidate, useQuery } from '../../../lib/query';
import { notify } from '../../notifications/stores/notifications.store';
import { useFormCall } from '../../profile/hooks/use-form-call';
import { deliveryApi } from '../api/delivery.api';
import { useDeliveryT } from '../delivery.copy';

export const SHARED_KEY = 'shared-filters';

/** Watchdogs shared with the logged-in person: whose, what they watch, at once or in a digest, leave. */
export function SharedWithMe({ showEmpty = false }: { showEmpty?: boolean }) {
  const td = useDeliveryT();
  const { data } = useQuery<SharedFilterView[]>(SHARED_KEY, deliveryApi.shared);
  const call = useFormCall();
  if (!data || (data.length === 0 && !showEmpty)) return null;
  const act = (run: () => Promise<{ message: string }>) => void call.run(async () => {
    const { message } = await run();
    invalidate(SHARED_KEY);
    notify(message, { icon: 'success' });
  });
  return (
    <section className="filter-group" data-testid="shared-filters" aria-labelledby="shared-title">
      <h2 id="shared-title" className="filter-group__title">{td('shared.title')}</h2>
      <p className="muted">{td('shared.intro')}</p>
      {data.length === 0 && <p>{td('shared.none')}</p>}
      <div className="filter-cards">
        {data.map((s) => (
          <article key={s.id} className="card filter-card" data-testid="shared-filter">
            <h3>{s.name ?? s.summary[0]}</h3>
            <p className="muted">{td('shared.owner', { email: s.ownerEmail })}</p>
            <ul className="plain-list">{s.summary.map((line) => <li key={line}>{line}</li>)}</ul>
            <fieldset disabled={call.busy}>
              <legend className="field__label">{td('delivery.mode')}</legend>
              {(['instant', 'digest'] as DeliveryMode[]).map((m) => (
                <label key={m} className="radio-option">
                  <input type="radio" name={`shared-mode-${s.id}`} checked={s.deliveryMode === m} onChange={() => act(() => deliveryApi.setSharedMode(s.id, m))} />
                  <span>{td(`delivery.mode.${m}`)}</span>
                </label>
              ))}
            </fieldset>
            <div className="filter-card__actions">
              <button type="button" className="button button--secondary" onClick={() => act(() => deliveryApi.leaveShared(s.id))} data-testid="shared-leave">{td('shared.leave')}</button>
            </div>
          </article>
        ))}
      </div>
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
    </section>
  );
}
