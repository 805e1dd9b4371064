import jwt from 'jsonwebtoken';
import { LOCALES, ROLES, isAdmin, type Locale } from '@rr/proto';
import { AppError } from './errors';
import { hmacKey } from './hmac-key';

export type SessionUser = { id: string; email: string; locale: Locale; role: number };

type HeaderCarrier = { headers: { authorization?: string } };

/** The bearer token of a request, or null. */
export function bearerTokenOf(req: HeaderCarrier): string | null {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
}

/**
 * The caller of a session token the account service signed (same secret, HS256), for services
 * that answer the browser through the gateway without asking the account service. The role is
 * the one at login: a demotion reaches these services when the token expires or is renewed.
 */
export function sessionUserOfToken(token: string | null, secret: string): SessionUser {
  if (!token) throw new AppError('UNAUTHENTICATED', 'log in first');
  try {
    const p = jwt.verify(token, hmacKey(secret), { algorithms: ['HS256'] }) as Record<string, unknown>;
    if (typeof p.sub !== 'string' || typeof p.email !== 'string') throw new Error('payload without sub or email');
    const locale = (LOCALES as readonly string[]).includes(String(p.locale)) ? (p.locale as Locale) : 'cs';
    return { id: p.sub, email: p.email, locale, role: typeof p.role === 'number' ? p.role : ROLES.USER };
  } catch {
    throw new AppError('UNAUTHENTICATED', 'the session has expired; log in again');
  }
}

/** The caller of a request's bearer session token: 401 without a valid one. */
export function sessionUserOf(req: HeaderCarrier, secret: string): SessionUser {
  return sessionUserOfToken(bearerTokenOf(req), secret);
}

/** 403 unless the user is an administrator. */
export function requireAdmin(user: SessionUser): void {
  if (!isAdmin(user.role)) throw new AppError('FORBIDDEN', 'administrators only');
}

/** The caller, who must be an administrator: 401 without a valid session, 403 for anyone else. */
export function adminOf(req: HeaderCarrier, secret: string): SessionUser {
  const user = sessionUserOf(req, secret);
  requireAdmin(user);
  return user;
}
