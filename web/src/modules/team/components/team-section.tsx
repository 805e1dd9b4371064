import { useState } from 'react';
import { useT } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { invalidate, useQuery } from '../../../lib/query';
import { Field } from '../../../ui/field';
import { useFormCall } from '../../profile/hooks/use-form-call';
import { useSession } from '../../session/stores/session.store';
import { teamApi } from '../api/team.api';
import { useTeamT } from '../team.copy';

/**
 * Team seats on the profile: an owner of a plan with more seats adds registered people by e-mail
 * and removes them; a member sees whose plan it is and may leave. Nothing for a one-seat plan.
 */
export function TeamSection() {
  const { locale } = useT();
  const tt = useTeamT();
  const user = useSession((s) => s.user);
  // The role is in the key: a plan change or a seat given shows at once.
  const { data } = useQuery(user ? `team:${user.id}:${user.role}` : null, teamApi.view);
  const [email, setEmail] = useState('');
  const call = useFormCall();
  const changed = () => invalidate(`team:${user?.id}:${user?.role}`);
  if (!data || data.kind === 'none') return null;
  if (data.kind === 'member') {
    return (
      <section className="card auth-form" data-testid="team">
        <h2>{tt('team.title')}</h2>
        <p>{tt('team.memberIntro', { owner: data.ownerEmail })}</p>
        <button className="button button--ghost" type="button" disabled={call.busy} onClick={() => void call.run(async () => {
          await teamApi.remove(user!.id);
          changed();
        })}>{tt('team.leave')}</button>
        {call.error && <p className="form-error" role="alert">{call.error}</p>}
      </section>
    );
  }
  return (
    <section className="card auth-form" data-testid="team">
      <h2>{tt('team.title')}</h2>
      <p className="muted">{tt('team.ownerIntro', { seats: data.seats, free: data.seats - 1 })}</p>
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        void call.run(async () => {
          await teamApi.add(email.trim());
          setEmail('');
          changed();
        });
      }}>
        <Field label={tt('team.email')} type="email" value={email} onValue={setEmail} error={call.fields.email} required maxLength={254} />
        <button className="button" type="submit" disabled={call.busy}>{tt('team.add')}</button>
      </form>
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
      {data.members.length === 0 && <p className="muted">{tt('team.empty')}</p>}
      <ul className="plain-list">
        {data.members.map((m) => (
          <li key={m.userId} data-testid="team-member">
            <strong>{m.email}</strong> <span className="muted">{tt('team.addedAt')} {formatDate(m.addedAt, locale)}</span>{' '}
            <button className="link-button" type="button" disabled={call.busy} onClick={() => void call.run(async () => {
              await teamApi.remove(m.userId);
              changed();
            })}>{tt('team.remove')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
