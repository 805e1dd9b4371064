import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import type { ApiError } from '../../../lib/api';
import { invalidate, useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { notify } from '../../notifications/stores/notifications.store';
import { adminApi, type ContactMessage, type ContactState } from '../api/admin.api';
import { Loading } from './admin-shell';
import { useAdminT, type AdminKey } from '../admin.copy';

const STATES: ContactState[] = ['new', 'answered', 'closed'];
const stateBadge = (s: ContactState) => (s === 'new' ? 'badge badge--tariff' : s === 'answered' ? 'badge badge--success' : 'badge badge--muted');

/** The contact messages, newest first, filtered by state. */
export function AdminContacts() {
  const { locale } = useT();
  const ot = useAdminT();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const state = (STATES as string[]).includes(search.get('state') ?? '') ? (search.get('state') as ContactState) : null;
  const after = search.get('after');
  const { data, error, reload } = useQuery(`admin:contacts:${state ?? ''}:${after ?? ''}`, () => adminApi.contacts(state, after));
  const go = (params: Record<string, string>) => navigate(`${pathFor('adminContacts', locale)}?${new URLSearchParams(params)}`);
  return (
    <>
      <div className="chips" role="group" aria-label={ot('admin.contacts.filter')}>
        <button type="button" className={`chip${state ? '' : ' chip--on'}`} aria-pressed={!state} onClick={() => go({})}>{ot('admin.contacts.all')}</button>
        {STATES.map((s) => (
          <button key={s} type="button" className={`chip${state === s ? ' chip--on' : ''}`} aria-pressed={state === s} onClick={() => go({ state: s })}>{ot(`admin.contact.state.${s}` as AdminKey)}</button>
        ))}
      </div>
      {!data ? <Loading error={error} reload={reload} /> : (
        <>
          <div className="table-scroll">
            <table className="admin-table" data-testid="admin-contacts">
              <thead><tr><th>{ot('admin.contacts.received')}</th><th>{ot('admin.users.email')}</th><th>{ot('admin.contacts.subject')}</th><th>{ot('admin.users.state')}</th></tr></thead>
              <tbody>
                {data.items.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDateTime(m.createdAt, locale)}</td>
                    <td>{m.email}</td>
                    <th scope="row"><AppLink to="adminContact" params={{ id: m.id }}>{m.subject || m.message.slice(0, 60)}</AppLink></th>
                    <td><span className={stateBadge(m.state)}>{ot(`admin.contact.state.${m.state}` as AdminKey)}</span></td>
                  </tr>
                ))}
                {!data.items.length && <tr><td colSpan={4}>{ot('admin.contacts.none')}</td></tr>}
              </tbody>
            </table>
          </div>
          {data.next && <p><button type="button" className="button button--secondary" onClick={() => go({ ...(state ? { state } : {}), after: data.next! })}>{ot('admin.next')}</button></p>}
        </>
      )}
    </>
  );
}

function AnswerForm({ message, onDone }: { message: ContactMessage; onDone: () => void }) {
  const ot = useAdminT();
  const [subject, setSubject] = useState(`Re: ${message.subject ?? ''}`.trim());
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await adminApi.answer(message.id, subject, body);
      setBody('');
      notify(ot('admin.contact.sent', { email: message.email }), { icon: 'success' });
      onDone();
    } catch (e) {
      setError((e as ApiError).fields?.body ?? (e as ApiError).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} data-testid="answer-form">
      <h2>{ot('admin.contact.answer')}</h2>
      <label className="field">
        <span>{ot('admin.contacts.subject')}</span>
        <input className="input" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
      </label>
      <label className="field">
        <span>{ot('admin.contact.body')}</span>
        <textarea className="input" rows={8} value={body} onChange={(e) => setBody(e.target.value)} aria-invalid={!!error} data-testid="answer-body" />
      </label>
      <p className="muted">{ot('admin.contact.answerHint', { locale: message.locale })}</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      <button type="submit" className="button button--primary" disabled={sending}>{ot('admin.contact.send')}</button>
    </form>
  );
}

/** One message: what was written, the answers sent, an answer by e-mail and the state. */
export function AdminContactDetail({ id }: { id: string }) {
  const { locale } = useT();
  const ot = useAdminT();
  const key = `admin:contact:${id}`;
  const { data, error, reload } = useQuery<ContactMessage>(key, () => adminApi.contact(id));
  if (!data) return <Loading error={error} reload={reload} />;
  const refresh = () => {
    invalidate(key);
    invalidate('admin:contacts');
  };
  const setState = async (state: ContactState) => {
    await adminApi.setContactState(id, state).catch((e: ApiError) => notify(e.message, { icon: 'error' }));
    refresh();
  };
  return (
    <div className="admin-contact" data-testid="admin-contact">
      <section className="card">
        <p><span className={stateBadge(data.state)} data-testid="contact-state">{ot(`admin.contact.state.${data.state}` as AdminKey)}</span></p>
        <dl className="params">
          <dt>{ot('admin.users.email')}</dt><dd><a href={`mailto:${data.email}`}>{data.email}</a></dd>
          <dt>{ot('admin.users.name')}</dt><dd>{data.name ?? '–'}</dd>
          <dt>{ot('admin.users.telephone')}</dt><dd>{data.telephone ?? '–'}</dd>
          <dt>{ot('admin.contacts.received')}</dt><dd>{formatDateTime(data.createdAt, locale)}</dd>
          {data.userId && <><dt>{ot('admin.contact.account')}</dt><dd><AppLink to="adminUser" params={{ id: data.userId }}>{data.userId}</AppLink></dd></>}
        </dl>
        {data.subject && <h2>{data.subject}</h2>}
        <p className="admin-message">{data.message}</p>
        <div className="button-row">
          {data.state !== 'closed' && <button type="button" className="button button--secondary" onClick={() => setState('closed')}>{ot('admin.contact.close')}</button>}
          {data.state === 'closed' && <button type="button" className="button button--secondary" onClick={() => setState('new')}>{ot('admin.contact.reopen')}</button>}
        </div>
      </section>
      {data.answers.map((a) => (
        <section key={a.at} className="card admin-answer">
          <p className="muted">{ot('admin.contact.answeredBy', { admin: a.adminEmail, at: formatDateTime(a.at, locale) })}</p>
          <h3>{a.subject}</h3>
          <p className="admin-message">{a.body}</p>
        </section>
      ))}
      <AnswerForm message={data} onDone={refresh} />
    </div>
  );
}
