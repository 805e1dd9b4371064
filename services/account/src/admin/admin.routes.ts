import { Router } from 'express';
import { AppError } from '@rr/kit';
import { ROLES, Role, isAdmin } from '@rr/proto';
import { requireUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { pageOf, routeWith, bodyOf } from '../http/route';
import type { RequestContext } from '../http/request-context';
import type { Request } from 'express';
import { toProfile } from '../profile/profile.service';
import type { AccountLifecycle } from '../users/account-lifecycle';
import { toFilterView } from '../watchdogs/watchdog.publisher';

/** `/admin/*`: users (search, detail, block, role), their watchdogs, contact messages. Admins only. */
export function adminRoutes(deps: AccountDeps, lifecycle: AccountLifecycle): Router {
  const route = routeWith(deps.log);
  const r = Router();

  const requireAdmin = async (req: Request, ctx: RequestContext) => {
    const user = await requireUser(deps, req, ctx);
    if (!isAdmin(user.role)) throw new AppError('FORBIDDEN', ctx.tr('forbidden'));
    return user;
  };
  const userOr404 = async (id: string, ctx: RequestContext) => {
    const user = await deps.users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', ctx.tr('notFound'));
    return user;
  };

  r.get('/admin/users', route(async (req, ctx) => {
    await requireAdmin(req, ctx);
    const { offset, limit } = pageOf(req);
    const { items, total } = await deps.users.search(String(req.query.q ?? ''), offset, limit);
    return { items: items.map(toProfile), total, offset, limit };
  }));
  r.get('/admin/users/:id', route(async (req, ctx) => {
    await requireAdmin(req, ctx);
    const user = await userOr404(req.params.id, ctx);
    const filters = await deps.watchdogs.find({ $or: [{ userId: user._id }, { email: user.email }] });
    return { user: { ...toProfile(user), blockedReason: user.blockedReason, lastLoginAt: user.lastLoginAt?.toISOString() ?? null }, filters: filters.map(toFilterView) };
  }));
  r.get('/admin/users/:id/filters', route(async (req, ctx) => {
    await requireAdmin(req, ctx);
    const user = await userOr404(req.params.id, ctx);
    return { items: (await deps.watchdogs.find({ $or: [{ userId: user._id }, { email: user.email }] })).map(toFilterView) };
  }));
  r.post('/admin/users/:id/block', route(async (req, ctx) => {
    const admin = await requireAdmin(req, ctx);
    const user = await userOr404(req.params.id, ctx);
    if (user._id === admin._id) throw new AppError('FORBIDDEN', ctx.tr('forbidden'));
    await lifecycle.block(user.email, `blocked by ${admin.email}`, ctx);
    return toProfile((await deps.users.findById(user._id))!);
  }));
  r.post('/admin/users/:id/unblock', route(async (req, ctx) => {
    await requireAdmin(req, ctx);
    return toProfile(await lifecycle.unblock(await userOr404(req.params.id, ctx), ctx));
  }));
  r.patch('/admin/users/:id/role', route(async (req, ctx) => {
    await requireAdmin(req, ctx);
    const user = await userOr404(req.params.id, ctx);
    const body = bodyOf(req);
    const role = Role.safeParse(body.role);
    const expiresAt = body.roleExpiresAt == null || body.roleExpiresAt === '' ? null : new Date(String(body.roleExpiresAt));
    const fields: Record<string, string> = {};
    if (!role.success || role.data === ROLES.NONE) fields.role = ctx.tr('invalidChoice');
    if (expiresAt && Number.isNaN(expiresAt.getTime())) fields.roleExpiresAt = ctx.tr('invalidForm');
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', Object.values(fields)[0], { fields });
    return toProfile(await lifecycle.setRole(user, role.data!, expiresAt, ctx));
  }));
  r.get('/admin/contacts', route(async (req, ctx) => {
    await requireAdmin(req, ctx);
    const { offset, limit } = pageOf(req);
    const { items, total } = await deps.contacts.list(offset, limit);
    return { items: items.map(contactView), total, offset, limit };
  }));
  r.get('/admin/contacts/:id', route(async (req, ctx) => {
    await requireAdmin(req, ctx);
    const message = await deps.contacts.findById(req.params.id);
    if (!message) throw new AppError('NOT_FOUND', ctx.tr('notFound'));
    return contactView(message);
  }));
  return r;
}

function contactView(c: { _id: string; createdAt: Date } & Record<string, unknown>) {
  const { _id, createdAt, ip: _ip, ...rest } = c;
  return { id: _id, createdAt: createdAt.toISOString(), ...rest };
}
