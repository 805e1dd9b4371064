import { useEffect, useState } from 'react';
import type { DeliverySettingsView } from '@rr/proto';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import { setQueryData, useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { Checkbox } from '../../../ui/checkbox';
import { notify } from '../../notifications/stores/notifications.store';
import { useFormCall } from '../../profile/hooks/use-form-call';
import { deliveryApi } from '../api/delivery.api';
import { useDeliveryT } from '../delivery.copy';

export const DELIVERY_KEY = 'delivery-settings';

const TIME_ZONES = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf: (k: string) => string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Prague', 'Europe/Bratislava', 'Europe/London', 'UTC'];
  }
})();
const MAX_TIMES = 6;

/**
 * The profile's delivery section: time zone, digest times (one to six) and quiet hours. Shown to
 * every person; tiers without digests see it read-only with a link to the plans.
 */
export function DeliverySettingsForm() {
  const { locale } = useT();
  const td = useDeliveryT();
  const { data } = useQuery<DeliverySettingsView>(DELIVERY_KEY, deliveryApi.settings);
  const [zone, setZone] = useState('Europe/Prague');
  const [times, setTimes] = useState<string[]>([]);
  const [quiet, setQuiet] = useState<{ start: string; end: string } | null>(null);
  const call = useFormCall();
  useEffect(() => {
    if (!data) return;
    setZone(data.schedule.timeZone);
    setTimes(data.schedule.digestTimes);
    setQuiet(data.schedule.quietHours);
  }, [data]);
  if (!data) return null;
  const locked = !data.allowed;
  const save = () => void call.run(async () => {
    const answer = await deliveryApi.saveSettings({ timeZone: zone, digestTimes: times, quietHours: quiet });
    setQueryData(DELIVERY_KEY, answer);
    notify(answer.message, { icon: 'success' });
  });
  return (
    <section className="card auth-form delivery-settings" data-testid="delivery-settings" aria-labelledby="delivery-title">
      <h2 id="delivery-title">{td('delivery.title')}</h2>
      <p className="muted">{td('delivery.intro')}</p>
      {locked && <p className="notice" data-testid="delivery-locked">{td('delivery.locked')} <AppLink to="premium">{td('delivery.plans')}</AppLink></p>}
      <form noValidate onSubmit={(e) => (e.preventDefault(), save())}>
        <fieldset disabled={locked || call.busy}>
          <div className="field">
            <label className="field__label" htmlFor="delivery-zone">{td('delivery.timeZone')}</label>
            <select id="delivery-zone" className="select" value={zone} onChange={(e) => setZone(e.target.value)} aria-invalid={call.fields.timeZone ? true : undefined}>
              {!TIME_ZONES.includes(zone) && <option value={zone}>{zone}</option>}
              {TIME_ZONES.map((z) => <option key={z} value={z}>{z}</option>)}
            </select>
            {call.fields.timeZone && <p className="field__error">{call.fields.timeZone}</p>}
          </div>
          <fieldset className="field" aria-describedby="delivery-times-hint">
            <legend className="field__label">{td('delivery.digestTimes')}</legend>
            <ul className="time-list">
              {times.map((time, i) => (
                <li key={i} className="time-list__item">
                  <input type="time" className="input input--time" aria-label={td('delivery.digestTime', { n: i + 1 })} value={time} data-testid={`digest-time-${i}`}
                    onChange={(e) => setTimes(times.map((t, k) => (k === i ? e.target.value : t)))} />
                  {times.length > 1 && (
                    <button type="button" className="link-button" aria-label={td('delivery.removeTime', { time })} onClick={() => setTimes(times.filter((_, k) => k !== i))}>×</button>
                  )}
                </li>
              ))}
            </ul>
            {times.length < MAX_TIMES && <button type="button" className="button button--ghost" onClick={() => setTimes([...times, '12:00'])} data-testid="digest-add">+ {td('delivery.addTime')}</button>}
            <p id="delivery-times-hint" className="field__hint">{td('delivery.digestTimesHint')}</p>
            {call.fields.digestTimes && <p className="field__error" role="alert">{call.fields.digestTimes}</p>}
          </fieldset>
          <Checkbox checked={quiet !== null} onChange={(on) => setQuiet(on ? { start: '22:00', end: '07:00' } : null)} testId="quiet-toggle">{td('delivery.quiet')}</Checkbox>
          {quiet && (
            <div className="form-row">
              {(['start', 'end'] as const).map((edge) => (
                <div className="field" key={edge}>
                  <label className="field__label" htmlFor={`quiet-${edge}`}>{td(edge === 'start' ? 'delivery.quietStart' : 'delivery.quietEnd')}</label>
                  <input id={`quiet-${edge}`} type="time" className="input input--time" value={quiet[edge]} data-testid={`quiet-${edge}`}
                    onChange={(e) => setQuiet({ ...quiet, [edge]: e.target.value })} aria-invalid={call.fields[`quietHours.${edge}`] ? true : undefined} />
                  {call.fields[`quietHours.${edge}`] && <p className="field__error">{call.fields[`quietHours.${edge}`]}</p>}
                </div>
              ))}
            </div>
          )}
          {data.allowed && <p className="muted" data-testid="next-digests">{td('delivery.next', { times: data.nextDigests.map((t) => formatDateTime(t, locale)).join(', ') })}</p>}
          {call.error && <p className="form-error" role="alert">{call.error}</p>}
          <button type="submit" className="button button--primary" data-testid="delivery-save">{td('delivery.save')}</button>
        </fieldset>
      </form>
    </section>
  );
}
