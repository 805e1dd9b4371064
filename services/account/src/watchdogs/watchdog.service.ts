import { AppError } from '@rr/kit';
import {
  ROLES, criteriaContains, criteriaEqual, entitlementsOf, type CreateFilterAnswer, type FilterView, type Locale, type WatchdogCriteria,
} from '@rr/proto';
import { verifyWatchdogLinkToken } from '@rr/proto/node';
import { effectiveRole } from '../auth/session-token';
import { emailOf } from '../auth/auth.service';
import type { AccountDeps } from '../deps';
import { ApiError } from '../http/api-error';
import { enforceRate } from '../http/rate-limits';
import type { RequestContext } from '../http/request-context';
import { summariseCriteria } from '../mail/account-mails';
import { watchdogPageUrl } from '../mail/map-area-summary';
import type { UserRecord } from '../users/user.model';
import { validateCriteria } from './criteria-validation';
import { mayScheduleDelivery, scheduleOf } from '../delivery/delivery.service';
import { validateMode } from '../delivery/delivery-validation';
import type { DeliveryMode } from '@rr/proto';
import type { DisabledReason, WatchdogRecord } from './watchdog.model';
import { toFilterView } from './watchdog.publisher';

type Body = Record<string, unknown>;
const DAY_MS = 24 * 3600 * 1000;
const CONFIRM_TTL_MS = 48 * 3600 * 1000;

/** Watchdogs of non-paying people run for a lifetime (30 days) from creation or prolonging. */
export function expiryFor(role: number, from = new Date()): Date | null {
  const days = entitlementsOf(role).watchdogLifetimeDays;
  return days == null ? null : new Date(from.getTime() + days * DAY_MS);
}

/** A banner needs the owner's consent to commercial communications; an anonymous owner has given none. */
export const adsConsentOf = (owner: Pick<UserRecord, 'emailPreferences'> | null): boolean => Boolean(owner?.emailPreferences?.includes('marketing'));

export class WatchdogService {
  constructor(private readonly deps: AccountDeps) {}

  private criteriaOf(input: unknown, role: number, ctx: RequestContext): WatchdogCriteria {
    const allowed = entitlementsOf(role);
    return validateCriteria(input, ctx.tr, this.deps.places, {
      priceDropsAllowed: allowed.priceDropAlerts, backOnMarketAllowed: allowed.backOnMarketAlerts, noLongerActiveAllowed: allowed.noLongerActiveNotices,
      narrowingAllowed: allowed.narrowingFilters, mapAreaPolygons: allowed.mapAreaPolygons,
    });
  }

  /** The delivery mode a form asks for; a digest only where the tier includes it (price drops are gated alike). */
  private modeOf(input: unknown, role: number, ctx: RequestContext): DeliveryMode | undefined {
    if (input === undefined || input === null) return undefined;
    const mode = validateMode(input, ctx.tr);
    if (mode === 'digest' && !mayScheduleDelivery(role)) throw new AppError('FEATURE_NOT_IN_PLAN', ctx.tr('deliveryNotInPlan'), { fields: { deliveryMode: ctx.tr('deliveryNotInPlan') } });
    return mode;
  }

  private async roleOfEmail(email: string, user: UserRecord | null): Promise<{ role: number; owner: UserRecord | null }> {
    const owner = user ?? (await this.deps.users.findByEmail(email));
    return owner && owner.state !== 'New' ? { role: effectiveRole(owner), owner } : { role: ROLES.NONE, owner: null };
  }

  /** `activeNow`: the address's active watchdogs when the caller has just read them (no second query). */
  private async assertWithinLimit(email: string, role: number, freed: number, ctx: RequestContext, activeNow?: number): Promise<void> {
    const max = entitlementsOf(role).maxActiveWatchdogs;
    const active = (activeNow ?? (await this.deps.watchdogs.countActiveForEmail(email))) - freed;
    if (active >= max) throw new ApiError('WATCHDOG_LIMIT', ctx.tr('filterLimit'), { limit: max });
  }

