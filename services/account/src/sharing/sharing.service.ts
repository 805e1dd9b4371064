import { AppError } from '@rr/kit';
import { DEFAULT_SCHEDULE, entitlementsOf, type Locale, type MemberView, type MembersAnswer, type SharedFilterView, type WatchdogMember } from '@rr/proto';
import { verifyMemberLinkToken } from '@rr/proto/node';
import { emailOf } from '../auth/auth.service';
import { effectiveRole } from '../auth/session-token';
import { fill } from '../delivery/delivery-messages';
import { scheduleOf } from '../delivery/delivery.service';
import { validateMode } from '../delivery/delivery-validation';
import type { AccountDeps } from '../deps';
import { ApiError } from '../http/api-error';
import { enforceRate } from '../http/rate-limits';
import type { RequestContext } from '../http/request-context';
import { summariseCriteria } from '../mail/account-mails';
import type { UserRecord } from '../users/user.model';
import { deliveryOf } from '../watchdogs/watchdog.publisher';
import type { WatchdogRecord } from '../watchdogs/watchdog.model';
import type { WatchdogService } from '../watchdogs/watchdog.service';
import { memberIdOf, type MemberRecord } from './member.model';
import type { MemberRepository } from './member.repository';

type Ctx = Pick<RequestContext, 'correlationId'>;
/** An invitation link works a week. */
export const INVITE_TTL_MS = 7 * 24 * 3_600_000;

const viewOf = (m: MemberRecord): MemberView => ({ email: m.email, status: m.status, invitedAt: m.invitedAt.toISOString(), confirmedAt: m.confirmedAt?.toISOString() ?? null });

/**
 * Shared watchdogs (issue 19): the owner invites people by e-mail up to the tier's number, each
 * confirms by a link (double opt-in), gets the alerts, and can leave; the owner sees who receives
 * them and removes people. The confirmed invitees travel on the watchdog's published state.
 */
export class SharingService {
  constructor(private readonly deps: AccountDeps, private readonly members: MemberRepository, private readonly watchdogs: WatchdogService) {}

  private limitOf(user: UserRecord): number {
    return entitlementsOf(effectiveRole(user)).sharedRecipients;
  }

  async list(id: string, user: UserRecord, ctx: RequestContext): Promise<MembersAnswer> {
    const record = await this.watchdogs.owned(id, user, ctx);
    return { items: (await this.members.forWatchdog(record._id)).map(viewOf), limit: this.limitOf(user) };
  }

  async invite(id: string, user: UserRecord, body: Record<string, unknown>, ctx: RequestContext): Promise<MembersAnswer & { member: MemberView }> {
    const record = await this.watchdogs.owned(id, user, ctx);
    const limit = this.limitOf(user);
    if (limit === 0) throw new AppError('FEATURE_NOT_IN_PLAN', ctx.tr('shareNotInPlan'));
    if (record.status !== 'Active') throw new AppError('INVALID_REQUEST', ctx.tr('shareNotActive'));
    enforceRate(this.deps, ctx, 'filters', user.email);
    const email = emailOf(body, ctx);
    const refuse = (code: 'VALIDATION_FAILED' | 'EMAIL_BOUNCED' | 'MEMBER_CONFLICT', message: string) => {
      throw new AppError(code, message, { fields: { email: message } });
    };
    if (email === record.email) refuse('VALIDATION_FAILED', ctx.tr('shareSelf'));
    // A bounced address (email.bounced → email_blocks) would only bounce again, and a sender of bounces loses its reputation.
    if (await this.deps.blocks.isBlocked(email)) refuse('EMAIL_BOUNCED', fill(ctx.tr('shareBounced'), { email }));
    const current = await this.members.forWatchdog(record._id);
    if (current.some((m) => m.email === email)) refuse('MEMBER_CONFLICT', ctx.tr('shareAlready'));
    if (current.length >= limit) throw new ApiError('MEMBER_CONFLICT', fill(ctx.tr('shareLimit'), { limit }), { limit });
    const invitee = await this.deps.users.findByEmail(email);
    const locale: Locale = invitee?.locale ?? (body.locale === 'en' || body.locale === 'cs' ? body.locale : (user.locale as Locale));
    const member = await this.members.invite({ watchdogId: record._id, ownerId: user._id, email, locale });
    if (!member) refuse('MEMBER_CONFLICT', ctx.tr('shareAlready'));
    const token = await this.deps.magic.issue('member-confirm', member!._id, email, INVITE_TTL_MS);
    const url = `${this.deps.config.PUBLIC_URL.replace(/\/$/, '')}/api/filters/members/confirm?token=${token}`;
    await this.deps.mails.memberInvitation(email, locale, {
      url, owner: [user.name, user.surname].filter(Boolean).join(' ') || user.email, ownerEmail: user.email,
      summary: summariseCriteria(record.criteria, locale), days: INVITE_TTL_MS / 86_400_000,
    });
    const items = [...current, member!].map(viewOf);
    return { items, limit, member: viewOf(member!), message: fill(ctx.tr('shareInvited'), { email }) };
  }

