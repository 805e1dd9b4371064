import type { Request } from 'express';
import { bearerTokenOf, sessionUserOfToken, type SessionUser } from '@rr/kit';

export { requireAdmin, type SessionUser } from '@rr/kit';

/** The caller of a session token; `?token=` too, for plain links such as the CSV report. */
export function sessionUserOf(req: Request, secret: string): SessionUser {
  return sessionUserOfToken(bearerTokenOf(req) ?? (typeof req.query.token === 'string' ? req.query.token : null), secret);
}
