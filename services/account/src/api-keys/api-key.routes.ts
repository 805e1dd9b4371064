import { Router } from 'express';
import { requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { bodyOf, routeWith } from '../http/route';
import type { ApiKeyService } from './api-key.service';

/**
 * `/profile/api-keys`: the logged-in user's keys (create, list, revoke). `/internal/api-keys/verify`
 * is the gateway's check of a key; the gateway never forwards `/internal` from outside.
 */
export function apiKeyRoutes(deps: AccountDeps, keys: ApiKeyService): Router {
  const route = routeWith(deps.log);
  const r = Router();
  r.get('/profile/api-keys', route(async (req, ctx) => keys.list(await requireUser(deps, req, ctx))));
  r.post('/profile/api-keys', route(async (req, ctx, res) => {
    const created = await keys.create(await requireUser(deps, req, ctx), bodyOf(req), ctx);
    res.status(201);
    return created;
  }));
  r.delete('/profile/api-keys/:id', route(async (req, ctx) => keys.revoke(await requireUser(deps, req, ctx), req.params.id, ctx)));
  r.post('/internal/api-keys/verify', route(async (req, ctx) => keys.verify(bodyOf(req).key, ctx)));
  return r;
}
