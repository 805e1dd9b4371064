import { Router } from 'express';
import { requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { bodyOf, routeWith } from '../http/route';
import type { DeliveryService } from './delivery.service';

/** `/profile/delivery`: the logged-in person's digest times, time zone and quiet hours. */
export function deliveryRoutes(deps: AccountDeps, delivery: DeliveryService): Router {
  const route = routeWith(deps.log);
  const r = Router();
  r.get('/profile/delivery', route(async (req, ctx) => delivery.view(await requireUser(deps, req, ctx))));
  r.put('/profile/delivery', route(async (req, ctx) => delivery.set(await requireUser(deps, req, ctx), bodyOf(req), ctx)));
  return r;
}
