import { useLocation, useSearch } from 'wouter';
import { useT } from '../../../i18n';
import { useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { adminApi } from '../api/admin.api';
import { Loading } from './admin-shell';
import { AuditList } from './audit-list';
import { useAdminT } from '../admin.copy';

/** Every admin action, newest first, paged by its time-ordered id. */
export function AdminAudit() {
  const { locale } = useT();
  const ot = useAdminT();
  const after = new URLSearchParams(useSearch()).get('after');
  const [, navigate] = useLocation();
  const { data, error, reload } = useQuery(`admin:audit:${after ?? ''}`, () => adminApi.audit(after));
  if (!data) return <Loading error={error} reload={reload} />;
  return (
    <>
      <AuditList items={data.items} withTarget />
      {data.next && <p><button type="button" className="button button--secondary" onClick={() => navigate(`${pathFor('adminAudit', locale)}?after=${data.next}`)}>{ot('admin.next')}</button></p>}
    </>
  );
}
