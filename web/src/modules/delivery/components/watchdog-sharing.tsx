import { useState } from 'react';
import type { MembersAnswer } from '@rr/proto';
import { useT } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { setQueryData, useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { Field } from '../../../ui/field';
import { notify } from '../../notifications/stores/notifications.store';
import { useFormCall } from '../../profile/hooks/use-form-call';
import { deliveryApi } from '../api/delivery.api';
import { useDeliveryT } from '../delivery.copy';

/** The owner's sharing panel: who gets the alerts (and who has not confirmed yet), invite, remove. */
export function WatchdogSharing({ filterId, active }: { filterId: string; active: boolean }) {
  const { locale } = useT();
  const td = useDeliveryT();
  const key = `members:${filterId}`;
  const { data } = useQuery<MembersAnswer>(key, () => deliveryApi.members(filterId));
  const [email, setEmail] = useState('');
  const call = useFormCall();
  if (!data) return null;
  const locked = data.limit === 0;
  const invite = () => void call.run(async () => {
    const answer = await deliveryApi.invite(filterId, email.trim());
    setQueryData(key, answer);
    setEmail('');
    notify(answer.message ?? '', { icon: 'success' });
  });
  const remove = (address: string) => void call.run(async () => {
    const answer = await deliveryApi.removeMember(filterId, address);
    setQueryData(key, answer);
    if (answer.message) notify(answer.message, { icon: 'success' });
  });
  return (
    <section className="card" data-testid="watchdog-sharing" aria-labelledby={`share-${filterId}`}>
      <h2 id={`share-${filterId}`}>{td('share.title')}</h2>
      <p className="muted">{td('share.intro')}</p>
      <h3>{td('share.recipients')}</h3>
      {data.items.length === 0 ? <p>{td('share.none')}</p> : (
        <ul className="member-list" data-testid="members">
          {data.items.map((m) => (
            <li key={m.email} className="member-list__item" data-testid={`member-${m.status}`}>
              <span className="member-list__email">{m.email}</span>
              <span className={`badge ${m.status === 'active' ? 'badge--success' : ''}`}>{td(m.status === 'active' ? 'share.active' : 'share.invited')}</span>
              <span className="muted">{formatDate(m.confirmedAt ?? m.invitedAt, locale)}</span>
              <button type="button" className="link-button" onClick={() => remove(m.email)} aria-label={td('share.remove', { email: m.email })}>×</button>
            </li>
          ))}
        </ul>
      )}
      {locked ? (
        <p className="muted">{td('share.locked')} <AppLink to="premium">{td('delivery.plans')}</AppLink></p>
      ) : active && data.items.length < data.limit && (
        <form noValidate className="invite-form" onSubmit={(e) => (e.preventDefault(), invite())}>
          <Field label={td('share.email')} type="email" autoComplete="off" value={email} onValue={setEmail} error={call.fields.email} data-testid="invite-email" />
          <button type="submit" className="button button--primary" disabled={call.busy} data-testid="invite-send">{td('share.invite')}</button>
        </form>
      )}
      {!locked && <p className="muted">{td('share.limit', { n: data.limit })}</p>}
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
    </section>
  );
}
