import { authErrorKey } from './errors';
import { CLOSE_REMOVES, cleanedSearch, filterLinkAction, formToOpen, readAuthQuery, SENT_REMOVES, SWITCH_LINKS } from './opening';

const q = (search: string) => readAuthQuery(search);

describe('auth dialog opening rules', () => {
  it('opens complete-reset for magic with email, logged in or not', () => {
    expect(formToOpen(q('?magic=m1&email=a%40b.cz'), false)).toBe('COMPLETE_RESET');
    expect(formToOpen(q('?magic=m1&email=a%40b.cz'), true)).toBe('COMPLETE_RESET');
  });

  it('opens complete-register for magic without email', () => {
    expect(formToOpen(q('?magic=m1'), false)).toBe('COMPLETE_REGISTER');
  });

  it('opens login when the login parameter is merely present', () => {
    expect(formToOpen(q('?login'), false)).toBe('LOGIN');
    expect(formToOpen(q('?login='), false)).toBe('LOGIN');
    expect(formToOpen(q('?login'), true)).toBeNull();
    expect(formToOpen(q('?other=1'), false)).toBeNull();
  });

  it('sends a logged-in person from an e-mail edit link to the watchdog and asks others to log in', () => {
    expect(filterLinkAction(q('?emailId=e1&filterId=f1'), true)).toEqual({ kind: 'open', filterId: 'f1' });
    expect(filterLinkAction(q('?emailId=e1&filterId=f1'), false)).toEqual({ kind: 'askLogin' });
    expect(filterLinkAction(q('?filterId=f1'), false)).toBeNull();
  });

  it('removes magic, email and login on close and magic and email when SENT opens', () => {
    expect(cleanedSearch('?magic=m&email=e&login&utm=x', CLOSE_REMOVES)).toBe('?utm=x');
    expect(cleanedSearch('?magic=m&email=e&login', SENT_REMOVES)).toBe('?login');
    expect(cleanedSearch('?magic=m', CLOSE_REMOVES)).toBe('');
  });

  it('offers the spec switch links on each form', () => {
    expect(SWITCH_LINKS.LOGIN).toEqual(['REGISTER', 'RESET']);
    expect(SWITCH_LINKS.REGISTER).toEqual(['LOGIN', 'RESET']);
    expect(SWITCH_LINKS.RESET).toEqual(['LOGIN', 'REGISTER']);
  });
});

describe('auth error catalogue', () => {
  it('maps statuses to the spec messages per call', () => {
    expect(authErrorKey('login', 400)).toBe('auth.error.emailFormat');
    expect(authErrorKey('login', 403)).toBe('auth.error.invalidCredentials');
    expect(authErrorKey('login', 404)).toBe('auth.error.invalidCredentials');
    expect(authErrorKey('registerStart', 403)).toBe('auth.error.emailExists');
    expect(authErrorKey('registerComplete', 404)).toBe('auth.error.invalidRequest');
    expect(authErrorKey('resetComplete', 404)).toBe('auth.error.invalidRequest');
    expect(authErrorKey('resetStart', 404)).toBe('auth.error.emailNotFound');
    expect(authErrorKey('login', 500)).toBe('auth.error.generic');
    expect(authErrorKey('resetStart', 0)).toBe('auth.error.generic');
  });
});
