import type { ReactNode } from 'react';
import { isAdmin } from '@rr/proto';
import { useT } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';
import { RequireLogin } from '../../session/components/require-login';
import { useSession } from '../../session/stores/session.store';
import { useAdminT } from '../admin.copy';

export type AdminShellProps = { title: string; children: ReactNode };

/** Every administration page: admins only (others see why not), a title and the section tabs. */
export function AdminShell({ title, children }: AdminShellProps) {
  const { t } = useT();
  const ot = useAdminT();
  const user = useSession((s) => s.user);
  return (
    <div className="container section admin" data-testid="admin">
      <RequireLogin>
        {user && !isAdmin(user.role) ? (
          <div className="card empty-state" data-testid="admin-forbidden" role="alert">
            <h1>{ot('admin.forbidden.title')}</h1>
            <p className="lead">{ot('admin.forbidden.text')}</p>
            <AppLink to="home" className="button button--primary">{t('common.home')}</AppLink>
          </div>
        ) : (
          <>
            <nav className="admin-tabs" aria-label={ot('admin.title')}>
              <AppLink to="admin" className="admin-tabs__link">{ot('admin.tab.overview')}</AppLink>
              <AppLink to="adminUsers" className="admin-tabs__link">{ot('admin.tab.users')}</AppLink>
              <AppLink to="adminContacts" className="admin-tabs__link">{ot('admin.tab.contacts')}</AppLink>
              <AppLink to="adminCrawlers" className="admin-tabs__link">{ot('admin.tab.crawlers')}</AppLink>
              <AppLink to="adminDeadLetters" className="admin-tabs__link">{ot('admin.tab.deadLetters')}</AppLink>
              <AppLink to="adminAds" className="admin-tabs__link">{ot('admin.tab.ads')}</AppLink>
              <AppLink to="adminAudit" className="admin-tabs__link">{ot('admin.tab.audit')}</AppLink>
            </nav>
            <h1>{title}</h1>
            {children}
          </>
        )}
      </RequireLogin>
    </div>
  );
}

export function Loading({ error, reload }: { error?: unknown; reload?: () => void }) {
  const { t } = useT();
  if (error) return <p className="form-error" role="alert">{(error as Error).message || t('auth.error.generic')} {reload && <button className="link-button" onClick={reload}>{t('common.tryAgain')}</button>}</p>;
  return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
}
