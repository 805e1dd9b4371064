import { AppError } from '@rr/kit';
import type { Request } from 'express';
import type { AccountDeps } from '../deps';
import type { RequestContext } from '../http/request-context';
import type { UserRecord } from '../users/user.model';
import { sessionPayloadOf } from './session-token';

export async function issueToken(deps: AccountDeps, user: UserRecord): Promise<string> {
  const count = await deps.watchdogs.countForUser(user._id);
  return deps.tokens.sign(sessionPayloadOf(user, count));
}

export function bearerOf(req: Request): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The logged-in user, or null without a token; a bad token, a deleted or a blocked user fail. */
export async function optionalUser(deps: AccountDeps, req: Request, ctx: RequestContext): Promise<UserRecord | null> {
  const token = bearerOf(req);
  if (!token) return null;
  const userId = deps.tokens.verify(token);
  const user = userId ? await deps.users.findById(userId) : null;
  if (!user || user.state === 'Deleted') throw new AppError('UNAUTHENTICATED', ctx.tr('unauthenticated'));
  if (user.state === 'Blocked') throw new AppError('ACCOUNT_BLOCKED', ctx.tr('accountBlocked'));
  return user;
}

export async function requireUser(deps: AccountDeps, req: Request, ctx: RequestContext): Promise<UserRecord> {
  const user = await optionalUser(deps, req, ctx);
  if (!user) throw new AppError('UNAUTHENTICATED', ctx.tr('unauthenticated'));
  return user;
}
