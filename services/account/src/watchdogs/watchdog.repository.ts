import type { Connection, FilterQuery, Model } from 'mongoose';
import { countMatching } from '@rr/kit';
import { newId } from '../domain/tokens';
import { watchdogModel, type WatchdogRecord } from './watchdog.model';
import { criteriaToStore, restoredRecord } from './stored-map-area';

const restored = (records: WatchdogRecord[]) => records.map(restoredRecord);

export type NewWatchdog = Omit<WatchdogRecord, '_id' | 'createdAt' | 'updatedAt' | 'lastEmailAt' | 'sentCount' | 'unpublished' | 'disabledReason' | 'kept'> &
  Partial<Pick<WatchdogRecord, 'disabledReason' | 'kept'>>;

export class WatchdogRepository {
  readonly model: Model<WatchdogRecord>;

  constructor(db: Connection) {
    this.model = watchdogModel(db);
  }

  async create(fields: NewWatchdog): Promise<WatchdogRecord> {
    const now = new Date();
    const doc = await this.model.create({ _id: newId('w'), createdAt: now, updatedAt: now, lastEmailAt: null, sentCount: 0, unpublished: false, disabledReason: null, kept: false, ...criteriaToStore(fields) });
    return restoredRecord(doc.toObject() as WatchdogRecord);
  }

  findById(id: string): Promise<WatchdogRecord | null> {
    return this.model.findById(id).lean<WatchdogRecord>().exec().then(restoredRecord);
  }

  find(filter: FilterQuery<WatchdogRecord>): Promise<WatchdogRecord[]> {
    return this.model.find(filter).sort({ createdAt: -1 }).lean<WatchdogRecord[]>().exec().then(restored);
  }

  /** Active watchdogs past their expiry, the longest expired first: one page of the sweep. */
  dueToExpire(now: Date, limit: number): Promise<WatchdogRecord[]> {
    return this.model.find({ status: 'Active', expiresAt: { $lte: now } }).sort({ expiresAt: 1 }).limit(limit).lean<WatchdogRecord[]>().exec().then(restored);
  }

  /** Changes whose publishing failed, for the sweeper to publish again. */
  unpublished(limit: number): Promise<WatchdogRecord[]> {
    return this.model.find({ unpublished: true }).limit(limit).lean<WatchdogRecord[]>().exec().then(restored);
  }

  /** Watchdogs that alert (or will, once confirmed) an address: the set creation outcomes compare with. */
  liveForEmail(email: string): Promise<WatchdogRecord[]> {
    return this.find({ email, status: { $in: ['Active', 'Pending'] } });
  }

  /** What a limit applies to: the address's active watchdogs and those switched off for the limit. */
  limitCandidates(email: string): Promise<WatchdogRecord[]> {
    return this.find({ email, $or: [{ status: 'Active' }, { status: 'Disabled', disabledReason: 'limit' }] });
  }

  countActiveForEmail(email: string): Promise<number> {
    return this.count({ email, status: 'Active' });
  }

  /** An indexed equality count (the admin overview). */
  countByStatus(status: WatchdogRecord['status']): Promise<number> {
    return this.count({ status });
  }

  /** The session's watchdog count: every GET /api/user and login asks it. */
  countForUser(userId: string): Promise<number> {
    return this.count({ userId, status: { $in: ['Active', 'Disabled', 'Pending'] } });
  }

  /** By the `count` command, not an aggregation (the admin overview counts a million active watchdogs). */
  private count(query: FilterQuery<WatchdogRecord>): Promise<number> {
    return countMatching(this.model.db, this.model.collection.collectionName, query);
  }

  update(id: string, fields: Partial<WatchdogRecord>): Promise<WatchdogRecord | null> {
    return this.model.findByIdAndUpdate(id, { $set: { ...criteriaToStore(fields), updatedAt: new Date() } }, { new: true }).lean<WatchdogRecord>().exec().then(restoredRecord);
  }

  async delete(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  async markUnpublished(id: string, unpublished: boolean): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { unpublished } });
  }

  /** Counts alert e-mails; the time only moves forward, however events arrive. */
  async recordAlert(id: string, sentAt: Date): Promise<WatchdogRecord | null> {
    const current = await this.findById(id);
    if (!current) return null;
    const lastEmailAt = current.lastEmailAt && current.lastEmailAt > sentAt ? current.lastEmailAt : sentAt;
    return this.model.findByIdAndUpdate(id, { $inc: { sentCount: 1 }, $set: { lastEmailAt } }, { new: true }).lean<WatchdogRecord>().exec().then(restoredRecord);
  }
}
