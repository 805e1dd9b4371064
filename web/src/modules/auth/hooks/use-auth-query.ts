import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../../i18n';
import { pathFor } from '../../../routes';
import { ApiError } from '../../../lib/api';
import { removeQueryParams } from '../../../lib/url';
import { notify } from '../../notifications/stores/notifications.store';
import { profileApi } from '../../profile/api/profile.api';
import { useSession } from '../../session/stores/session.store';
import { filterLinkAction, formToOpen, readAuthQuery } from '../opening';
import { useAuthDialog } from '../stores/auth-dialog.store';

/** Applies the query-parameter rules once the session has finished loading, on every page. */
export function useAuthQuery() {
  const search = useSearch();
  const state = useSession((s) => s.state);
  const open = useAuthDialog((s) => s.open);
  const [, navigate] = useLocation();
  const { t, locale } = useT();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (state === 'loading') return;
    const query = readAuthQuery(search);
    const emailChange = new URLSearchParams(search).get('emailChange');
    // React to the parameters themselves, not to other changes of the query string.
    const key = JSON.stringify([state, query, emailChange]);
    if (handled.current === key) return;
    handled.current = key;
    const loggedIn = state === 'loggedIn';
    const form = formToOpen(query, loggedIn);
    if (form) open(form, { magic: query.magic, email: query.email });
    const link = filterLinkAction(query, loggedIn);
    if (link?.kind === 'open') navigate(pathFor('myFilter', locale, { filterId: link.filterId }), { replace: true });
    if (emailChange) {
      removeQueryParams(['emailChange']);
      profileApi.confirmEmailChange(emailChange).then(
        ({ token }) => {
          useSession.getState().login(token);
          notify(t('profile.emailChanged'), { icon: 'success' });
        },
        (cause) => notify(cause instanceof ApiError && cause.status < 500 && cause.message ? cause.message : t('auth.error.generic'), { icon: 'error' }),
      );
    }
    if (link?.kind === 'askLogin') {
      notify(t('notification.loginToEdit'), { icon: 'warning', timeout: 10_000 });
      if (!form) open('LOGIN');
    }
  }, [state, search, open, navigate, t, locale]);
}
