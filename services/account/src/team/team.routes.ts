import { Router } from 'express';
import { requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { bodyOf, routeWith } from '../http/route';
import type { TeamService } from './team.service';

/** `/profile/team`: the seats of the logged-in owner's plan, or the plan a member uses. */
export function teamRoutes(deps: AccountDeps, team: TeamService): Router {
  const route = routeWith(deps.log);
  const r = Router();
  r.get('/profile/team', route(async (req, ctx) => team.view(await requireUser(deps, req, ctx))));
  r.post('/profile/team', route(async (req, ctx, res) => {
    const view = await team.add(await requireUser(deps, req, ctx), bodyOf(req), ctx);
    res.status(201);
    return view;
  }));
  r.delete('/profile/team/:memberId', route(async (req, ctx) => team.remove(await requireUser(deps, req, ctx), req.params.memberId, ctx)));
  return r;
}
