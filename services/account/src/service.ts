import express from 'express';
import { getGazetteer } from '@rr/gazetteer';
import { ProcessedEvents, createMailer, httpObservability, listen, type ServiceContext, type ServiceDefinition } from '@rr/kit';
import { ROLES } from '@rr/proto';
import { adminRoutes } from './admin/admin.routes';
import { apiKeyRoutes } from './api-keys/api-key.routes';
import { ApiKeyRepository } from './api-keys/api-key.repository';
import { ApiKeyService } from './api-keys/api-key.service';
import { SeatRepository } from './team/seat.repository';
import { teamRoutes } from './team/team.routes';
import { TeamService } from './team/team.service';
import { AuditRepository } from './admin/audit.repository';
import { DailyStatsRepository } from './admin/daily-stats.repository';
import { authRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { MagicLinkRepository } from './auth/magic-link.repository';
import { Passwords } from './auth/passwords';
import { SessionTokens } from './auth/session-token';
import { AccountConfig } from './config';
import { contactRoutes } from './contact/contact.routes';
import { ContactRepository } from './contact/contact.repository';
import type { AccountDeps } from './deps';
import { RateLimiter } from './domain/rate-limiter';
import { normaliseEmail } from './domain/email';
import { onAdminActionRecorded } from './handlers/on-admin-action-recorded';
import { onAlertSent } from './handlers/on-alert-sent';
import { onEmailBounced } from './handlers/on-email-bounced';
import { onSubscriptionChanged } from './handlers/on-subscription-changed';
import { errorHandler } from './http/api-error';
import { AccountMails } from './mail/account-mails';
import { gazetteerDirectory } from './places/place-directory';
import { profileRoutes } from './profile/profile.routes';
import { ProfileService } from './profile/profile.service';
import { AccountLifecycle } from './users/account-lifecycle';
import { EmailBlockRepository } from './users/email-block.repository';
import { UserRepository } from './users/user.repository';
import { ExpirySweeper } from './watchdogs/expiry-sweeper';
import { WatchdogPublisher } from './watchdogs/watchdog.publisher';
import { WatchdogRepository } from './watchdogs/watchdog.repository';
import { watchdogRoutes } from './watchdogs/watchdog.routes';
import { WatchdogService } from './watchdogs/watchdog.service';
import { deliveryRoutes } from './delivery/delivery.routes';
import { DeliveryService } from './delivery/delivery.service';
import { MemberRepository } from './sharing/member.repository';
import { sharingRoutes } from './sharing/sharing.routes';
import { SharingService } from './sharing/sharing.service';

function buildDeps(ctx: ServiceContext<AccountConfig>): AccountDeps {
  const { config, log, bus } = ctx;
  const db = ctx.db!;
  const watchdogs = new WatchdogRepository(db);
  return {
    config, log, bus, db, watchdogs,
    users: new UserRepository(db),
    blocks: new EmailBlockRepository(db),
    magic: new MagicLinkRepository(db, config.MAGIC_LINK_TTL_MINUTES * 60_000),
    publisher: new WatchdogPublisher(bus, watchdogs, log),
    contacts: new ContactRepository(db),
    mails: new AccountMails(createMailer(config, 'account')),
    passwords: new Passwords({ memoryKiB: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST }),
    tokens: new SessionTokens(config.JWT_SECRET, config.JWT_TTL_SECONDS),
    places: gazetteerDirectory(getGazetteer()),
    limiter: new RateLimiter(),
    audit: new AuditRepository(db),
    stats: new DailyStatsRepository(db),
    members: new MemberRepository(db),
  };
}

/**
 * The administrator from ADMIN_EMAIL / ADMIN_PASSWORD exists with the admin role after every start.
 * Two instances starting together on a new database may both find no administrator: the one whose
 * insert the unique e-mail refuses updates the other's instead of failing its start.
 */
async function ensureAdmin(deps: AccountDeps, attempt = 0): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.config;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
  const email = normaliseEmail(ADMIN_EMAIL);
  const existing = await deps.users.findByEmail(email);
  const passwordOk = existing ? await deps.passwords.verify(existing.passwordHash, ADMIN_PASSWORD) : false;
  const fields = {
    role: ROLES.ADMIN, state: 'Active' as const, roleExpiresAt: null,
    ...(passwordOk ? {} : { passwordHash: await deps.passwords.hash(ADMIN_PASSWORD) }),
  };
  if (existing) await deps.users.update(existing._id, fields);
  else {
    try {
      await deps.users.create({ email, name: 'Admin', surname: 'Reality Radar', ...fields });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt > 0) throw err;
      return ensureAdmin(deps, attempt + 1);
    }
  }
  deps.log.info({ email }, 'administrator ready');
}

