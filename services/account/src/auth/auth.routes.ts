import { Router } from 'express';
import type { AccountDeps } from '../deps';
import { bodyOf, routeWith } from '../http/route';
import { toProfile } from '../profile/profile.service';
import type { AuthService } from './auth.service';
import { requireUser } from './sessions';

/** The spec's calls (section 7): login, register start/complete, reset start/complete, GET /user. */
export function authRoutes(deps: AccountDeps, auth: AuthService): Router {
  const route = routeWith(deps.log);
  const r = Router();
  r.post('/auth/login', route((req, ctx) => auth.login(bodyOf(req), ctx)));
  r.post('/auth/register', route((req, ctx) => auth.registerStart(bodyOf(req), ctx)));
  r.patch('/auth/register', route((req, ctx) => auth.registerComplete(bodyOf(req), ctx)));
  r.post('/auth/reset', route((req, ctx) => auth.resetStart(bodyOf(req), ctx)));
  r.patch('/auth/reset', route((req, ctx) => auth.resetComplete(bodyOf(req), ctx)));
  r.post('/auth/email/confirm', route((req, ctx) => auth.confirmEmailChange(bodyOf(req), ctx)));
  r.get('/user', route(async (req, ctx) => {
    const user = await requireUser(deps, req, ctx);
    return { ...(await auth.refresh(user)), user: toProfile(user) };
  }));
  return r;
}
