import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { hmacKey } from '@rr/kit';
import { ROLES, SessionPayload, entitlementsOf, type EmailPreference, type Locale } from '@rr/proto';
import type { UserRecord } from '../users/user.model';

/** A paid role ends at its expiry; the person falls back to an ordinary user. */
export function effectiveRole(user: Pick<UserRecord, 'role' | 'roleExpiresAt'>, now = new Date()): number {
  if (user.role >= ROLES.ADMIN) return user.role;
  if (user.roleExpiresAt && user.roleExpiresAt.getTime() <= now.getTime()) return ROLES.USER;
  return user.role;
}

export function sessionPayloadOf(user: UserRecord, filterCount: number): SessionPayload {
  const role = effectiveRole(user);
  return {
    apiAccess: entitlementsOf(role).apiAccess,
    email: user.email,
    emailPreferences: user.emailPreferences as EmailPreference[],
    filters: filterCount,
    id: user._id,
    locale: user.locale as Locale,
    name: user.name,
    role,
    roleExpiresAt: role === user.role && user.roleExpiresAt ? user.roleExpiresAt.toISOString() : null,
    state: user.state,
    surname: user.surname,
    telephone: user.telephone,
    timezone: user.timezone,
  };
}

/** HS256 tokens carrying the spec's session payload; `sub` is the user id. */
export class SessionTokens {
  private readonly secret: KeyObject;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.secret = hmacKey(secret);
  }

  sign(payload: SessionPayload): string {
    return jwt.sign(payload, this.secret, { algorithm: 'HS256', expiresIn: this.ttlSeconds, subject: payload.id });
  }

  /** The user id of a valid, unexpired token; null otherwise. */
  verify(token: string): string | null {
    try {
      const decoded = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      return typeof decoded === 'object' && typeof decoded.sub === 'string' ? decoded.sub : null;
    } catch {
      return null;
    }
  }
}
