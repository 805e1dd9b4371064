export const AUTH_FORMS = ['LOGIN', 'REGISTER', 'RESET', 'RESET_LOGGED_IN', 'COMPLETE_REGISTER', 'COMPLETE_RESET', 'SENT'] as const;
export type AuthForm = (typeof AUTH_FORMS)[number];

/** Query parameters the dialog reacts to, read on any page (spec §2). */
export type AuthQuery = { magic: string | null; email: string | null; login: boolean; emailId: string | null; filterId: string | null };

export function readAuthQuery(search: string): AuthQuery {
  const q = new URLSearchParams(search);
  return { magic: q.get('magic'), email: q.get('email'), login: q.has('login'), emailId: q.get('emailId'), filterId: q.get('filterId') };
}

/**
 * Spec §4, once loading is done: magic with email opens complete-reset (logged in or not), magic
 * alone opens complete-register, `login` opens login. A logged-in person is not asked to log in again.
 */
export function formToOpen(query: AuthQuery, loggedIn: boolean): AuthForm | null {
  if (query.magic && query.email) return 'COMPLETE_RESET';
  if (query.magic) return 'COMPLETE_REGISTER';
  if (query.login && !loggedIn) return 'LOGIN';
  return null;
}

/** An e-mail link to edit a watchdog: logged in goes to the watchdog, logged out is asked to log in. */
export function filterLinkAction(query: AuthQuery, loggedIn: boolean): { kind: 'open'; filterId: string } | { kind: 'askLogin' } | null {
  if (!query.emailId || !query.filterId) return null;
  return loggedIn ? { kind: 'open', filterId: query.filterId } : { kind: 'askLogin' };
}

/** Closing the dialog removes magic, email and login; opening SENT removes magic and email. */
export function cleanedSearch(search: string, remove: readonly string[]): string {
  // Filters the raw pairs so that what stays keeps its exact spelling (`?login` must not become `?login=`).
  const kept = search.replace(/^\?/, '').split('&').filter((pair) => {
    if (!pair) return false;
    const name = decodeURIComponent(pair.split('=')[0].replace(/\+/g, ' '));
    return !remove.includes(name);
  });
  return kept.length ? `?${kept.join('&')}` : '';
}
export const CLOSE_REMOVES = ['magic', 'email', 'login'] as const;
export const SENT_REMOVES = ['magic', 'email'] as const;

/** Which switch links each form offers (spec §2). */
export const SWITCH_LINKS: Partial<Record<AuthForm, AuthForm[]>> = {
  LOGIN: ['REGISTER', 'RESET'],
  REGISTER: ['LOGIN', 'RESET'],
  RESET: ['LOGIN', 'REGISTER'],
};
