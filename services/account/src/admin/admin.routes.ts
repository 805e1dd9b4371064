import { Router } from 'express';
import type { AccountDeps } from '../deps';
import { routeWith } from '../http/route';
import type { AccountLifecycle } from '../users/account-lifecycle';
import { cursorOf, limitOf, requireAdmin } from './admin-access';
import { adminContactRoutes } from './admin-contacts.routes';
import { adminUserRoutes, auditView } from './admin-users.routes';

/**
 * `/admin/*` of the account service: the overview's figures it owns, users, contact messages and
 * the audit log. Admins only. Payments, invoices and ads belong to billing and ad-serving.
 */
export function adminRoutes(deps: AccountDeps, lifecycle: AccountLifecycle): Router {
  const route = routeWith(deps.log);
  const r = Router();

  r.get('/admin/overview', route(async (req, ctx) => {
    await requireAdmin(deps, req, ctx);
    const [users, activeWatchdogs, alerts, bounces, newContacts] = await Promise.all([
      deps.users.estimatedCount(), deps.watchdogs.countByStatus('Active'), deps.stats.recent('alerts'), deps.stats.recent('bounces'),
      deps.contacts.countInState('new'),
    ]);
    return { users, activeWatchdogs, alerts, bounces, newContacts };
  }));

  r.get('/admin/audit', route(async (req, ctx) => {
    await requireAdmin(deps, req, ctx);
    const limit = limitOf(req);
    const items = await deps.audit.list(cursorOf(req), limit + 1);
    const page = items.slice(0, limit);
    return { items: page.map(auditView), next: items.length > limit ? page[page.length - 1]._id : null };
  }));

  r.use(adminUserRoutes(deps, lifecycle));
  r.use(adminContactRoutes(deps));
  return r;
}
