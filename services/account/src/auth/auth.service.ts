import { AppError } from '@rr/kit';
import { LoginBody, PRAGUE_TIME_ZONE, RegisterCompleteBody, RegisterStartBody, ResetCompleteBody } from '@rr/proto';
import type { AccountDeps } from '../deps';
import { isEmail, normaliseEmail } from '../domain/email';
import { normaliseTelephone, telephoneSourceOf } from '../domain/telephone';
import { FieldErrors } from '../http/api-error';
import { enforceRate } from '../http/rate-limits';
import type { RequestContext } from '../http/request-context';
import type { UserRecord } from '../users/user.model';
import { adsConsentOf } from '../watchdogs/watchdog.service';
import { issueToken } from './sessions';

type Body = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Checks the e-mail field with the spec's messages; the call fails with 400 "not in the correct format". */
export function emailOf(body: Body, ctx: RequestContext, field = 'email'): string {
  const raw = str(body[field]).trim();
  const errors = new FieldErrors();
  if (!raw) errors.add(field, ctx.tr('emailRequired'));
  else if (!isEmail(raw)) errors.add(field, ctx.tr('emailFormatField'));
  errors.throwIfAny('INVALID_EMAIL', ctx.tr('emailFormat'));
  return normaliseEmail(raw);
}

function validTimezone(tz: unknown): string {
  if (typeof tz !== 'string' || tz.length > 64) return PRAGUE_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return PRAGUE_TIME_ZONE;
  }
}

export class AuthService {
  constructor(private readonly deps: AccountDeps) {}

  private link(params: Record<string, string>): string {
    return `${this.deps.config.PUBLIC_URL.replace(/\/$/, '')}/?${new URLSearchParams(params).toString()}`;
  }

  private async assertNotBlocked(email: string, ctx: RequestContext): Promise<void> {
    if (await this.deps.blocks.isBlocked(email)) throw new AppError('ACCOUNT_BLOCKED', ctx.tr('accountBlocked'));
  }

  async login(body: Body, ctx: RequestContext): Promise<{ token: string }> {
    enforceRate(this.deps, ctx, 'auth', str(body.email));
    const email = emailOf(body, ctx);
    const errors = new FieldErrors();
    if (!str(body.password)) errors.add('password', ctx.tr('passwordRequired'));
    errors.throwIfAny();
    const { password } = LoginBody.parse({ email, password: body.password });
    const user = await this.deps.users.findByEmail(email);
    const ok = await this.deps.passwords.verify(user?.passwordHash ?? null, password);
    if (!user || !ok || user.state === 'Deleted') throw new AppError('INVALID_CREDENTIALS', ctx.tr('invalidCredentials'));
    if (user.state === 'Blocked') throw new AppError('ACCOUNT_BLOCKED', ctx.tr('accountBlocked'));
    // A hash made at an earlier cost is replaced in the login's own write: only here is the password known.
    const rehashed = this.deps.passwords.isOutdated(user.passwordHash!) ? { passwordHash: await this.deps.passwords.hash(password) } : {};
    const updated = (await this.deps.users.update(user._id, { lastLoginAt: new Date(), ...rehashed })) ?? user;
    return { token: await issueToken(this.deps, updated) };
  }

  /** Starts a registration: a `New` user and a magic link to complete it. */
  async registerStart(body: Body, ctx: RequestContext): Promise<{ sent: true }> {
    enforceRate(this.deps, ctx, 'auth', str(body.email));
    const email = emailOf(body, ctx);
    const input = RegisterStartBody.parse({ email, timezone: validTimezone(body.timezone), locale: ctx.locale });
    await this.assertNotBlocked(email, ctx);
    const existing = await this.deps.users.findByEmail(email);
    if (existing && existing.state !== 'New') throw new AppError('EMAIL_EXISTS', ctx.tr('emailExists'));
    const user = existing
      ? ((await this.deps.users.update(existing._id, { timezone: input.timezone!, locale: ctx.locale })) ?? existing)
      : await this.deps.users.create({ email, timezone: input.timezone!, locale: ctx.locale, state: 'New' });
    const token = await this.deps.magic.issue('register', user._id, email);
    await this.deps.mails.send('register', email, ctx.locale, this.link({ magic: token }), this.deps.config.MAGIC_LINK_TTL_MINUTES);
    ctx.log.info({ userId: user._id }, 'registration started');
    return { sent: true };
  }

