import { ROLES, entitlementsOf, isAdmin, type EmailPreference, type Locale } from '@rr/proto';
import { summariseCriteria } from '../mail/account-mails';
import type { AccountDeps } from '../deps';
import { adsConsentOf, expiryFor } from '../watchdogs/watchdog.service';
import type { WatchdogService } from '../watchdogs/watchdog.service';
import { ApiError } from '../http/api-error';
import type { RequestContext } from '../http/request-context';
import { checkKeepChoice, fitToLimit } from '../watchdogs/limit-choice';
import { toFilterView } from '../watchdogs/watchdog.publisher';
import type { WatchdogRecord } from '../watchdogs/watchdog.model';
import type { FilterView } from '@rr/proto';
import type { UserRecord } from './user.model';

type Ctx = { correlationId: string };

/**
 * State changes of a whole account that touch its watchdogs: blocking on undeliverable mail,
 * role changes, the notifications consent and deletion. Each publishes every watchdog it changes.
 */
export class AccountLifecycle {
  /** Told after every role change (team seats follow their owner's role: team.service.ts). */
  afterRoleSet: ((user: UserRecord, ctx: Ctx) => Promise<void>) | null = null;
  /** Told before an account is erased (a deleted owner's or member's seat is freed at once: team.service.ts). */
  beforeDelete: ((user: UserRecord, ctx: Ctx) => Promise<void>) | null = null;

  constructor(private readonly deps: AccountDeps, private readonly watchdogs: WatchdogService) {}

  /** Mail to the address bounced for good: block it (and its account) and silence its watchdogs. */
  async block(email: string, reason: string, ctx: Ctx): Promise<{ userId: string | null; disabled: number }> {
    await this.deps.blocks.block(email, reason);
    const user = await this.deps.users.findByEmail(email);
    if (user && user.state !== 'Blocked') await this.deps.users.update(user._id, { state: 'Blocked', blockedReason: reason });
    const live = await this.deps.watchdogs.find({ email, status: { $in: ['Active', 'Pending'] } });
    for (const w of live) await this.watchdogs.disable(w, 'blocked', ctx);
    return { userId: user?._id ?? null, disabled: live.length };
  }

  /** Undoes a block; watchdogs the block switched off come back (within the role's limit). */
  async unblock(user: UserRecord, ctx: Ctx): Promise<UserRecord> {
    await this.deps.blocks.unblock(user.email);
    const updated = (await this.deps.users.update(user._id, { state: user.passwordHash ? 'Active' : 'New', blockedReason: null })) ?? user;
    await this.reactivate(updated, 'blocked', ctx);
    return updated;
  }

  private async reactivate(user: UserRecord, reason: 'blocked' | 'consent' | 'limit', ctx: Ctx): Promise<void> {
    const max = entitlementsOf(user.role).maxActiveWatchdogs;
    let active = await this.deps.watchdogs.countActiveForEmail(user.email);
    for (const w of await this.deps.watchdogs.find({ email: user.email, status: 'Disabled', disabledReason: reason })) {
      if (active >= max) break;
      const updated = await this.deps.watchdogs.update(w._id, { status: 'Active', disabledReason: null, expiresAt: expiryFor(user.role) });
      if (updated) await this.deps.publisher.changed(updated, ctx.correlationId);
      active += 1;
    }
  }

  /** A new role (billing or an admin): watchdogs get its lifetime and the owner role they carry. */
  async setRole(user: UserRecord, role: number, roleExpiresAt: Date | null, ctx: Ctx): Promise<UserRecord> {
    const updated = (await this.deps.users.update(user._id, { role, roleExpiresAt: role >= ROLES.MINI ? roleExpiresAt : null })) ?? user;
    for (const w of await this.deps.watchdogs.find({ userId: user._id })) {
      const lifetime = entitlementsOf(role).watchdogLifetimeDays;
      const expiresAt = lifetime == null ? null : w.expiresAt ?? expiryFor(role);
      const changed = await this.deps.watchdogs.update(w._id, { ownerRole: role, expiresAt });
      if (changed) await this.deps.publisher.changed(changed, ctx.correlationId);
    }
    await this.afterRoleSet?.(updated, ctx);
    return updated;
  }

  /**
   * A subscription change from billing: the role and its end, then the watchdogs fit the role's
   * limit (`fitWatchdogs`). Revisions only go forward.
   */
  async applySubscription(user: UserRecord, change: { role: number; roleExpiresAt: Date | null; revision: number }, ctx: Ctx): Promise<'processed' | 'skipped'> {
    if (change.revision <= (user.subscriptionRevision ?? 0) || isAdmin(user.role)) return 'skipped';
    const updated = await this.setRole(user, change.role, change.roleExpiresAt, ctx);
    await this.deps.users.update(user._id, { subscriptionRevision: change.revision });
    const { switchedOff } = await this.fitWatchdogs(updated, change.role, ctx);
    if (switchedOff.length > 0) await this.tellLimited(updated, change.role, switchedOff);
    return 'processed';
  }

  /** The owner is told which watchdogs a lower limit switched off, with the link to the chooser. */
  async tellLimited(user: UserRecord, role: number, off: WatchdogRecord[]): Promise<void> {
    const locale = user.locale as Locale;
    const path = locale === 'cs' ? '/moje-filtry#ponechat' : '/my-filters#keep';
    const names = off.map((w) => w.name ?? summariseCriteria(w.criteria, locale).join(' · '));
    await this.deps.mails.watchdogsLimited(user.email, locale, { limit: entitlementsOf(role).maxActiveWatchdogs, off: names, url: `${this.deps.config.PUBLIC_URL.replace(/\/$/, '')}${path}` })
      .catch((err: Error) => this.deps.log.warn({ err, userId: user._id }, 'watchdogs-limited mail not sent'));
  }

