import { Schema, type Connection, type Model } from 'mongoose';

/** An API key: only the SHA-256 of the secret is stored (`hash`, unique), never the key. */
export type ApiKeyRecord = { _id: string; userId: string; name: string; prefix: string; hash: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };
/** Requests per key and calendar month (UTC): `_id` = `<keyId>|<YYYY-MM>`. */
export type ApiKeyUsage = { _id: string; count: number };

const schema = new Schema<ApiKeyRecord>(
  { _id: String, userId: String, name: String, prefix: String, hash: String, createdAt: Date, lastUsedAt: { type: Date, default: null }, revokedAt: { type: Date, default: null } },
  { versionKey: false, collection: 'api_keys' },
);
// findByHash: every /api/v1 call.
schema.index({ hash: 1 }, { unique: true });
// listForUser / countActiveForUser: the profile page and the per-tier key limit.
schema.index({ userId: 1, createdAt: 1 });

const usageSchema = new Schema<ApiKeyUsage>({ _id: String, count: Number }, { versionKey: false, collection: 'api_key_usage' });

export function apiKeyModels(connection: Connection): { keys: Model<ApiKeyRecord>; usage: Model<ApiKeyUsage> } {
  return {
    keys: (connection.models.ApiKey as Model<ApiKeyRecord>) ?? connection.model<ApiKeyRecord>('ApiKey', schema),
    usage: (connection.models.ApiKeyUsage as Model<ApiKeyUsage>) ?? connection.model<ApiKeyUsage>('ApiKeyUsage', usageSchema),
  };
}
