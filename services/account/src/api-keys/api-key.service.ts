import { randomUUID } from 'node:crypto';
import { AppError } from '@rr/kit';
import { CreateApiKeyBody, entitlementsOf, type ApiKeyCreated, type ApiKeyVerification, type ApiKeyView, type Entitlements } from '@rr/proto';
import type { AccountDeps } from '../deps';
import type { RequestContext } from '../http/request-context';
import type { UserRecord } from '../users/user.model';
import { hashApiKey, looksLikeApiKey, newApiKey } from './api-key-secret';
import type { ApiKeyRecord } from './api-key.model';
import type { ApiKeyRepository } from './api-key.repository';

const viewOf = (k: ApiKeyRecord): ApiKeyView => ({
  id: k._id, name: k.name, prefix: k.prefix, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

/**
 * The user's API access as the role grants it now: a role past its expiry (the subscription
 * lapsed, the downgrade not applied yet) grants nothing, and says so.
 */
function apiEntitlements(user: UserRecord, ctx: Pick<RequestContext, 'tr'>, now: Date): Entitlements & { apiQuota: NonNullable<Entitlements['apiQuota']> } {
  if (user.roleExpiresAt && user.roleExpiresAt <= now) throw new AppError('FORBIDDEN', ctx.tr('apiLapsed'));
  const e = entitlementsOf(user.role);
  if (e.apiAccess.length === 0 || !e.apiQuota) throw new AppError('FORBIDDEN', ctx.tr('apiNoAccess'));
  return e as Entitlements & { apiQuota: NonNullable<Entitlements['apiQuota']> };
}

export class ApiKeyService {
  constructor(private readonly deps: AccountDeps, private readonly keys: ApiKeyRepository, private readonly now: () => Date = () => new Date()) {}

  async list(user: UserRecord): Promise<{ items: ApiKeyView[] }> {
    return { items: (await this.keys.listForUser(user._id)).map(viewOf) };
  }

  async create(user: UserRecord, body: unknown, ctx: RequestContext): Promise<ApiKeyCreated> {
    const parsed = CreateApiKeyBody.safeParse(body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0].message, { fields: { name: parsed.error.issues[0].message } });
    const e = apiEntitlements(user, ctx, this.now());
    const existing = await this.keys.listForUser(user._id);
    if (existing.length >= e.apiQuota.keys) throw new AppError('FORBIDDEN', ctx.tr('apiKeyLimit'));
    const { key, prefix, hash } = newApiKey();
    const record: ApiKeyRecord = { _id: randomUUID(), userId: user._id, name: parsed.data.name, prefix, hash, createdAt: this.now(), lastUsedAt: null, revokedAt: null };
    await this.keys.create(record);
    ctx.log.info({ userId: user._id, keyId: record._id }, 'API key created');
    return { key, apiKey: viewOf(record) };
  }

  async revoke(user: UserRecord, keyId: string, ctx: RequestContext): Promise<{ revoked: true }> {
    if (!(await this.keys.revoke(user._id, keyId, this.now()))) throw new AppError('NOT_FOUND', ctx.tr('apiKeyNotFound'));
    ctx.log.info({ userId: user._id, keyId }, 'API key revoked');
    return { revoked: true };
  }

  /** The gateway's check on every /api/v1 call: the key, its owner's current role, and the month's count. */
  async verify(key: unknown, ctx: RequestContext): Promise<ApiKeyVerification> {
    if (typeof key !== 'string' || !looksLikeApiKey(key)) throw new AppError('UNAUTHENTICATED', ctx.tr('apiKeyInvalid'));
    const record = await this.keys.findByHash(hashApiKey(key));
    const user = record ? await this.deps.users.findById(record.userId) : null;
    if (!record || !user || user.state === 'Deleted') throw new AppError('UNAUTHENTICATED', ctx.tr('apiKeyInvalid'));
    if (user.state === 'Blocked') throw new AppError('ACCOUNT_BLOCKED', ctx.tr('accountBlocked'));
    const now = this.now();
    const e = apiEntitlements(user, ctx, now);
    const usedThisMonth = await this.keys.countRequest(record._id, now.toISOString().slice(0, 7), now);
    return { keyId: record._id, userId: user._id, role: user.role, scopes: e.apiAccess, perMinute: e.apiQuota.perMinute, perMonth: e.apiQuota.perMonth, usedThisMonth };
  }
}
