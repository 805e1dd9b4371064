import { Router } from 'express';
import { AppError } from '@rr/kit';
import { ROLES, Role } from '@rr/proto';
import type { AccountDeps } from '../deps';
import { parseUserSearch } from '../domain/user-search';
import { bodyOf, routeWith } from '../http/route';
import type { RequestContext } from '../http/request-context';
import { toProfile } from '../profile/profile.service';
import type { AccountLifecycle } from '../users/account-lifecycle';
import type { UserRecord } from '../users/user.model';
import { toFilterView } from '../watchdogs/watchdog.publisher';
import { cursorOf, limitOf, requireAdmin } from './admin-access';

const adminView = (u: UserRecord) => ({
  ...toProfile(u), blockedReason: u.blockedReason, roleExpiresAt: u.roleExpiresAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(), lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
});
const snapshot = (u: UserRecord) => ({ role: u.role, roleExpiresAt: u.roleExpiresAt?.toISOString() ?? null, state: u.state });

/** `/admin/users*`: search, detail, role, block and unblock, deletion. Every change is audited. */
export function adminUserRoutes(deps: AccountDeps, lifecycle: AccountLifecycle): Router {
  const route = routeWith(deps.log);
  const r = Router();
  const userOr404 = async (id: string, ctx: RequestContext) => {
    const user = await deps.users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', ctx.tr('notFound'));
    return user;
  };
  const audit = (admin: UserRecord, action: Parameters<AccountDeps['audit']['record']>[0]['action'], target: UserRecord, before: object | null, after: object | null) =>
    deps.audit.record({ adminId: admin._id, adminEmail: admin.email, action, targetType: 'user', targetId: target._id, before: before as Record<string, unknown>, after: after as Record<string, unknown> });

  r.get('/admin/users', route(async (req, ctx) => {
    await requireAdmin(deps, req, ctx);
    const search = parseUserSearch(String(req.query.q ?? '').slice(0, 200));
    const limit = limitOf(req, 50);
    const items = await deps.users.search(search, cursorOf(req), limit + 1);
    const page = items.slice(0, limit);
    // Only the plain list and an e-mail prefix page on; other searches are narrow by nature.
    const pages = search.kind === 'all' || search.kind === 'email';
    return { items: page.map(adminView), next: pages && items.length > limit ? page[page.length - 1].email : null, search: search.kind };
  }));

  r.get('/admin/users/:id', route(async (req, ctx) => {
    await requireAdmin(deps, req, ctx);
    const user = await userOr404(req.params.id, ctx);
    const [byUser, byEmail, audit] = await Promise.all([
      deps.watchdogs.find({ userId: user._id }), deps.watchdogs.find({ email: user.email }), deps.audit.forTarget(user._id, 20),
    ]);
    const filters = [...new Map([...byUser, ...byEmail].map((w) => [w._id, w])).values()];
    return {
      user: adminView(user),
      filters: filters.map((w) => ({ ...toFilterView(w), sentCount: w.sentCount, lastEmailAt: w.lastEmailAt?.toISOString() ?? null, email: w.email })),
      audit: audit.map(auditView),
    };
  }));

  r.patch('/admin/users/:id/role', route(async (req, ctx) => {
    const admin = await requireAdmin(deps, req, ctx);
    const user = await userOr404(req.params.id, ctx);
    const body = bodyOf(req);
    const role = Role.safeParse(body.role);
    const expiresAt = body.roleExpiresAt == null || body.roleExpiresAt === '' ? null : new Date(String(body.roleExpiresAt));
    const fields: Record<string, string> = {};
    if (!role.success || role.data === ROLES.NONE) fields.role = ctx.tr('invalidChoice');
    if (expiresAt && Number.isNaN(expiresAt.getTime())) fields.roleExpiresAt = ctx.tr('invalidForm');
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', Object.values(fields)[0], { fields });
    const updated = await lifecycle.setRole(user, role.data!, expiresAt, ctx);
    await audit(admin, 'user.role-changed', user, snapshot(user), snapshot(updated));
    return adminView(updated);
  }));

  r.post('/admin/users/:id/block', route(async (req, ctx) => {
    const admin = await requireAdmin(deps, req, ctx);
    const user = await userOr404(req.params.id, ctx);
    if (user._id === admin._id) throw new AppError('FORBIDDEN', ctx.tr('forbidden'));
    const reason = String(bodyOf(req).reason ?? '').trim().slice(0, 300) || `blocked by ${admin.email}`;
    await lifecycle.block(user.email, reason, ctx);
    const updated = (await deps.users.findById(user._id))!;
    await audit(admin, 'user.blocked', user, snapshot(user), { ...snapshot(updated), reason });
    return adminView(updated);
  }));

  r.post('/admin/users/:id/unblock', route(async (req, ctx) => {
    const admin = await requireAdmin(deps, req, ctx);
    const user = await userOr404(req.params.id, ctx);
    const updated = await lifecycle.unblock(user, ctx);
    await audit(admin, 'user.unblocked', user, snapshot(user), snapshot(updated));
    return adminView(updated);
  }));

  r.delete('/admin/users/:id', route(async (req, ctx) => {
    const admin = await requireAdmin(deps, req, ctx);
    const user = await userOr404(req.params.id, ctx);
    if (user._id === admin._id) throw new AppError('FORBIDDEN', ctx.tr('forbidden'));
    await lifecycle.delete(user, ctx);
    // The audit keeps the id and the fact, not the personal data that was erased.
    await audit(admin, 'user.deleted', user, snapshot(user), null);
    return { deleted: user._id };
  }));
  return r;
}

export const auditView = (a: { _id: string; at: Date } & Record<string, unknown>) => {
  const { _id, at, ...rest } = a;
  return { id: _id, at: at.toISOString(), ...rest };
};