  async remove(id: string, email: string, user: UserRecord, ctx: RequestContext): Promise<MembersAnswer> {
    const record = await this.watchdogs.owned(id, user, ctx);
    const removed = await this.members.remove(memberIdOf(record._id, email));
    if (!removed) throw new AppError('NOT_FOUND', ctx.tr('invalidRequest'));
    await this.deps.magic.deleteForSubject(removed._id);
    if (removed.status === 'active') await this.refreshWatchdog(record._id, ctx);
    return { items: (await this.members.forWatchdog(record._id)).map(viewOf), limit: this.limitOf(user), message: ctx.tr('shareRemoved') };
  }

  /** The invitee opened the link: from now on the watchdog's alerts reach them too. */
  async confirm(token: string, ctx: RequestContext): Promise<{ filterId: string; message: string }> {
    const link = await this.deps.magic.consume(token, 'member-confirm');
    const member = link ? await this.members.findById(link.subjectId) : null;
    const watchdog = member ? await this.deps.watchdogs.findById(member.watchdogId) : null;
    if (!link || !member || !watchdog || watchdog.status === 'Deleted') throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    if (await this.members.activate(member._id)) await this.refreshWatchdog(member.watchdogId, ctx);
    return { filterId: member.watchdogId, message: ctx.tr('shareConfirmed') };
  }

  /** From the link in an alert (signed for this watchdog and address), or the logged-in invitee. */
  async leave(id: string, email: string, token: unknown, user: UserRecord | null, ctx: RequestContext): Promise<{ left: true; message: string }> {
    const address = (user && !token ? user.email : email).trim().toLowerCase();
    const ok = user && !token ? true : typeof token === 'string' && verifyMemberLinkToken(this.deps.config.WATCHDOG_LINK_SECRET, id, address, token);
    if (!ok) throw new AppError('NOT_FOUND', ctx.tr('filterNotFound'));
    const removed = await this.members.remove(memberIdOf(id, address));
    if (removed?.status === 'active') await this.refreshWatchdog(id, ctx);
    // Leaving twice (a second click, a mail scanner's POST) answers the same.
    return { left: true, message: ctx.tr('shareLeft') };
  }

  /** The watchdogs shared with the logged-in person. */
  async sharedWith(user: UserRecord): Promise<SharedFilterView[]> {
    const out: SharedFilterView[] = [];
    for (const m of await this.members.activeForEmail(user.email)) {
      const w = await this.deps.watchdogs.findById(m.watchdogId);
      if (!w || w.status === 'Deleted') continue;
      out.push({ id: w._id, name: w.name, ownerEmail: w.email, summary: summariseCriteria(w.criteria, user.locale as Locale), deliveryMode: m.deliveryMode, confirmedAt: m.confirmedAt?.toISOString() ?? null });
    }
    return out;
  }

  /** The invitee's own choice: at once or in their digest (the owner's tier must include digests). */
  async setMode(id: string, user: UserRecord, body: Record<string, unknown>, ctx: RequestContext): Promise<{ item: SharedFilterView | undefined; message: string }> {
    const member = await this.members.findById(memberIdOf(id, user.email));
    const watchdog = member?.status === 'active' ? await this.deps.watchdogs.findById(id) : null;
    if (!member || !watchdog) throw new AppError('NOT_FOUND', ctx.tr('filterNotFound'));
    const mode = validateMode(body.deliveryMode, ctx.tr);
    if (mode === 'digest' && !entitlementsOf(watchdog.ownerRole).scheduledDelivery && !entitlementsOf(effectiveRole(user)).scheduledDelivery) {
      throw new AppError('FEATURE_NOT_IN_PLAN', ctx.tr('deliveryNotInPlan'));
    }
    await this.members.setMode(member._id, mode);
    await this.refreshWatchdog(id, ctx);
    return { item: (await this.sharedWith(user)).find((s) => s.id === id), message: ctx.tr('deliverySaved') };
  }

  /** Carries the active invitees (with their delivery) on the watchdog's state and publishes it. */
  async refreshWatchdog(watchdogId: string, ctx: Ctx): Promise<WatchdogRecord | null> {
    const active = await this.members.forWatchdog(watchdogId, ['active']);
    const members: WatchdogMember[] = [];
    for (const m of active) {
      const person = await this.deps.users.findByEmail(m.email);
      const delivery = deliveryOf(m.deliveryMode, scheduleOf(person) ?? (m.deliveryMode === 'digest' ? DEFAULT_SCHEDULE : null));
      members.push({ email: m.email, locale: (person?.locale as Locale | undefined) ?? m.locale, userId: person?._id ?? null, ...(delivery ? { delivery } : {}) });
    }
    const updated = await this.deps.watchdogs.update(watchdogId, { members });
    if (updated) await this.deps.publisher.changed(updated, ctx.correlationId);
    return updated;
  }

  /** A person's schedule changed: the shared watchdogs they receive carry it. */
  async refreshMemberships(email: string, ctx: Ctx): Promise<void> {
    for (const m of await this.members.activeForEmail(email)) await this.refreshWatchdog(m.watchdogId, ctx);
  }

  /** The watchdog is gone: so are its invitations. */
  async forgetWatchdog(watchdogId: string): Promise<void> {
    await this.members.removeForWatchdog(watchdogId);
  }

  /** An erased account: it no longer receives anyone's watchdog. */
  async forgetEmail(email: string, ctx: Ctx): Promise<void> {
    const removed = await this.members.removeForEmail(email);
    for (const watchdogId of new Set(removed.filter((m) => m.status === 'active').map((m) => m.watchdogId))) await this.refreshWatchdog(watchdogId, ctx);
  }
}