export const accountService: ServiceDefinition<typeof AccountConfig> = {
  name: 'account',
  configSchema: AccountConfig,
  database: true,
  async start(ctx) {
    const deps = buildDeps(ctx);
    const auth = new AuthService(deps);
    const watchdogService = new WatchdogService(deps);
    const lifecycle = new AccountLifecycle(deps, watchdogService);
    await Promise.all([deps.users.init(), deps.members.init()]);
    const sharing = new SharingService(deps, deps.members, watchdogService);
    const delivery = new DeliveryService(deps, (email, c) => sharing.refreshMemberships(email, c));
    const profile = new ProfileService(deps, auth, lifecycle, (user, c) => delivery.republish(user, c));
    await ensureAdmin(deps);
    const keyed = await deps.users.backfillSearchKeys();
    if (keyed) ctx.log.info({ users: keyed }, 'search keys added to older users');

    const app = express();
    app.disable('x-powered-by');
    app.use(httpObservability('account'));
    // A watchdog's area may come with many points: a body of 10,000 is read and refused with the validation's message.
    app.use('/filters', express.json({ limit: '1mb' }));
    app.use(express.json({ limit: '64kb' }));
    app.use(express.urlencoded({ extended: false, limit: '16kb' }));
    const startedAt = Date.now();
    app.get('/health', (_req, res) => res.json({ service: 'account-api', ok: true, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), dependencies: {} }));
    app.use(authRoutes(deps, auth));
    app.use(sharingRoutes(deps, sharing));
    app.use(watchdogRoutes(deps, watchdogService, lifecycle));
    app.use(deliveryRoutes(deps, delivery));
    app.use(profileRoutes(deps, profile));
    const apiKeys = new ApiKeyRepository(deps.db);
    await apiKeys.init();
    app.use(apiKeyRoutes(deps, new ApiKeyService(deps, apiKeys)));
    const seats = new SeatRepository(deps.db);
    await seats.init();
    app.use(teamRoutes(deps, new TeamService(deps, seats, lifecycle)));
    app.use(contactRoutes(deps));
    app.use(adminRoutes(deps, lifecycle));
    app.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
    app.use(errorHandler(ctx.log));

    const api = await listen(app, { host: ctx.config.BIND_HOST, port: ctx.config.ACCOUNT_API_PORT }, 'account API');
    ctx.shutdown.add('api', api.close);
    const apiPort = api.port;

    await ctx.bus.subscribe({ group: 'account.on-alert-sent', events: ['alert.sent'], fromBeginning: true, handle: onAlertSent(deps.watchdogs, deps.publisher, deps.stats, new ProcessedEvents(deps.db, 'account.on-alert-sent')) });
    await ctx.bus.subscribe({ group: 'account.on-subscription-changed', events: ['subscription.changed'], fromBeginning: true, handle: onSubscriptionChanged(deps.users, lifecycle) });
    await ctx.bus.subscribe({ group: 'account.on-email-bounced', events: ['email.bounced'], fromBeginning: true, handle: onEmailBounced(lifecycle, deps.stats, new ProcessedEvents(deps.db, 'account.on-email-bounced')) });
    await ctx.bus.subscribe({ group: 'account.on-admin-action-recorded', events: ['admin-action.recorded'], fromBeginning: true, handle: onAdminActionRecorded(deps.audit) });

    const sweeper = new ExpirySweeper(deps.watchdogs, watchdogService, deps.publisher, lifecycle, ctx.log);
    sweeper.start(ctx.config.EXPIRY_SWEEP_SECONDS * 1000);
    ctx.shutdown.add('sweeper', () => sweeper.stop());
    ctx.log.info({ apiPort }, 'account API listening');
    return { details: () => ({ apiPort }) };
  },
};
