import type { Connection, Model } from 'mongoose';
import type { MemberStatus } from '@rr/proto';
import { memberIdOf, memberModel, type MemberRecord } from './member.model';

const DUPLICATE_KEY = 11000;

/** Invitees of shared watchdogs; every read is by `_id` or one of the two declared indexes. */
export class MemberRepository {
  readonly model: Model<MemberRecord>;

  constructor(db: Connection) {
    this.model = memberModel(db);
  }

  init(): Promise<unknown> {
    return this.model.init();
  }

  /** Inserts an invitation; false when the address is invited to this watchdog already (unique `_id`). */
  async invite(fields: Omit<MemberRecord, '_id' | 'status' | 'confirmedAt' | 'invitedAt' | 'deliveryMode'>): Promise<MemberRecord | null> {
    const record: MemberRecord = { _id: memberIdOf(fields.watchdogId, fields.email), ...fields, status: 'invited', deliveryMode: 'instant', invitedAt: new Date(), confirmedAt: null };
    try {
      await this.model.create(record);
      return record;
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return null;
      throw err;
    }
  }

  findById(id: string): Promise<MemberRecord | null> {
    return this.model.findById(id).lean<MemberRecord>().exec();
  }

  /** A watchdog's invitees, oldest first (at most the tier's few). */
  forWatchdog(watchdogId: string, statuses: MemberStatus[] = ['invited', 'active']): Promise<MemberRecord[]> {
    return this.model.find({ watchdogId, status: { $in: statuses } }).sort({ invitedAt: 1 }).lean<MemberRecord[]>().exec();
  }

  /** The watchdogs a person is an active invitee of. */
  activeForEmail(email: string): Promise<MemberRecord[]> {
    return this.model.find({ email, status: 'active' }).lean<MemberRecord[]>().exec();
  }

  /** invited → active, once: the second confirmation of a link finds nothing to change. */
  async activate(id: string): Promise<MemberRecord | null> {
    return this.model.findOneAndUpdate({ _id: id, status: 'invited' }, { $set: { status: 'active', confirmedAt: new Date() } }, { new: true }).lean<MemberRecord>().exec();
  }

  async setMode(id: string, deliveryMode: MemberRecord['deliveryMode']): Promise<MemberRecord | null> {
    return this.model.findByIdAndUpdate(id, { $set: { deliveryMode } }, { new: true }).lean<MemberRecord>().exec();
  }

  /** Deletes one invitee; answers the record that was there (null: none). */
  async remove(id: string): Promise<MemberRecord | null> {
    return this.model.findOneAndDelete({ _id: id }).lean<MemberRecord>().exec();
  }

  async removeForWatchdog(watchdogId: string): Promise<void> {
    await this.model.deleteMany({ watchdogId });
  }

  async removeForEmail(email: string): Promise<MemberRecord[]> {
    const records = await this.model.find({ email, status: { $in: ['invited', 'active'] } }).lean<MemberRecord[]>().exec();
    await this.model.deleteMany({ email });
    return records;
  }
}
