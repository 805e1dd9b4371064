import { useState } from 'react';
import type { FilterView, DeliveryMode } from '@rr/proto';
import { entitlementsOf } from '@rr/proto';
import { invalidate } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { notify } from '../../notifications/stores/notifications.store';
import { useFormCall } from '../../profile/hooks/use-form-call';
import { useSession } from '../../session/stores/session.store';
import { deliveryApi } from '../api/delivery.api';
import { useDeliveryT } from '../delivery.copy';

const MODES: DeliveryMode[] = ['instant', 'digest'];

/** A watchdog's delivery: at once or in the owner's digest (radio buttons, saved on change). */
export function WatchdogDelivery({ filter }: { filter: FilterView }) {
  const td = useDeliveryT();
  const role = useSession((s) => s.user?.role ?? 0);
  const allowed = entitlementsOf(role).scheduledDelivery;
  const [mode, setMode] = useState<DeliveryMode>(filter.deliveryMode ?? 'instant');
  const call = useFormCall();
  const choose = (next: DeliveryMode) => void call.run(async () => {
    const saved = await deliveryApi.setMode(filter.id, next);
    setMode(saved.deliveryMode ?? next);
    invalidate('filters');
    notify(td(next === 'digest' ? 'delivery.mode.digest' : 'delivery.mode.instant'), { icon: 'success' });
  });
  return (
    <section className="card" data-testid="watchdog-delivery">
      <fieldset disabled={call.busy}>
        <legend><h2>{td('delivery.mode')}</h2></legend>
        {MODES.map((m) => (
          <label key={m} className="radio-option">
            <input type="radio" name={`mode-${filter.id}`} value={m} checked={mode === m} disabled={m === 'digest' && !allowed && mode !== 'digest'}
              onChange={() => choose(m)} data-testid={`mode-${m}`} />
            <span><strong>{td(`delivery.mode.${m}`)}</strong><small className="checkbox__hint">{td(`delivery.mode.${m}Hint`)}</small></span>
          </label>
        ))}
      </fieldset>
      {!allowed && <p className="muted">{td('delivery.locked')} <AppLink to="premium">{td('delivery.plans')}</AppLink></p>}
      {allowed && <p><AppLink to="myProfile">{td('delivery.mode.settings')}</AppLink></p>}
      {(call.error || call.fields.deliveryMode) && <p className="form-error" role="alert">{call.error ?? call.fields.deliveryMode}</p>}
    </section>
  );
}
