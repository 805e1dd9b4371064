import { Router } from 'express';
import { optionalUser, requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { bodyOf, routeWith } from '../http/route';
import type { ProfileService } from './profile.service';

/** `/profile`: the logged-in person's details, consents, login e-mail, password and deletion. */
export function profileRoutes(deps: AccountDeps, profile: ProfileService): Router {
  const route = routeWith(deps.log);
  const r = Router();
  r.get('/profile', route(async (req, ctx) => profile.get(await requireUser(deps, req, ctx))));
  r.patch('/profile', route(async (req, ctx) => profile.update(await requireUser(deps, req, ctx), bodyOf(req), ctx)));
  r.put('/profile/email-preferences', route(async (req, ctx) => profile.setEmailPreferences(await requireUser(deps, req, ctx), bodyOf(req), ctx)));
  r.post('/profile/email', route(async (req, ctx) => profile.requestEmailChange(await requireUser(deps, req, ctx), bodyOf(req), ctx)));
  r.post('/profile/password', route(async (req, ctx) => profile.changePassword(await requireUser(deps, req, ctx), bodyOf(req), ctx)));
  r.post('/profile/telephone', route(async (req, ctx) => profile.pairTelephone(await optionalUser(deps, req, ctx), bodyOf(req), ctx)));
  r.delete('/profile', route(async (req, ctx) => profile.delete(await requireUser(deps, req, ctx), bodyOf(req), ctx)));
  return r;
}
