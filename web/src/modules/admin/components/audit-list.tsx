import { useT } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import type { AuditEntry } from '../api/admin.api';
import { useAdminT, type AdminKey } from '../admin.copy';

const show = (v: Record<string, unknown> | null) => (v ? Object.entries(v).map(([k, x]) => `${k}: ${x ?? '–'}`).join(', ') : '–');

/** Who did what and when, with the values before and after. */
export function AuditList({ items, withTarget = false }: { items: AuditEntry[]; withTarget?: boolean }) {
  const { locale } = useT();
  const ot = useAdminT();
  if (!items.length) return <p className="muted">{ot('admin.audit.none')}</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table" data-testid="audit-list">
        <thead><tr><th>{ot('admin.audit.at')}</th><th>{ot('admin.audit.admin')}</th><th>{ot('admin.audit.action')}</th>{withTarget && <th>{ot('admin.audit.target')}</th>}<th>{ot('admin.audit.before')}</th><th>{ot('admin.audit.after')}</th></tr></thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id}>
              <td>{formatDateTime(a.at, locale)}</td>
              <td>{a.adminEmail}</td>
              <td>{ot(`admin.action.${a.action}` as AdminKey)}</td>
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
