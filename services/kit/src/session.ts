import jwt from 'jsonwebtoken';
import { LOCALES, ROLES, isAdmin, type Locale } from '@rr/proto';
import { AppError } from './errors';
import { hmacKey } from './hmac-key';

export type SessionUser = { id: string; email: string; locale: Locale; role: number };

type HeaderCarrier = { headers: { authorization?: string } };

/**
 * The caller of a session token the account service signed (same secret, HS256), for services
 * that answer the browser through the gateway without asking the account service. The role is
 * the one at login: a demotion reaches these services when the token expires or is renewed.
 */
export function sessionUserOf(req: HeaderCarrier, secret: string): SessionUser {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) throw new AppError('UNAUTHENTICATED', 'log in first');
  try {
    const p = jwt.verify(match[1], hmacKey(secret), { algorithms: ['HS256'] }) as Record<string, unknown>;
    if (typeof p.sub !== 'string' || typeof p.email !== 'string') throw new Error('payload without sub or email');
    const locale = (LOCALES as readonly string[]).includes(String(p.locale)) ? (p.locale as Locale) : 'cs';
    return { id: p.sub, email: p.email, locale, role: typeof p.role === 'number' ? p.role : ROLES.USER };
  } catch {
    throw new AppError('UNAUTHENTICATED', 'the session has expired; log in again');
  }
}

/** The caller, who must be an administrator: 401 without a valid session, 403 for anyone else. */
export function adminOf(req: HeaderCarrier, secret: string): SessionUser {
  const user = sessionUserOf(req, secret);
  if (!isAdmin(user.role)) throw new AppError('FORBIDDEN', 'administrators only');
  return user;
}