  /** The creation outcomes of the spec: duplicate, covered (unless forced), replaces narrower, created. */
  async create(body: Body, user: UserRecord | null, ctx: RequestContext): Promise<CreateFilterAnswer> {
    enforceRate(this.deps, ctx, 'filters', user?.email ?? (typeof body.email === 'string' ? body.email : null));
    const email = user ? user.email : emailOf(body, ctx);
    if (await this.deps.blocks.isBlocked(email)) throw new AppError('ACCOUNT_BLOCKED', ctx.tr('accountBlocked'));
    const { role, owner } = await this.roleOfEmail(email, user);
    const criteria = this.criteriaOf(body.criteria, role, ctx);
    const live = await this.deps.watchdogs.liveForEmail(email);
    // Anonymous callers learn the outcome but not the ids of someone's watchdogs.
    const ids = (ws: WatchdogRecord[]) => (user ? { filterIds: ws.map((w) => w._id) } : {});

    const duplicate = live.filter((w) => criteriaEqual(w.criteria, criteria, this.deps.places.hierarchy));
    if (duplicate.length) throw new ApiError('WATCHDOG_DUPLICATE', ctx.tr('filterDuplicate'), ids(duplicate));
    const covering = live.filter((w) => criteriaContains(w.criteria, criteria, this.deps.places.hierarchy));
    if (covering.length && body.force !== true) throw new ApiError('WATCHDOG_COVERED', ctx.tr('filterCovered'), ids(covering));
    const narrower = live.filter((w) => w.status === 'Active' && criteriaContains(criteria, w.criteria, this.deps.places.hierarchy));
    // `live` holds every active watchdog of the address (and the pending ones): the limit counts from it.
    const activeNow = live.filter((w) => w.status === 'Active').length;

    const locale: Locale = user ? (user.locale as Locale) : ctx.locale;
    const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 100) : null;
    if (!user) {
      await this.assertWithinLimit(email, role, 0, ctx, activeNow);
      const record = await this.deps.watchdogs.create({
        userId: null, email, locale, ownerRole: role, adsConsent: false, name, criteria, status: 'Pending', expiresAt: null,
      });
      await this.deps.publisher.changed(record, ctx.correlationId);
      const token = await this.deps.magic.issue('watchdog-confirm', record._id, email, CONFIRM_TTL_MS);
      const url = `${this.deps.config.PUBLIC_URL.replace(/\/$/, '')}/api/filters/confirm?token=${token}`;
      await this.deps.mails.send('watchdogConfirm', email, locale, url, CONFIRM_TTL_MS / 60_000, summariseCriteria(criteria, locale, watchdogPageUrl(this.deps.config.PUBLIC_URL, record._id, locale)));
      return { outcome: 'pending', message: ctx.tr('filterPending'), filter: toFilterView(record), replaced: [] };
    }

