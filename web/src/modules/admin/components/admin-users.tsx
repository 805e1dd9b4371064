import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ROLE_LABELS, type Role } from '@rr/proto';
import { useT } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { adminApi } from '../api/admin.api';
import { Loading } from './admin-shell';
import { useAdminT, type AdminKey } from '../admin.copy';

/** Search by e-mail prefix, name or telephone; the plain list pages on by e-mail. */
export function AdminUsers() {
  const { locale } = useT();
  const ot = useAdminT();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const q = search.get('q') ?? '';
  const after = search.get('after');
  const [text, setText] = useState(q);
  const { data, error, reload } = useQuery(`admin:users:${q}:${after ?? ''}`, () => adminApi.users(q, after));
  const go = (params: Record<string, string>) => navigate(`${pathFor('adminUsers', locale)}?${new URLSearchParams(params)}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(text.trim() ? { q: text.trim() } : {});
  };
  return (
    <>
      <form className="admin-search" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="admin-user-q">{ot('admin.users.search')}</label>
        <input id="admin-user-q" className="input" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={ot('admin.users.searchHint')} />
        <button type="submit" className="button button--primary">{ot('admin.users.searchButton')}</button>
      </form>
      {!data ? <Loading error={error} reload={reload} /> : (
        <>
          <div className="table-scroll">
            <table className="admin-table" data-testid="admin-users">
              <thead><tr><th>{ot('admin.users.email')}</th><th>{ot('admin.users.name')}</th><th>{ot('admin.users.telephone')}</th><th>{ot('admin.users.role')}</th><th>{ot('admin.users.state')}</th><th>{ot('admin.users.created')}</th></tr></thead>
              <tbody>
                {data.items.map((u) => (
                  <tr key={u.id}>
                    <th scope="row"><AppLink to="adminUser" params={{ id: u.id }}>{u.email}</AppLink></th>
                    <td>{[u.name, u.surname].filter(Boolean).join(' ') || '–'}</td>
                    <td>{u.telephone ?? '–'}</td>
                    <td>{ROLE_LABELS[u.role as Role]?.[locale] ?? u.role}</td>
                    <td><span className={`badge${u.state === 'Blocked' ? ' badge--danger' : ' badge--muted'}`}>{ot(`admin.state.${u.state}` as AdminKey)}</span></td>
                    <td>{formatDate(u.createdAt, locale)}</td>
                  </tr>
                ))}
                {!data.items.length && <tr><td colSpan={6}>{ot('admin.users.none')}</td></tr>}
              </tbody>
            </table>
          </div>
          {data.next && <p><button type="button" className="button button--secondary" onClick={() => go({ ...(q ? { q } : {}), after: data.next! })}>{ot('admin.next')}</button></p>}
        </>
      )}
    </>
  );
}
