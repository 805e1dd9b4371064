import { AppError } from '@rr/kit';
import { AddSeatBody, ROLES, entitlementsOf, isAdmin, isPaying, type TeamView } from '@rr/proto';
import type { AccountDeps } from '../deps';
import type { RequestContext } from '../http/request-context';
import type { AccountLifecycle } from '../users/account-lifecycle';
import type { UserRecord } from '../users/user.model';
import type { SeatRecord } from './seat.model';
import type { SeatRepository } from './seat.repository';

type Ctx = { correlationId: string };

/** Seats of a plan besides the owner's own, while the plan lasts. */
export function memberSeatsOf(owner: Pick<UserRecord, 'role' | 'roleExpiresAt'>, now = new Date()): number {
  if (owner.roleExpiresAt && owner.roleExpiresAt <= now) return 0;
  return Math.max(0, entitlementsOf(owner.role).seats - 1);
}

/**
 * Team seats (issue 15, `seats` in the entitlement table): an owner whose plan has more than one
 * seat adds registered people without a plan of their own; each member then has the owner's role
 * and its end (their session token and every limit follow from it), changed whenever the owner's
 * role changes. A lower plan keeps the oldest members; a removed member, or one past the cap,
 * falls back to USER with the watchdogs fitted to its limit. A seat is claimed by the member's id
 * (unique: one plan per person) and counted after, so two adds at once cannot overfill a plan.
 */
export class TeamService {
  /** Members whose role this service is setting: the role hook ignores them. */
  private readonly setting = new Set<string>();

  constructor(private readonly deps: AccountDeps, private readonly seats: SeatRepository, private readonly lifecycle: AccountLifecycle) {
    lifecycle.afterRoleSet = (user, ctx) => this.roleChanged(user, ctx);
    lifecycle.beforeDelete = (user, ctx) => this.accountDeleted(user, ctx);
  }

  async view(user: UserRecord): Promise<TeamView> {
    const seat = await this.seats.findByMember(user._id);
    if (seat) {
      const owner = await this.deps.users.findById(seat.ownerId);
      return { kind: 'member', ownerEmail: owner?.email ?? '', addedAt: seat.addedAt.toISOString() };
    }
    const members = await this.seats.listForOwner(user._id);
    const seats = memberSeatsOf(user) + 1;
    if (members.length === 0 && seats <= 1) return { kind: 'none', seats };
    return { kind: 'owner', seats, members: members.map((m) => ({ userId: m._id, email: m.email, addedAt: m.addedAt.toISOString() })) };
  }

