import { Router } from 'express';
import { optionalUser, requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { bodyOf, routeWith } from '../http/route';
import { KeepFiltersBody } from '@rr/proto';
import { AppError } from '@rr/kit';
import { effectiveRole } from '../auth/session-token';
import type { AccountLifecycle } from '../users/account-lifecycle';
import { toFilterView } from './watchdog.publisher';
import type { WatchdogService } from './watchdog.service';

const base = (deps: AccountDeps) => deps.config.PUBLIC_URL.replace(/\/$/, '');

/** `/filters`: create (with or without login), list, detail, edit, disable/enable, delete; e-mail links. */
export function watchdogRoutes(deps: AccountDeps, service: WatchdogService, lifecycle: AccountLifecycle): Router {
  const route = routeWith(deps.log);
  const r = Router();
  r.post('/filters', route(async (req, ctx, res) => {
    const answer = await service.create(bodyOf(req), await optionalUser(deps, req, ctx), ctx);
    res.status(answer.outcome === 'pending' ? 202 : 201);
    return answer;
  }));
  r.get('/filters', route(async (req, ctx) => ({ items: await service.list(await requireUser(deps, req, ctx)) })));
  // Which watchdogs stay on when the plan's limit is lower than their number (after a downgrade or ahead of one).
  r.put('/filters/kept', route(async (req, ctx) => {
    const user = await requireUser(deps, req, ctx);
    const body = KeepFiltersBody.safeParse(bodyOf(req));
    if (!body.success) throw new AppError('VALIDATION_FAILED', ctx.tr('invalidForm'));
    return lifecycle.keepWatchdogs(user, body.data.ids, effectiveRole(user), ctx);
  }));

  // Links from e-mails. GET answers with a redirect to the web page that tells the result.
  r.get('/filters/confirm', route(async (req, ctx, res) => {
    const thanks = ctx.locale === 'en' ? '/thank-you' : '/dekujeme';
    try {
      const { filter } = await service.confirm(String(req.query.token ?? ''), ctx);
      res.redirect(303, `${base(deps)}${thanks}?filterId=${encodeURIComponent(filter.id)}`);
    } catch {
      res.redirect(303, `${base(deps)}/lp-filter-unavailable/unknown`);
    }
  }));
  r.post('/filters/confirm', route((req, ctx) => service.confirm(String(bodyOf(req).token ?? req.query.token ?? ''), ctx)));
  r.get('/filters/:id/prolong', route(async (req, ctx, res) => {
    const id = encodeURIComponent(req.params.id);
    try {
      await service.prolong(req.params.id, req.query.token, null, ctx);
      res.redirect(303, `${base(deps)}/lp-refresh/${id}?prolonged=1`);
    } catch {
      res.redirect(303, `${base(deps)}/lp-filter-unavailable/${id}`);
    }
  }));
  r.post('/filters/:id/prolong', route(async (req, ctx) => {
    const token = req.query.token ?? bodyOf(req).token;
    return service.prolong(req.params.id, token, token ? null : await optionalUser(deps, req, ctx), ctx);
  }));
  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` to this address.
  r.post('/filters/:id/unsubscribe', route(async (req, ctx) => {
    const token = req.query.token ?? bodyOf(req).token;
    return service.unsubscribe(req.params.id, token, token ? null : await optionalUser(deps, req, ctx), ctx);
  }));

  r.get('/filters/:id', route(async (req, ctx) => {
    return toFilterView(await service.owned(req.params.id, await requireUser(deps, req, ctx), ctx));
  }));
  r.patch('/filters/:id', route(async (req, ctx) => service.update(req.params.id, bodyOf(req), await requireUser(deps, req, ctx), ctx)));
  r.post('/filters/:id/disable', route(async (req, ctx) => ({
    filter: await service.setEnabled(req.params.id, false, await requireUser(deps, req, ctx), ctx),
    message: ctx.tr('filterDisabled'),
  })));
  r.post('/filters/:id/enable', route(async (req, ctx) => ({
    filter: await service.setEnabled(req.params.id, true, await requireUser(deps, req, ctx), ctx),
    message: ctx.tr('filterEnabled'),
  })));
  r.delete('/filters/:id', route(async (req, ctx) => {
    await service.delete(req.params.id, await requireUser(deps, req, ctx), ctx);
    return { deleted: true, message: ctx.tr('filterDeleted') };
  }));
  return r;
}
