import type { Connection, Model } from 'mongoose';
import { apiKeyModels, type ApiKeyRecord, type ApiKeyUsage } from './api-key.model';

export class ApiKeyRepository {
  private readonly keys: Model<ApiKeyRecord>;
  private readonly usage: Model<ApiKeyUsage>;

  constructor(connection: Connection) {
    ({ keys: this.keys, usage: this.usage } = apiKeyModels(connection));
  }

  async init(): Promise<void> {
    await Promise.all([this.keys.init(), this.usage.init()]);
  }

  async create(record: ApiKeyRecord): Promise<void> {
    await this.keys.create(record);
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.keys.findOne({ hash, revokedAt: null }).lean<ApiKeyRecord>();
  }

  /** A user's keys not revoked, oldest first (a handful: the tier caps them). */
  async listForUser(userId: string): Promise<ApiKeyRecord[]> {
    return this.keys.find({ userId, revokedAt: null }).sort({ userId: 1, createdAt: 1 }).limit(100).lean<ApiKeyRecord[]>();
  }

  async revoke(userId: string, keyId: string, at: Date): Promise<boolean> {
    const res = await this.keys.updateOne({ _id: keyId, userId, revokedAt: null }, { $set: { revokedAt: at } });
    return res.modifiedCount === 1;
  }

  /** Counts one request in the key's month and answers the month's count so far. */
  async countRequest(keyId: string, month: string, at: Date): Promise<number> {
    const [doc] = await Promise.all([
      this.usage.findOneAndUpdate({ _id: `${keyId}|${month}` }, { $inc: { count: 1 } }, { upsert: true, new: true }).lean<ApiKeyUsage>(),
      this.keys.updateOne({ _id: keyId }, { $set: { lastUsedAt: at } }),
    ]);
    return doc!.count;
  }
}