  async add(owner: UserRecord, body: unknown, ctx: RequestContext): Promise<TeamView> {
    const parsed = AddSeatBody.safeParse(body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0].message, { fields: { email: parsed.error.issues[0].message } });
    const cap = memberSeatsOf(owner);
    if (cap === 0) throw new AppError('FORBIDDEN', ctx.tr('teamNoSeats'));
    if (await this.seats.findByMember(owner._id)) throw new AppError('TEAM_CONFLICT', ctx.tr('teamOwnerIsMember'));
    const member = await this.deps.users.findByEmail(parsed.data.email);
    if (!member || member.state === 'Deleted') throw new AppError('NOT_FOUND', ctx.tr('teamNoSuchUser'), { fields: { email: ctx.tr('teamNoSuchUser') } });
    if (member._id === owner._id) throw new AppError('VALIDATION_FAILED', ctx.tr('teamSelf'), { fields: { email: ctx.tr('teamSelf') } });
    if (await this.seats.findByMember(member._id)) throw new AppError('TEAM_CONFLICT', ctx.tr('teamTaken'));
    if (isPaying(member.role) || isAdmin(member.role)) throw new AppError('TEAM_CONFLICT', ctx.tr('teamHasPlan'));
    const seat: SeatRecord = { _id: member._id, ownerId: owner._id, email: member.email, addedAt: new Date() };
    if (!(await this.seats.claim(seat))) throw new AppError('TEAM_CONFLICT', ctx.tr('teamTaken'));
    // Counted after the claim: every add that then sees more seats taken than the plan has gives
    // its own back. Ordering the racers (by addedAt) is not enough: a seat stamped earlier can be
    // written later, and each racer then finds itself inside the cap. Two adds that both count the
    // other both give up, so a race may refuse both; it never seats one too many.
    const taken = await this.seats.listForOwner(owner._id);
    if (taken.length > cap) {
      await this.seats.release(member._id);
      throw new AppError('TEAM_CONFLICT', ctx.tr('teamFull'));
    }
    await this.follow(member, owner, ctx);
    ctx.log.info({ ownerId: owner._id, memberId: member._id }, 'team member added');
    await this.deps.mails.teamAdded(member.email, member.locale, { ownerEmail: owner.email, url: `${this.deps.config.PUBLIC_URL.replace(/\/$/, '')}${member.locale === 'cs' ? '/muj-profil' : '/my-profile'}` })
      .catch((err: Error) => ctx.log.warn({ err, memberId: member._id }, 'team mail not sent'));
    return this.view(owner);
  }

  /** The owner frees a member's seat, or a member leaves. */
  async remove(user: UserRecord, memberId: string, ctx: RequestContext): Promise<TeamView> {
    const seat = await this.seats.findByMember(memberId);
    if (!seat || (seat.ownerId !== user._id && memberId !== user._id)) throw new AppError('NOT_FOUND', ctx.tr('teamNotMember'));
    await this.release(seat, ctx);
    ctx.log.info({ ownerId: seat.ownerId, memberId }, 'team member removed');
    return this.view(user);
  }

  /**
   * Before an account is erased: a member's seat is free for someone else at once, and an owner's
   * members lose the borrowed role (back to USER, their watchdogs fitted to its limit).
   */
  private async accountDeleted(user: UserRecord, ctx: Ctx): Promise<void> {
    if (await this.seats.release(user._id)) return;
    for (const s of await this.seats.listForOwner(user._id)) await this.release(s, ctx);
  }

  /**
   * After any role change: an owner's members follow it (the oldest up to the new cap); a member
   * whose role changed otherwise (a plan of their own, an administrator) leaves the team.
   */
  private async roleChanged(user: UserRecord, ctx: Ctx): Promise<void> {
    if (this.setting.has(user._id)) return;
    const seat = await this.seats.findByMember(user._id);
    if (seat) {
      await this.seats.release(user._id);
      return;
    }
    const members = await this.seats.listForOwner(user._id);
    const cap = memberSeatsOf(user);
    for (const [i, s] of members.entries()) {
      const member = await this.deps.users.findById(s._id);
      if (!member) await this.seats.release(s._id);
      else if (i < cap) await this.follow(member, user, ctx);
      else await this.release(s, ctx);
    }
  }

  private async follow(member: UserRecord, owner: UserRecord, ctx: Ctx): Promise<void> {
    await this.setRoleOf(member, owner.role, owner.roleExpiresAt, ctx);
  }

  private async release(seat: SeatRecord, ctx: Ctx): Promise<void> {
    await this.seats.release(seat._id);
    const member = await this.deps.users.findById(seat._id);
    if (member && !isAdmin(member.role)) await this.setRoleOf(member, ROLES.USER, null, ctx);
  }

  /** The member's role, then the watchdogs fitted to its limit (the member is told what went off). */
  private async setRoleOf(member: UserRecord, role: number, roleExpiresAt: Date | null, ctx: Ctx): Promise<void> {
    this.setting.add(member._id);
    try {
      const updated = await this.lifecycle.setRole(member, role, roleExpiresAt, ctx);
      const { switchedOff } = await this.lifecycle.fitWatchdogs(updated, role, ctx);
      if (switchedOff.length > 0) await this.lifecycle.tellLimited(updated, role, switchedOff);
    } finally {
      this.setting.delete(member._id);
    }
  }
}
