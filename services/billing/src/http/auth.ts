import type { Request } from 'express';
import jwt from 'jsonwebtoken';
import { AppError, hmacKey } from '@rr/kit';
import { LOCALES, ROLES, type Locale } from '@rr/proto';

export type SessionUser = { id: string; email: string; locale: Locale; role: number };

/** The caller of a session token the account service signed (same secret, HS256). */
export function sessionUserOf(req: Request, secret: string): SessionUser {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) throw new AppError('UNAUTHENTICATED', 'log in first');
  try {
    const p = jwt.verify(match[1], hmacKey(secret), { algorithms: ['HS256'] }) as Record<string, unknown>;
    if (typeof p.sub !== 'string' || typeof p.email !== 'string') throw new Error('payload without sub or email');
    const locale = (LOCALES as readonly string[]).includes(String(p.locale)) ? (p.locale as Locale) : 'cs';
    return { id: p.sub, email: p.email, locale, role: typeof p.role === 'number' ? p.role : ROLES.USER };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNAUTHENTICATED', 'the session has expired; log in again');
  }
}

export function requireAdmin(user: SessionUser): void {
  if (user.role < ROLES.ADMIN) throw new AppError('FORBIDDEN', 'administrators only');
}
