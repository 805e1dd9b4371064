import { useT, type MessageKey } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import type { AuditEntry } from '../api/admin.api';

const show = (v: Record<string, unknown> | null) => (v ? Object.entries(v).map(([k, x]) => `${k}: ${x ?? '–'}`).join(', ') : '–');

/** Who did what and when, with the values before and after. */
export function AuditList({ items, withTarget = false }: { items: AuditEntry[]; withTarget?: boolean }) {
  const { t, locale } = useT();
  if (!items.length) return <p className="muted">{t('admin.audit.none')}</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table" data-testid="audit-list">
        <thead><tr><th>{t('admin.audit.at')}</th><th>{t('admin.audit.admin')}</th><th>{t('admin.audit.action')}</th>{withTarget && <th>{t('admin.audit.target')}</th>}<th>{t('admin.audit.before')}</th><th>{t('admin.audit.after')}</th></tr></thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id}>
              <td>{formatDateTime(a.at, locale)}</td>
              <td>{a.adminEmail}</td>
              <td>{t(`admin.action.${a.action}` as MessageKey)}</td>
              {withTarget && <td><code>{a.targetId}</code></td>}
              <td>{show(a.before)}</td>
              <td>{show(a.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
