import { Router } from 'express';
import { optionalUser, requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { bodyOf, routeWith } from '../http/route';
import type { SharingService } from './sharing.service';

const base = (deps: AccountDeps) => deps.config.PUBLIC_URL.replace(/\/$/, '');

/**
 * Shared watchdogs. Mounted before the watchdog routes, so `/filters/shared` and
 * `/filters/members/confirm` are not read as watchdog ids.
 */
export function sharingRoutes(deps: AccountDeps, sharing: SharingService): Router {
  const route = routeWith(deps.log);
  const r = Router();
  // The invitee's side: the link from the invitation, the list of watchdogs shared with them, their mode, leaving.
  r.get('/filters/members/confirm', route(async (req, ctx, res) => {
    const page = ctx.locale === 'en' ? '/shared-watchdog' : '/sdileny-pes';
    try {
      const { filterId } = await sharing.confirm(String(req.query.token ?? ''), ctx);
      res.redirect(303, `${base(deps)}${page}?confirmed=${encodeURIComponent(filterId)}`);
    } catch {
      res.redirect(303, `${base(deps)}${page}?invalid=1`);
    }
  }));
  r.post('/filters/members/confirm', route((req, ctx) => sharing.confirm(String(bodyOf(req).token ?? req.query.token ?? ''), ctx)));
  r.get('/filters/shared', route(async (req, ctx) => ({ items: await sharing.sharedWith(await requireUser(deps, req, ctx)) })));
  r.put('/filters/shared/:id', route(async (req, ctx) => sharing.setMode(req.params.id, await requireUser(deps, req, ctx), bodyOf(req), ctx)));
  r.delete('/filters/shared/:id', route(async (req, ctx) => sharing.leave(req.params.id, '', null, await requireUser(deps, req, ctx), ctx)));
  // RFC 8058 one-click and the leave page post here with the signed link of the alert.
  r.post('/filters/:id/members/leave', route(async (req, ctx) => {
    const body = bodyOf(req);
    const token = req.query.token ?? body.token;
    const email = String(req.query.email ?? body.email ?? '');
    return sharing.leave(req.params.id, email, token, token ? null : await optionalUser(deps, req, ctx), ctx);
  }));
  // The owner's side.
  r.get('/filters/:id/members', route(async (req, ctx) => sharing.list(req.params.id, await requireUser(deps, req, ctx), ctx)));
  r.post('/filters/:id/members', route(async (req, ctx, res) => {
    const answer = await sharing.invite(req.params.id, await requireUser(deps, req, ctx), bodyOf(req), ctx);
    res.status(201);
    return answer;
  }));
  r.delete('/filters/:id/members/:email', route(async (req, ctx) => sharing.remove(req.params.id, req.params.email, await requireUser(deps, req, ctx), ctx)));
  return r;
}
