import '../modules/admin/admin.css';
import '../modules/ads/ads.css';
import type { PageProps } from '../app';
import { useT } from '../i18n';
import { AdminAds } from '../modules/ads/components/admin-ads';
import { AdminAudit } from '../modules/admin/components/admin-audit';
import { AdminContactDetail, AdminContacts } from '../modules/admin/components/admin-contacts';
import { AdminOverview } from '../modules/admin/components/admin-overview';
import { AdminShell } from '../modules/admin/components/admin-shell';
import { AdminUserDetail } from '../modules/admin/components/admin-user';
import { AdminUsers } from '../modules/admin/components/admin-users';

export function AdminOverviewPage() {
  const { t } = useT();
  return <AdminShell title={t('admin.title')}><AdminOverview /></AdminShell>;
}
export function AdminUsersPage() {
  const { t } = useT();
  return <AdminShell title={t('admin.tab.users')}><AdminUsers /></AdminShell>;
}
export function AdminUserPage({ params }: PageProps) {
  const { t } = useT();
  return <AdminShell title={t('admin.user.title')}><AdminUserDetail key={params.id} id={params.id} /></AdminShell>;
}
export function AdminContactsPage() {
  const { t } = useT();
  return <AdminShell title={t('admin.tab.contacts')}><AdminContacts /></AdminShell>;
}
export function AdminContactPage({ params }: PageProps) {
  const { t } = useT();
  return <AdminShell title={t('admin.contact.title')}><AdminContactDetail key={params.id} id={params.id} /></AdminShell>;
}
export function AdminAuditPage() {
  const { t } = useT();
  return <AdminShell title={t('admin.tab.audit')}><AdminAudit /></AdminShell>;
}
export function AdminAdsPage() {
  const { t } = useT();
  return <AdminShell title={t('admin.tab.ads')}><AdminAds /></AdminShell>;
}
