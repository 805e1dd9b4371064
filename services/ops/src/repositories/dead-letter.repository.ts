import type { Connection, Model } from 'mongoose';
import type { DeadLetterFacts, DeadLetterState } from '../domain/dead-letter';
import { deadLetterCountModel, deadLetterModel, type DeadLetterCountDoc, type DeadLetterDoc, type ReplayTarget } from './dead-letter.model';

const OPEN: DeadLetterState[] = ['pending', 'replaying'];
const LIST_FIELDS = { value: 0, headers: 0 };

/**
 * The dead-letter index. A message is `pending` until an administrator replays (`replaying` while
 * it is being sent, then `replayed`) or discards it; every change of state is one conditional
 * update, so two clicks or a job and a click cannot both act on one message, and the counters
 * move only with a change that happened.
 */
export class DeadLetterRepository {
  private readonly model: Model<DeadLetterDoc>;
  private readonly counts: Model<DeadLetterCountDoc>;

  constructor(connection: Connection) {
    this.model = deadLetterModel(connection);
    this.counts = deadLetterCountModel(connection);
  }

  async init(): Promise<void> {
    await Promise.all([this.model.createIndexes(), this.counts.createIndexes()]);
  }

  /** Adds what is not indexed yet (a redelivered batch adds nothing); answers how many were new. */
  async index(facts: DeadLetterFacts[]): Promise<number> {
    if (!facts.length) return 0;
    const known = new Set((await this.model.find({ _id: { $in: facts.map((f) => f._id) } }, { _id: 1 }).lean()).map((d) => d._id));
    const fresh = facts.filter((f) => !known.has(f._id));
    if (!fresh.length) return 0;
    await this.model.insertMany(fresh.map((f) => ({ ...f, state: 'pending', replayedAt: null, replayedBy: null, replayedTo: null, discardedAt: null, discardedBy: null })), { ordered: false });
    const byTopic = new Map<string, number>();
    for (const f of fresh) byTopic.set(f.topic, (byTopic.get(f.topic) ?? 0) + 1);
    for (const [topic, n] of byTopic) await this.bump(topic, { total: n, pending: n });
    return fresh.length;
  }

  counters(topics: string[]): Promise<DeadLetterCountDoc[]> {
    return this.counts.find({ _id: { $in: topics } }).lean<DeadLetterCountDoc[]>().exec();
  }

  /** A topic's messages in Kafka order after `after`, without their bodies. */
  page(topic: string, state: DeadLetterState | null, after: string | null, limit: number): Promise<DeadLetterDoc[]> {
    const filter: Record<string, unknown> = { topic, ...(state ? { state: state === 'pending' ? { $in: OPEN } : state } : {}), ...(after ? { _id: { $gt: after } } : {}) };
    return this.model.find(filter, LIST_FIELDS).sort({ _id: 1 }).limit(limit).lean<DeadLetterDoc[]>().exec();
  }

  /** The next open messages of a topic for a bulk job, bodies included. */
  openAfter(topic: string, after: string | null, limit: number): Promise<DeadLetterDoc[]> {
    return this.model.find({ topic, state: { $in: OPEN }, ...(after ? { _id: { $gt: after } } : {}) }).sort({ _id: 1 }).limit(limit).lean<DeadLetterDoc[]>().exec();
  }

  findById(id: string): Promise<DeadLetterDoc | null> {
    return this.model.findById(id).lean<DeadLetterDoc>().exec();
  }

  /** Open messages of a topic the loop guard would refuse. */
  countOverLimit(topic: string, maxReplays: number): Promise<number> {
    return this.model.countDocuments({ topic, state: { $in: OPEN }, replayCount: { $gte: maxReplays } }).exec();
  }

  /** The dead letter a replay produced when it failed again. */
  failedAgain(eventId: string, replayCount: number): Promise<DeadLetterDoc | null> {
    return this.model.findOne({ eventId, replayCount }, LIST_FIELDS).lean<DeadLetterDoc>().exec();
  }

  /** Takes an open message for sending; null when someone else replayed or discarded it first. */
  claim(id: string): Promise<DeadLetterDoc | null> {
    return this.model.findOneAndUpdate({ _id: id, state: { $in: OPEN } }, { $set: { state: 'replaying' } }, { new: true }).lean<DeadLetterDoc>().exec();
  }

  /** Gives a claimed message back when its send failed. */
  async release(id: string): Promise<void> {
    await this.model.updateOne({ _id: id, state: 'replaying' }, { $set: { state: 'pending' } });
  }

  async markReplayed(doc: DeadLetterDoc, by: string, to: ReplayTarget): Promise<boolean> {
    const result = await this.model.updateOne({ _id: doc._id, state: 'replaying' }, { $set: { state: 'replayed', replayedAt: new Date(), replayedBy: by, replayedTo: to } });
    if (result.modifiedCount !== 1) return false;
    await this.bump(doc.topic, { pending: -1, replayed: 1 });
    return true;
  }

  async discard(doc: Pick<DeadLetterDoc, '_id' | 'topic'>, by: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: doc._id, state: { $in: OPEN } }, { $set: { state: 'discarded', discardedAt: new Date(), discardedBy: by } });
    if (result.modifiedCount !== 1) return false;
    await this.bump(doc.topic, { pending: -1, discarded: 1 });
    return true;
  }

  private async bump(topic: string, inc: Partial<Record<'total' | 'pending' | 'replayed' | 'discarded', number>>): Promise<void> {
    await this.counts.updateOne({ _id: topic }, { $inc: inc }, { upsert: true });
  }
}
