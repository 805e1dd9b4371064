import { decodeToken, flagsOf, stateFromStoredToken } from './session';

const tokenFor = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
const payload = { apiAccess: [], email: 'jana@seznam.cz', emailPreferences: ['notifications'], filters: 2, id: 'u1', locale: 'cs', name: 'Jana', role: 1, roleExpiresAt: null, state: 'Active', surname: 'Nováková', telephone: null, timezone: 'Europe/Prague' };

describe('session', () => {
  it('is logged in with a decodable stored token, keeping Czech characters', () => {
    const { state, user } = stateFromStoredToken(tokenFor(payload));
    expect(state).toBe('loggedIn');
    expect(user?.surname).toBe('Nováková');
  });

  it('is logged out with an empty or undecodable token', () => {
    expect(stateFromStoredToken(null).state).toBe('loggedOut');
    expect(stateFromStoredToken('').state).toBe('loggedOut');
    expect(stateFromStoredToken('not-a-jwt').state).toBe('loggedOut');
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(tokenFor({ foo: 1 }))).toBeNull();
  });

  it('derives cumulative role flags', () => {
    const user = decodeToken(tokenFor(payload))!;
    expect(flagsOf('loggedIn', user)).toEqual({ loggedIn: true, admin: false, paying: false, blocked: false });
    expect(flagsOf('loggedIn', { ...user, role: 3 }).paying).toBe(true);
    expect(flagsOf('loggedIn', { ...user, role: 10000 })).toMatchObject({ admin: true, paying: true });
    expect(flagsOf('loggedIn', { ...user, state: 'Blocked' }).blocked).toBe(true);
    expect(flagsOf('loggedOut', null).loggedIn).toBe(false);
  });
});