  /**
   * The limit applied to the active watchdogs and those off for the limit: the ones the owner chose
   * to keep stay on first, then the newest; the rest are off with reason `limit`.
   */
  async fitWatchdogs(user: UserRecord, role: number, ctx: Ctx): Promise<{ items: WatchdogRecord[]; switchedOff: WatchdogRecord[] }> {
    const candidates = await this.deps.watchdogs.limitCandidates(user.email);
    const { on, off } = fitToLimit(candidates, entitlementsOf(role).maxActiveWatchdogs);
    const switchedOff = off.filter((w) => w.status === 'Active');
    for (const w of switchedOff) await this.watchdogs.disable(w, 'limit', ctx);
    for (const w of on) {
      if (w.status === 'Active') continue;
      const back = await this.deps.watchdogs.update(w._id, { status: 'Active', disabledReason: null, expiresAt: expiryFor(role) });
      if (back) await this.deps.publisher.changed(back, ctx.correlationId);
    }
    return { items: await this.deps.watchdogs.limitCandidates(user.email), switchedOff };
  }

  /**
   * The owner's choice of watchdogs that stay on when the limit is lower than their number (after a
   * downgrade, or ahead of one): the chosen are marked kept and the limit is applied at once.
   */
  async keepWatchdogs(user: UserRecord, ids: string[], role: number, ctx: RequestContext): Promise<{ items: FilterView[]; limit: number; message: string }> {
    const limit = entitlementsOf(role).maxActiveWatchdogs;
    const candidates = await this.deps.watchdogs.limitCandidates(user.email);
    const problem = checkKeepChoice(ids, new Set(candidates.map((w) => w._id)), limit);
    if (problem) {
      const key = ({ empty: 'keepEmpty', duplicate: 'keepDuplicate', 'too-many': 'keepTooMany', 'not-candidate': 'keepNotCandidate' } as const)[problem];
      throw new ApiError('VALIDATION_FAILED', ctx.tr(key).replace('{limit}', String(limit)), { limit }, { ids: ctx.tr(key).replace('{limit}', String(limit)) });
    }
    const chosen = new Set(ids);
    for (const w of candidates) {
      if (Boolean(w.kept) !== chosen.has(w._id)) await this.deps.watchdogs.update(w._id, { kept: chosen.has(w._id) });
    }
    const after = await this.fitWatchdogs(user, role, ctx);
    return { items: after.items.map(toFilterView), limit, message: ctx.tr('keepSaved') };
  }

  /** Turning the notifications consent off switches every watchdog off; on brings them back. */
  async setEmailPreferences(user: UserRecord, preferences: EmailPreference[], ctx: Ctx): Promise<UserRecord> {
    const had = user.emailPreferences.includes('notifications');
    const updated = (await this.deps.users.update(user._id, { emailPreferences: [...new Set(preferences)] })) ?? user;
    const has = preferences.includes('notifications');
    // The marketing consent travels with every watchdog: banners stop (or may start) with the next alert.
    if (user.emailPreferences.includes('marketing') !== updated.emailPreferences.includes('marketing')) {
      for (const w of await this.deps.watchdogs.find({ userId: user._id })) {
        const changed = await this.deps.watchdogs.update(w._id, { adsConsent: adsConsentOf(updated) });
        if (changed) await this.deps.publisher.changed(changed, ctx.correlationId);
      }
    }
    if (had && !has) {
      for (const w of await this.deps.watchdogs.find({ userId: user._id, status: { $in: ['Active', 'Pending'] } })) await this.watchdogs.disable(w, 'consent', ctx);
    } else if (!had && has) {
      await this.reactivate(updated, 'consent', ctx);
    }
    return updated;
  }

  /** Personal data erased: the user record, magic links, watchdogs (with tombstones) and messages. */
  async delete(user: UserRecord, ctx: Ctx): Promise<void> {
    await this.beforeDelete?.(user, ctx);
    for (const w of await this.deps.watchdogs.find({ $or: [{ userId: user._id }, { email: user.email }] })) await this.watchdogs.remove(w, ctx);
    // No longer a recipient of anyone's shared watchdog: the states carried without the address are published.
    for (const m of await this.deps.members.removeForEmail(user.email)) {
      const w = m.status === 'active' ? await this.deps.watchdogs.findById(m.watchdogId) : null;
      const changed = w ? await this.deps.watchdogs.update(w._id, { members: (w.members ?? []).filter((x) => x.email !== user.email) }) : null;
      if (changed) await this.deps.publisher.changed(changed, ctx.correlationId);
    }
    await this.deps.magic.deleteForSubject(user._id);
    await this.deps.contacts.eraseEmail(user.email);
    await this.deps.users.delete(user._id);
    await this.deps.bus.publish('user.deleted', user._id, { userId: user._id, email: user.email, at: new Date().toISOString() }, { correlationId: ctx.correlationId });
  }

  /** Paid roles past their end fall back to an ordinary user. */
  async expireRoles(ctx: Ctx): Promise<number> {
    const expired = await this.deps.users.findRolesExpiredBy(new Date());
    for (const u of expired) await this.setRole(u, ROLES.USER, null, ctx);
    return expired.length;
  }
}
