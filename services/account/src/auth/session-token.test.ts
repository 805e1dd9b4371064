import { SessionPayload } from '@rr/proto';
import jwt from 'jsonwebtoken';
import type { UserRecord } from '../users/user.model';
import { SessionTokens, effectiveRole, sessionPayloadOf } from './session-token';

const user: UserRecord = {
  _id: 'u_1', email: 'ahoj@seznam.cz', passwordHash: 'x', name: 'Jana', surname: 'Nováková', telephone: '+420777123456',
  telephoneSource: 'REGISTRATION', timezone: 'Europe/Prague', locale: 'cs', role: 6, roleExpiresAt: new Date(Date.now() + 86_400_000),
  state: 'Active', emailPreferences: ['notifications'], billing: null, blockedReason: null, nameKey: null, surnameKey: null, createdAt: new Date(), updatedAt: new Date(), lastLoginAt: null,
};

describe('session token', () => {
  it('carries every field of the spec session payload', () => {
    const tokens = new SessionTokens('k'.repeat(32), 60);
    const decoded = jwt.decode(tokens.sign(sessionPayloadOf(user, 3))) as Record<string, unknown>;
    const parsed = SessionPayload.parse(decoded);
    expect(parsed).toMatchObject({ id: 'u_1', filters: 3, role: 6, apiAccess: ['history'], telephone: '+420777123456', state: 'Active' });
    expect(decoded.exp).toBe((decoded.iat as number) + 60);
    expect(tokens.verify(tokens.sign(sessionPayloadOf(user, 3)))).toBe('u_1');
  });

  it('accepts a token signed with the secret as a string (other services, older tokens)', () => {
    const tokens = new SessionTokens('k'.repeat(32), 60);
    expect(tokens.verify(jwt.sign({ sub: 'u_1' }, 'k'.repeat(32), { algorithm: 'HS256', expiresIn: 60 }))).toBe('u_1');
    expect((jwt.verify(tokens.sign(sessionPayloadOf(user, 0)), 'k'.repeat(32)) as jwt.JwtPayload).sub).toBe('u_1');
  });

  it('refuses tokens signed with another secret or expired', () => {
    const tokens = new SessionTokens('k'.repeat(32), 60);
    const other = new SessionTokens('o'.repeat(32), 60);
    expect(tokens.verify(other.sign(sessionPayloadOf(user, 0)))).toBeNull();
    const expired = jwt.sign({ sub: 'u_1', exp: Math.floor(Date.now() / 1000) - 10 }, 'k'.repeat(32));
    expect(tokens.verify(expired)).toBeNull();
    expect(tokens.verify(jwt.sign({ sub: 'u_1' }, 'k'.repeat(32), { algorithm: 'HS512' }))).toBeNull();
  });

  it('falls back to an ordinary user when a paid role has expired', () => {
    expect(effectiveRole({ role: 6, roleExpiresAt: new Date(Date.now() - 1000) })).toBe(1);
    expect(effectiveRole({ role: 6, roleExpiresAt: null })).toBe(6);
    expect(effectiveRole({ role: 10000, roleExpiresAt: new Date(0) })).toBe(10000);
  });
});
