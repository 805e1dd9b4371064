import { AppError } from '@rr/kit';
import { EMAIL_PREFERENCES, LOCALES, type EmailPreference, type Locale } from '@rr/proto';
import type { AuthService } from '../auth/auth.service';
import { emailOf } from '../auth/auth.service';
import { issueToken } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { normaliseTelephone, telephoneSourceOf } from '../domain/telephone';
import { FieldErrors } from '../http/api-error';
import type { RequestContext } from '../http/request-context';
import type { AccountLifecycle } from '../users/account-lifecycle';
import type { BillingInfo, UserRecord } from '../users/user.model';

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function toProfile(u: UserRecord) {
  return {
    id: u._id,
    email: u.email,
    name: u.name,
    surname: u.surname,
    telephone: u.telephone,
    telephoneSource: u.telephoneSource,
    timezone: u.timezone,
    locale: u.locale,
    role: u.role,
    roleExpiresAt: u.roleExpiresAt?.toISOString() ?? null,
    state: u.state,
    emailPreferences: u.emailPreferences,
    billing: u.billing,
    createdAt: u.createdAt.toISOString(),
  };
}
export type Profile = ReturnType<typeof toProfile>;

const BILLING_KEYS = ['company', 'ico', 'dic', 'street', 'city', 'zip'] as const;

export class ProfileService {
  constructor(
    private readonly deps: AccountDeps,
    private readonly auth: AuthService,
    private readonly lifecycle: AccountLifecycle,
    /** The time zone is the delivery schedule's too: the watchdogs that carry it are published again. */
    private readonly onTimeZoneChanged: (user: UserRecord, ctx: RequestContext) => Promise<void> = async () => undefined,
  ) {}

  private async answer(user: UserRecord) {
    return { profile: toProfile(user), token: await issueToken(this.deps, user) };
  }

  async get(user: UserRecord) {
    return this.answer(user);
  }

