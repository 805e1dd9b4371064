import type { Connection, Model } from 'mongoose';
import { subscriptionModel, type SubscriptionRecord } from './subscription.model';

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;
export const revisionId = (userId: string, revision: number) => `${userId}:${revision}`;

export class SubscriptionRepository {
  readonly model: Model<SubscriptionRecord>;

  constructor(db: Connection) {
    this.model = subscriptionModel(db);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** The latest revision of a user's subscription. */
  findByUser(userId: string): Promise<SubscriptionRecord | null> {
    return this.model.findOne({ userId }).sort({ revision: -1 }).lean<SubscriptionRecord>().exec();
  }

  /** The first revision; null when another writer created it first. */
  insertFirst(fields: Omit<SubscriptionRecord, '_id' | 'revision' | 'current' | 'unpublished'>): Promise<SubscriptionRecord | null> {
    return this.claim({ ...fields, _id: revisionId(fields.userId, 1), revision: 1, current: true, unpublished: true });
  }

  /**
   * The next revision after `read`, with `fields` changed. Null when another writer claimed that
   * revision first: read again and retry.
   */
  async replace(read: SubscriptionRecord, fields: Partial<SubscriptionRecord>): Promise<SubscriptionRecord | null> {
    const revision = read.revision + 1;
    const now = new Date();
    const next = await this.claim({ ...read, ...fields, _id: revisionId(read.userId, revision), revision, current: true, unpublished: true, updatedAt: now });
    if (next) await this.model.updateMany({ userId: read.userId, revision: { $lt: revision }, current: true }, { $set: { current: false } }).exec();
    return next;
  }

  markPublished(id: string): Promise<unknown> {
    return this.model.updateOne({ _id: id }, { $set: { unpublished: false } }).exec();
  }

  unpublished(limit = 100): Promise<SubscriptionRecord[]> {
    return this.model.find({ unpublished: true }).sort({ revision: 1 }).limit(limit).lean<SubscriptionRecord[]>().exec();
  }

  dueForRenewal(now: Date, limit = 100): Promise<SubscriptionRecord[]> {
    return this.model.find({ current: true, 'renewal.nextAttemptAt': { $ne: null, $lte: now } }).limit(limit).lean<SubscriptionRecord[]>().exec();
  }

  /** Subscriptions past their end (cancelled, or not renewed within grace). */
  endedBy(at: Date, limit = 100): Promise<SubscriptionRecord[]> {
    return this.model.find({ current: true, status: { $in: ['active', 'past-due', 'canceling'] }, currentPeriodEnd: { $lte: at } }).limit(limit).lean<SubscriptionRecord[]>().exec();
  }

  private async claim(record: SubscriptionRecord): Promise<SubscriptionRecord | null> {
    try {
      return (await this.model.create(record)).toObject() as SubscriptionRecord;
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }
}
