import { randomBytes } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';

export type JobAction = 'replay' | 'discard';
export type JobState = 'running' | 'done' | 'failed';

/**
 * "Replay all" or "discard all" of one topic. `cursor` is the last message id handled, saved
 * after every step, so a job interrupted by a stop or a crash goes on from there at the next start.
 */
export type ReplayJobDoc = {
  _id: string;
  topic: string;
  action: JobAction;
  state: JobState;
  cursor: string | null;
  replayed: number;
  discarded: number;
  /** Refused by the loop guard or taken by someone else meanwhile. */
  skipped: number;
  startedAt: Date;
  startedBy: { id: string; email: string };
  finishedAt: Date | null;
  error: string | null;
};

const schema = new Schema<ReplayJobDoc>(
  {
    _id: String, topic: String, action: String, state: String, cursor: String, replayed: Number, discarded: Number, skipped: Number,
    startedAt: Date, startedBy: Schema.Types.Mixed, finishedAt: Date, error: String,
  },
  { versionKey: false, minimize: false },
);
schema.index({ state: 1 });

export class ReplayJobRepository {
  private readonly model: Model<ReplayJobDoc>;

  constructor(connection: Connection) {
    this.model = (connection.models.ReplayJob as Model<ReplayJobDoc>) ?? connection.model<ReplayJobDoc>('ReplayJob', schema, 'replay_jobs');
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async create(topic: string, action: JobAction, by: { id: string; email: string }): Promise<ReplayJobDoc> {
    const at = new Date();
    const doc: ReplayJobDoc = {
      _id: `j_${at.getTime().toString(36).padStart(9, '0')}${randomBytes(3).toString('hex')}`, topic, action, state: 'running', cursor: null,
      replayed: 0, discarded: 0, skipped: 0, startedAt: at, startedBy: by, finishedAt: null, error: null,
    };
    await this.model.create(doc);
    return doc;
  }

  findById(id: string): Promise<ReplayJobDoc | null> {
    return this.model.findById(id).lean<ReplayJobDoc>().exec();
  }

  running(): Promise<ReplayJobDoc[]> {
    return this.model.find({ state: 'running' }).lean<ReplayJobDoc[]>().exec();
  }

  /** Newest first (ids are time-ordered). */
  recent(limit: number): Promise<ReplayJobDoc[]> {
    return this.model.find({ _id: { $gt: 'j_' } }).sort({ _id: -1 }).limit(limit).lean<ReplayJobDoc[]>().exec();
  }

  async step(id: string, cursor: string, counts: { replayed: number; discarded: number; skipped: number }): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { cursor }, $inc: counts });
  }

  async finish(id: string, state: 'done' | 'failed', error: string | null = null): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { state, finishedAt: new Date(), error } });
  }
}
