import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ROLES, ROLE_LABELS, type Role } from '@rr/proto';
import { useT } from '../../../i18n';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { ApiError } from '../../../lib/api';
import { invalidate, useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { notify } from '../../notifications/stores/notifications.store';
import { adminApi, type AdminUser, type AdminUserDetail } from '../api/admin.api';
import { Loading } from './admin-shell';
import { AuditList } from './audit-list';
import { useAdminT, type AdminKey } from '../admin.copy';

const ASSIGNABLE = Object.values(ROLES).filter((r) => r !== ROLES.NONE) as Role[];

function RoleForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { t, locale } = useT();
  const ot = useAdminT();
  const [role, setRole] = useState(String(user.role));
  const [expires, setExpires] = useState(user.roleExpiresAt?.slice(0, 10) ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await adminApi.setRole(user.id, Number(role), expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null);
      notify(ot('admin.user.roleSaved'), { icon: 'success' });
      onDone();
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  return (
    <form className="card admin-stack" onSubmit={submit} data-testid="role-form">
      <h2>{ot('admin.user.role')}</h2>
      <label className="field">
        <span>{ot('admin.users.role')}</span>
        <select className="input" value={role} onChange={(e) => setRole(e.target.value)} data-testid="role-select">
          {ASSIGNABLE.map((r) => <option key={r} value={r}>{ROLE_LABELS[r][locale]}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{ot('admin.user.roleExpires')}</span>
        <input className="input" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </label>
      {error && <p className="form-error" role="alert">{error}</p>}
      <p><button type="submit" className="button button--primary">{t('common.save')}</button></p>
    </form>
  );
}

function StateActions({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { locale } = useT();
  const ot = useAdminT();
  const [, navigate] = useLocation();
  const [confirm, setConfirm] = useState<'block' | 'delete' | null>(null);
  const [reason, setReason] = useState('');
  const run = async (action: () => Promise<unknown>, message: AdminKey) => {
    setConfirm(null);
    try {
      await action();
      notify(ot(message), { icon: 'success' });
      onDone();
    } catch (e) {
      notify((e as ApiError).message, { icon: 'error' });
    }
  };
  const blocked = user.state === 'Blocked';
  return (
    <section className="card" data-testid="state-actions">
      <h2>{ot('admin.user.state')}</h2>
      <p><span className={`badge${blocked ? ' badge--danger' : ' badge--success'}`} data-testid="user-state">{ot(`admin.state.${user.state}` as AdminKey)}</span>
        {blocked && user.blockedReason && <span className="muted"> {user.blockedReason}</span>}</p>
      {blocked ? (
        <button type="button" className="button button--secondary" onClick={() => run(() => adminApi.unblock(user.id), 'admin.user.unblocked')}>{ot('admin.user.unblock')}</button>
      ) : (
        <div className="admin-inline">
          <label className="field">
            <span>{ot('admin.user.blockReason')}</span>
            <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />
          </label>
          <button type="button" className="button button--danger" onClick={() => setConfirm('block')}>{ot('admin.user.block')}</button>
        </div>
      )}
      <div className="danger-zone">
        <p className="muted">{ot('admin.user.deleteText')}</p>
        <button type="button" className="button button--danger" onClick={() => setConfirm('delete')}>{ot('admin.user.delete')}</button>
      </div>
      {confirm === 'block' && <ConfirmDialog title={ot('admin.user.block')} text={ot('admin.user.blockConfirm', { email: user.email })} confirmLabel={ot('admin.user.block')}
        onConfirm={() => run(() => adminApi.block(user.id, reason), 'admin.user.blocked')} onClose={() => setConfirm(null)} />}
      {confirm === 'delete' && <ConfirmDialog title={ot('admin.user.delete')} text={ot('admin.user.deleteConfirm', { email: user.email })} confirmLabel={ot('admin.user.delete')}
        onConfirm={() => run(async () => { await adminApi.remove(user.id); navigate(pathFor('adminUsers', locale)); }, 'admin.user.deleted')} onClose={() => setConfirm(null)} />}
    </section>
  );
}

/** One user: profile, state (block, unblock, delete), role and its expiry, watchdogs with their alerts, audit. */
export function AdminUserDetail({ id }: { id: string }) {
  const { tp, locale } = useT();
  const ot = useAdminT();
  const key = `admin:user:${id}`;
  const { data, error, reload } = useQuery<AdminUserDetail>(key, () => adminApi.user(id));
  if (!data) return <Loading error={error} reload={reload} />;
  const refresh = () => {
    invalidate(key);
    invalidate('admin:users');
  };
  const { user, filters, audit } = data;
  return (
    <div className="admin-user" data-testid="admin-user">
      <section className="card">
        <h2>{user.email}</h2>
        <dl className="params">
          <dt>{ot('admin.users.name')}</dt><dd>{[user.name, user.surname].filter(Boolean).join(' ') || '–'}</dd>
          <dt>{ot('admin.users.telephone')}</dt><dd>{user.telephone ?? '–'}{user.telephoneSource && <span className="muted"> ({user.telephoneSource})</span>}</dd>
          <dt>{ot('admin.users.role')}</dt><dd data-testid="user-role">{ROLE_LABELS[user.role as Role]?.[locale] ?? user.role}{user.roleExpiresAt && ` · ${ot('admin.user.until', { date: formatDate(user.roleExpiresAt, locale) })}`}</dd>
          <dt>{ot('admin.users.created')}</dt><dd>{formatDateTime(user.createdAt, locale)}</dd>
          <dt>{ot('admin.user.lastLogin')}</dt><dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : '–'}</dd>
          <dt>{ot('admin.user.locale')}</dt><dd>{user.locale}</dd>
        </dl>
      </section>
      <div className="form-grid">
        <RoleForm key={`${user.role}:${user.roleExpiresAt}`} user={user} onDone={refresh} />
        <StateActions user={user} onDone={refresh} />
      </div>
      <section className="card">
        <h2>{ot('admin.user.watchdogs')}</h2>
        {filters.length ? (
          <div className="table-scroll">
            <table className="admin-table">
              <thead><tr><th>{ot('admin.user.watchdogName')}</th><th>{ot('admin.users.state')}</th><th>{ot('admin.user.alerts')}</th><th>{ot('admin.user.lastAlert')}</th><th>{ot('admin.user.expires')}</th></tr></thead>
              <tbody>
                {filters.map((f) => (
                  <tr key={f.id}>
                    <td>{f.name ?? f.id}</td>
                    <td>{f.status}{f.disabledReason && ` (${f.disabledReason})`}</td>
                    <td>{tp('filters.sentCount', f.sentCount)}</td>
                    <td>{f.lastEmailAt ? formatDateTime(f.lastEmailAt, locale) : '–'}</td>
                    <td>{f.expiresAt ? formatDate(f.expiresAt, locale) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className="muted">{ot('admin.user.noWatchdogs')}</p>}
      </section>
      <section className="card">
        <h2>{ot('admin.tab.audit')}</h2>
        <AuditList items={audit} />
      </section>
    </div>
  );
}