  async registerComplete(body: Body, ctx: RequestContext): Promise<{ token: string }> {
    enforceRate(this.deps, ctx, 'auth');
    const errors = new FieldErrors();
    if (!str(body.magic)) errors.add('magic', ctx.tr('invalidForm'));
    if (!str(body.name).trim()) errors.add('name', ctx.tr('nameRequired'));
    if (!str(body.surname).trim()) errors.add('surname', ctx.tr('surnameRequired'));
    if (!str(body.password)) errors.add('password', ctx.tr('passwordRequired'));
    const phone = normaliseTelephone(typeof body.telephone === 'string' ? body.telephone : null);
    if (!phone.ok) errors.add('telephone', ctx.tr('telephoneFormat'));
    if (errors.has('magic')) errors.throwIfAny('INVALID_FORM', ctx.tr('invalidForm'));
    errors.throwIfAny();
    const parsed = RegisterCompleteBody.safeParse({ ...body, name: str(body.name).trim(), surname: str(body.surname).trim() });
    if (!parsed.success) throw new AppError('INVALID_FORM', ctx.tr('invalidForm'));
    const input = parsed.data;
    const telephone = phone.ok ? phone.telephone : null;

    const link = await this.deps.magic.peek(input.magic, 'register');
    const user = link ? await this.deps.users.findById(link.subjectId) : null;
    if (!link || !user || user.state !== 'New') throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    if (telephone) await this.assertTelephoneFree(telephone, user._id, ctx);
    if (!(await this.deps.magic.consume(input.magic, 'register'))) throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));

    const updated = await this.deps.users.update(user._id, {
      name: input.name,
      surname: input.surname,
      passwordHash: await this.deps.passwords.hash(input.password),
      telephone,
      telephoneSource: telephoneSourceOf(telephone, input.telephoneSource),
      state: 'Active',
      lastLoginAt: new Date(),
    });
    await this.adoptAnonymousWatchdogs(updated!, ctx);
    ctx.log.info({ userId: user._id }, 'registration completed');
    return { token: await issueToken(this.deps, updated!) };
  }

  async assertTelephoneFree(telephone: string, userId: string, ctx: RequestContext): Promise<void> {
    const holder = await this.deps.users.findByTelephone(telephone);
    if (holder && holder._id !== userId) throw new AppError('PHONE_EXISTS', ctx.tr('phoneExists'), { fields: { telephone: ctx.tr('phoneExists') } });
  }

  /** Watchdogs created before registering with the same address now belong to the account. */
  private async adoptAnonymousWatchdogs(user: UserRecord, ctx: RequestContext): Promise<void> {
    const orphans = await this.deps.watchdogs.find({ email: user.email, userId: null });
    for (const w of orphans) {
      const updated = await this.deps.watchdogs.update(w._id, { userId: user._id, ownerRole: user.role, adsConsent: adsConsentOf(user) });
      if (updated) await this.deps.publisher.changed(updated, ctx.correlationId);
    }
  }

  async resetStart(body: Body, ctx: RequestContext): Promise<{ sent: true }> {
    enforceRate(this.deps, ctx, 'auth', str(body.email));
    const email = emailOf(body, ctx);
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.state === 'Deleted') throw new AppError('EMAIL_NOT_FOUND', ctx.tr('emailNotFound'));
    if (user.state === 'Blocked') throw new AppError('ACCOUNT_BLOCKED', ctx.tr('accountBlocked'));
    const token = await this.deps.magic.issue('reset', user._id, email);
    await this.deps.mails.send('reset', email, ctx.locale, this.link({ magic: token, email }), this.deps.config.MAGIC_LINK_TTL_MINUTES);
    return { sent: true };
  }

  /**
   * Completes a reset: a new password at once; a different e-mail only after the new address
   * confirms it (a link goes there), so nobody can move an account to an address they do not own.
   */
  async resetComplete(body: Body, ctx: RequestContext): Promise<{ token: string; emailChangePending: boolean }> {
    enforceRate(this.deps, ctx, 'auth');
    const errors = new FieldErrors();
    if (!str(body.magic)) errors.add('magic', ctx.tr('invalidForm'));
    if (errors.any) errors.throwIfAny('INVALID_FORM', ctx.tr('invalidForm'));
    const email = emailOf(body, ctx);
    if (!str(body.password)) errors.add('password', ctx.tr('passwordRequired'));
    errors.throwIfAny();
    const input = ResetCompleteBody.parse({ magic: body.magic, email, password: body.password });

    const link = await this.deps.magic.peek(input.magic, 'reset');
    const user = link ? await this.deps.users.findById(link.subjectId) : null;
    if (!link || !user || user.state === 'Deleted') throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    if (user.state === 'Blocked') throw new AppError('ACCOUNT_BLOCKED', ctx.tr('accountBlocked'));
    const changesEmail = email !== user.email;
    if (changesEmail && (await this.deps.users.findByEmail(email))) throw new AppError('EMAIL_EXISTS', ctx.tr('emailExists'));
    if (!(await this.deps.magic.consume(input.magic, 'reset'))) throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));

    const updated = await this.deps.users.update(user._id, {
      passwordHash: await this.deps.passwords.hash(input.password),
      state: 'Active',
      lastLoginAt: new Date(),
    });
    if (user.state === 'New') await this.adoptAnonymousWatchdogs(updated!, ctx);
    if (changesEmail) await this.sendEmailChange(updated!, email, ctx);
    return { token: await issueToken(this.deps, updated!), emailChangePending: changesEmail };
  }

  async sendEmailChange(user: UserRecord, newEmail: string, ctx: RequestContext): Promise<void> {
    await this.assertNotBlocked(newEmail, ctx);
    const token = await this.deps.magic.issue('email-change', user._id, newEmail);
    const url = this.link({ emailChange: token });
    await this.deps.mails.send('emailChange', newEmail, ctx.locale, url, this.deps.config.MAGIC_LINK_TTL_MINUTES);
  }

  /** The link from the new address: the login e-mail and every watchdog's address change. */
  async confirmEmailChange(body: Body, ctx: RequestContext): Promise<{ token: string }> {
    const magic = str(body.magic);
    if (!magic) throw new AppError('INVALID_FORM', ctx.tr('invalidForm'), { fields: { magic: ctx.tr('invalidForm') } });
    const link = await this.deps.magic.peek(magic, 'email-change');
    const user = link ? await this.deps.users.findById(link.subjectId) : null;
    if (!link || !user || user.state === 'Deleted') throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    if (await this.deps.users.findByEmail(link.email)) throw new AppError('EMAIL_EXISTS', ctx.tr('emailExists'));
    if (!(await this.deps.magic.consume(magic, 'email-change'))) throw new AppError('INVALID_REQUEST', ctx.tr('invalidRequest'));
    const updated = await this.deps.users.update(user._id, { email: link.email });
    for (const w of await this.deps.watchdogs.find({ userId: user._id })) {
      const changed = await this.deps.watchdogs.update(w._id, { email: link.email });
      if (changed) await this.deps.publisher.changed(changed, ctx.correlationId);
    }
    ctx.log.info({ userId: user._id }, 'login e-mail changed');
    return { token: await issueToken(this.deps, updated!) };
  }

  async refresh(user: UserRecord): Promise<{ token: string }> {
    return { token: await issueToken(this.deps, user) };
  }
}
