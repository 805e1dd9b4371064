import '../modules/admin/admin.css';
import type { PageProps } from '../app';
import { useT } from '../i18n';
import { AdminAudit } from '../modules/admin/components/admin-audit';
import { AdminCrawlers } from '../modules/admin/components/admin-crawlers';
import { AdminDeadLetterDetail } from '../modules/admin/components/admin-dead-letter';
import { AdminDeadLetters } from '../modules/admin/components/admin-dead-letters';
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
export function AdminCrawlersPage() {
  const { t } = useT();
  return <AdminShell title={t('admin.crawlers.title')}><AdminCrawlers /></AdminShell>;
}
export function AdminDeadLettersPage() {
  const { t } = useT();
  return <AdminShell title={t('admin.dlq.title')}><AdminDeadLetters /></AdminShell>;
}
export function AdminDeadLetterPage({ params }: PageProps) {
  const { t } = useT();
  return <AdminShell title={t('admin.dlq.detailTitle')}><AdminDeadLetterDetail key={params.id} id={params.id} /></AdminShell>;
}
