import { useEffect, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { useAuthDialog } from '../../auth/stores/auth-dialog.store';
import { useSession } from '../stores/session.store';

/** Pages for logged-in people: while the session loads, a placeholder; logged out, a login prompt. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useT();
  const state = useSession((s) => s.state);
  const open = useAuthDialog((s) => s.open);
  useEffect(() => {
    if (state === 'loggedOut' && !useAuthDialog.getState().form) open('LOGIN', { stay: true });
  }, [state, open]);
  if (state === 'loading') return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (state === 'loggedOut') {
    return (
      <div className="card empty-state" data-testid="login-required">
        <p className="lead">{t('filters.loginRequired')}</p>
        <button type="button" className="button button--primary" onClick={() => open('LOGIN', { stay: true })}>{t('user.login')}</button>
      </div>
    );
  }
  return <>{children}</>;
}