  /** Name, surname, telephone (+420), time zone, language, billing details; only the fields sent. */
  async update(user: UserRecord, body: Body, ctx: RequestContext) {
    const errors = new FieldErrors();
    const changes: Partial<UserRecord> = {};
    if (body.name !== undefined) {
      if (!str(body.name)) errors.add('name', ctx.tr('nameRequired'));
      else changes.name = str(body.name).slice(0, 100);
    }
    if (body.surname !== undefined) {
      if (!str(body.surname)) errors.add('surname', ctx.tr('surnameRequired'));
      else changes.surname = str(body.surname).slice(0, 100);
    }
    if (body.telephone !== undefined) {
      const phone = normaliseTelephone(typeof body.telephone === 'string' ? body.telephone : null);
      if (!phone.ok) errors.add('telephone', ctx.tr('telephoneFormat'));
      else {
        changes.telephone = phone.telephone;
        const given = typeof body.telephoneSource === 'string' ? (body.telephoneSource as UserRecord['telephoneSource']) : undefined;
        changes.telephoneSource = phone.telephone === user.telephone ? user.telephoneSource : telephoneSourceOf(phone.telephone, given, 'REGISTRATION');
      }
    }
    if (body.timezone !== undefined) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: str(body.timezone) });
        changes.timezone = str(body.timezone);
      } catch {
        errors.add('timezone', ctx.tr('invalidChoice'));
      }
    }
    if (body.locale !== undefined) {
      if (!(LOCALES as readonly string[]).includes(str(body.locale))) errors.add('locale', ctx.tr('invalidChoice'));
      else changes.locale = str(body.locale) as Locale;
    }
    if (body.billing !== undefined) {
      const raw = (body.billing ?? {}) as Record<string, unknown>;
      changes.billing = Object.fromEntries(BILLING_KEYS.map((k) => [k, str(raw[k]).slice(0, 200) || null])) as BillingInfo;
    }
    errors.throwIfAny();
    if (changes.telephone) await this.auth.assertTelephoneFree(changes.telephone, user._id, ctx);
    const updated = (await this.deps.users.update(user._id, changes)) ?? user;
    if (changes.timezone && changes.timezone !== user.timezone) await this.onTimeZoneChanged(updated, ctx);
    return this.answer(updated);
  }

  /**
   * The telephone boxes of landing pages and calls to action. Logged in: sets the telephone.
   * Anonymous: pairs it with the account of the e-mail, only when that account has none yet.
   */
  async pairTelephone(user: UserRecord | null, body: Body, ctx: RequestContext) {
    const phone = normaliseTelephone(typeof body.telephone === 'string' ? body.telephone : null);
    if (!phone.ok || !phone.telephone) {
      const message = phone.ok ? ctx.tr('telephoneRequired') : ctx.tr('telephoneFormat');
      throw new AppError('VALIDATION_FAILED', message, { fields: { telephone: message } });
    }
    const source = body.telephoneSource === 'LANDING_PAGE' ? 'LANDING_PAGE' : 'CTA_BOX';
    const owner = user ?? (await this.deps.users.findByEmail(emailOf(body, ctx)));
    if (!owner || owner.state === 'Deleted' || (!user && owner.telephone)) throw new AppError('INVALID_REQUEST', ctx.tr('phonePair'));
    await this.auth.assertTelephoneFree(phone.telephone, owner._id, ctx);
    await this.deps.users.update(owner._id, { telephone: phone.telephone, telephoneSource: source });
    return { paired: true };
  }

  async setEmailPreferences(user: UserRecord, body: Body, ctx: RequestContext) {
    const list = body.emailPreferences;
    if (!Array.isArray(list) || list.some((p) => !(EMAIL_PREFERENCES as readonly unknown[]).includes(p))) {
      throw new AppError('VALIDATION_FAILED', ctx.tr('invalidChoice'), { fields: { emailPreferences: ctx.tr('invalidChoice') } });
    }
    return this.answer(await this.lifecycle.setEmailPreferences(user, list as EmailPreference[], ctx));
  }

  private async assertPassword(user: UserRecord, password: unknown, field: string, ctx: RequestContext): Promise<void> {
    if (!str(password)) throw new AppError('VALIDATION_FAILED', ctx.tr('passwordRequired'), { fields: { [field]: ctx.tr('passwordRequired') } });
    if (!(await this.deps.passwords.verify(user.passwordHash, String(password)))) {
      throw new AppError('INVALID_CREDENTIALS', ctx.tr('wrongPassword'), { fields: { [field]: ctx.tr('wrongPassword') } });
    }
  }

  /** Sends a confirmation link to the new address; the login e-mail changes when it is opened. */
  async requestEmailChange(user: UserRecord, body: Body, ctx: RequestContext) {
    const email = emailOf(body, ctx);
    await this.assertPassword(user, body.password, 'password', ctx);
    if (email !== user.email && (await this.deps.users.findByEmail(email))) throw new AppError('EMAIL_EXISTS', ctx.tr('emailExists'));
    if (email !== user.email) await this.auth.sendEmailChange(user, email, ctx);
    return { sent: email !== user.email };
  }

  async changePassword(user: UserRecord, body: Body, ctx: RequestContext) {
    await this.assertPassword(user, body.currentPassword, 'currentPassword', ctx);
    if (!str(body.password)) throw new AppError('VALIDATION_FAILED', ctx.tr('passwordRequired'), { fields: { password: ctx.tr('passwordRequired') } });
    const updated = await this.deps.users.update(user._id, { passwordHash: await this.deps.passwords.hash(String(body.password)) });
    return this.answer(updated ?? user);
  }

  async delete(user: UserRecord, body: Body, ctx: RequestContext) {
    await this.assertPassword(user, body.password, 'password', ctx);
    await this.lifecycle.delete(user, ctx);
    ctx.log.info({ userId: user._id }, 'account deleted');
    return { deleted: true };
  }
}
