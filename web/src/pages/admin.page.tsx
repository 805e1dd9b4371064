import '../modules/admin/admin.css';
import '../modules/ads/ads.css';
import type { PageProps } from '../app';
import { AdminAds } from '../modules/ads/components/admin-ads';
import { AdminAudit } from '../modules/admin/components/admin-audit';
import { AdminCrawlers } from '../modules/admin/components/admin-crawlers';
import { AdminDeadLetterDetail } from '../modules/admin/components/admin-dead-letter';
import { AdminDeadLetters } from '../modules/admin/components/admin-dead-letters';
import { AdminContactDetail, AdminContacts } from '../modules/admin/components/admin-contacts';
import { AdminOverview } from '../modules/admin/components/admin-overview';
import { AdminShell } from '../modules/admin/components/admin-shell';
import { useAdminT } from '../modules/admin/admin.copy';
import { AdminUserDetail } from '../modules/admin/components/admin-user';
import { AdminUsers } from '../modules/admin/components/admin-users';

export function AdminOverviewPage() {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.title')}><AdminOverview /></AdminShell>;
}
export function AdminUsersPage() {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.tab.users')}><AdminUsers /></AdminShell>;
}
export function AdminUserPage({ params }: PageProps) {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.user.title')}><AdminUserDetail key={params.id} id={params.id} /></AdminShell>;
}
export function AdminContactsPage() {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.tab.contacts')}><AdminContacts /></AdminShell>;
}
export function AdminContactPage({ params }: PageProps) {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.contact.title')}><AdminContactDetail key={params.id} id={params.id} /></AdminShell>;
}
export function AdminAuditPage() {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.tab.audit')}><AdminAudit /></AdminShell>;
}
export function AdminCrawlersPage() {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.crawlers.title')}><AdminCrawlers /></AdminShell>;
}
export function AdminDeadLettersPage() {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.dlq.title')}><AdminDeadLetters /></AdminShell>;
}
export function AdminDeadLetterPage({ params }: PageProps) {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.dlq.detailTitle')}><AdminDeadLetterDetail key={params.id} id={params.id} /></AdminShell>;
}
export function AdminAdsPage() {
  const ot = useAdminT();
  return <AdminShell title={ot('admin.tab.ads')}><AdminAds /></AdminShell>;
}
