import type { Request } from 'express';
import { AppError } from '@rr/kit';
import { isAdmin } from '@rr/proto';
import { requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import type { RequestContext } from '../http/request-context';
import type { UserRecord } from '../users/user.model';

/** The caller, who must be an admin (401 without a session, 403 for anyone else). */
export async function requireAdmin(deps: AccountDeps, req: Request, ctx: RequestContext): Promise<UserRecord> {
  const user = await requireUser(deps, req, ctx);
  if (!isAdmin(user.role)) throw new AppError('FORBIDDEN', ctx.tr('forbidden'));
  return user;
}

export const cursorOf = (req: Request): string | null => (typeof req.query.after === 'string' && req.query.after ? req.query.after.slice(0, 200) : null);

export function limitOf(req: Request, max = 100): number {
  return Math.min(max, Math.max(1, Number.parseInt(String(req.query.limit ?? '25'), 10) || 25));
}