    const deliveryMode = this.modeOf(body.deliveryMode, role, ctx) ?? 'instant';
    await this.assertWithinLimit(email, role, narrower.length, ctx, activeNow);
    const record = await this.deps.watchdogs.create({
      userId: owner?._id ?? null, email, locale, ownerRole: role, adsConsent: adsConsentOf(owner), name, criteria, status: 'Active', expiresAt: expiryFor(role),
      deliveryMode, schedule: scheduleOf(owner),
    });
    await this.deps.publisher.changed(record, ctx.correlationId);
    for (const w of narrower) await this.remove(w, ctx);
    const replaced = narrower.map((w) => w._id);
    return replaced.length
      ? { outcome: 'replaced', message: ctx.tr('filterReplaced'), filter: toFilterView(record), replaced }
      : { outcome: 'created', message: ctx.tr('filterCreated'), filter: toFilterView(record), replaced };
  }

  /** Double opt-in: the link in the confirmation e-mail activates an anonymous watchdog. */
  async confirm(token: string, ctx: RequestContext): Promise<{ filter: FilterView; replaced: string[]; message: string }> {
    const link = await this.deps.magic.peek(token, 'watchdog-confirm');
    const record = link ? await this.deps.watchdogs.findById(link.subjectId) : null;
    if (!link || !record || record.status !== 'Pending') throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    const { role, owner } = await this.roleOfEmail(record.email, null);
    const live = await this.deps.watchdogs.find({ email: record.email, status: 'Active' });
    const narrower = live.filter((w) => criteriaContains(record.criteria, w.criteria, this.deps.places.hierarchy));
    await this.assertWithinLimit(record.email, role, narrower.length, ctx);
    if (!(await this.deps.magic.consume(token, 'watchdog-confirm'))) throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    const updated = await this.deps.watchdogs.update(record._id, {
      status: 'Active', userId: owner?._id ?? null, ownerRole: role, adsConsent: adsConsentOf(owner), expiresAt: expiryFor(role), disabledReason: null,
      schedule: scheduleOf(owner),
    });
    await this.deps.publisher.changed(updated!, ctx.correlationId);
    for (const w of narrower) await this.remove(w, ctx);
    return { filter: toFilterView(updated!), replaced: narrower.map((w) => w._id), message: ctx.tr('filterConfirmed') };
  }

  async list(user: UserRecord): Promise<FilterView[]> {
    const records = await this.deps.watchdogs.find({ userId: user._id, status: { $in: ['Active', 'Disabled', 'Pending'] } });
    return records.map(toFilterView);
  }

  /** The owner's watchdog (or any, for an admin); others get 404, not 403, so ids cannot be probed. */
  async owned(id: string, user: UserRecord, ctx: RequestContext): Promise<WatchdogRecord> {
    const record = await this.deps.watchdogs.findById(id);
    if (!record || record.status === 'Deleted' || (record.userId !== user._id && user.role < ROLES.ADMIN)) {
      throw new AppError('NOT_FOUND', ctx.tr('filterNotFound'));
    }
    return record;
  }

  async update(id: string, body: Body, user: UserRecord, ctx: RequestContext): Promise<FilterView> {
    const record = await this.owned(id, user, ctx);
    const changes: Partial<WatchdogRecord> = {};
    if (body.criteria !== undefined) changes.criteria = this.criteriaOf(body.criteria, effectiveRole(user), ctx);
    if (body.name !== undefined) changes.name = typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 100) : null;
    const deliveryMode = this.modeOf(body.deliveryMode, effectiveRole(user), ctx);
    if (deliveryMode) Object.assign(changes, { deliveryMode, schedule: record.schedule ?? scheduleOf(user) });
    const updated = await this.deps.watchdogs.update(record._id, changes);
    await this.deps.publisher.changed(updated!, ctx.correlationId);
    return toFilterView(updated!);
  }

  async setEnabled(id: string, enabled: boolean, user: UserRecord, ctx: RequestContext): Promise<FilterView> {
    const record = await this.owned(id, user, ctx);
    return enabled ? this.activate(record, effectiveRole(user), ctx) : this.disable(record, 'user', ctx);
  }

  async activate(record: WatchdogRecord, role: number, ctx: RequestContext): Promise<FilterView> {
    if (record.status === 'Pending') throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    if (record.status !== 'Active') await this.assertWithinLimit(record.email, role, 0, ctx);
    const updated = await this.deps.watchdogs.update(record._id, { status: 'Active', disabledReason: null, ownerRole: role, expiresAt: expiryFor(role) });
    await this.deps.publisher.changed(updated!, ctx.correlationId);
    return toFilterView(updated!);
  }

  async disable(record: WatchdogRecord, reason: DisabledReason, ctx: Pick<RequestContext, 'correlationId'>): Promise<FilterView> {
    const updated = await this.deps.watchdogs.update(record._id, { status: 'Disabled', disabledReason: reason });
    await this.deps.publisher.changed(updated!, ctx.correlationId);
    return toFilterView(updated!);
  }

  async delete(id: string, user: UserRecord, ctx: RequestContext): Promise<void> {
    await this.remove(await this.owned(id, user, ctx), ctx);
  }

  /** Tombstone first: if it cannot be published the watchdog stays and the call can be repeated. */
  async remove(record: WatchdogRecord, ctx: Pick<RequestContext, 'correlationId'>): Promise<void> {
    await this.deps.publisher.deleted(record._id, ctx.correlationId);
    await this.deps.watchdogs.delete(record._id);
    await this.deps.members.removeForWatchdog(record._id);
  }

  /** A link token from an alert e-mail, or the logged-in owner. */
  private async byLink(id: string, token: unknown, user: UserRecord | null, ctx: RequestContext): Promise<WatchdogRecord> {
    if (user && !token) return this.owned(id, user, ctx);
    const ok = typeof token === 'string' && verifyWatchdogLinkToken(this.deps.config.WATCHDOG_LINK_SECRET, id, token);
    const record = ok ? await this.deps.watchdogs.findById(id) : null;
    if (!record || record.status === 'Deleted') throw new AppError('NOT_FOUND', ctx.tr('filterNotFound'));
    return record;
  }

  /** Another lifetime from today; re-activates a watchdog that expired. */
  async prolong(id: string, token: unknown, user: UserRecord | null, ctx: RequestContext): Promise<{ filter: FilterView; message: string }> {
    const record = await this.byLink(id, token, user, ctx);
    if (record.status === 'Pending' || (record.status === 'Disabled' && record.disabledReason !== 'expired' && !user)) {
      throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    }
    const { role } = await this.roleOfEmail(record.email, user);
    return { filter: await this.activate(record, role, ctx), message: ctx.tr('filterProlonged') };
  }

  async unsubscribe(id: string, token: unknown, user: UserRecord | null, ctx: RequestContext): Promise<{ filter: FilterView; message: string }> {
    const record = await this.byLink(id, token, user, ctx);
    const filter = record.status === 'Disabled' ? toFilterView(record) : await this.disable(record, 'unsubscribed', ctx);
    return { filter, message: ctx.tr('filterUnsubscribed') };
  }
}
