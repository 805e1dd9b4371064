import { Schema, type Connection, type Model } from 'mongoose';
import type { DeadLetterFacts, DeadLetterState } from '../domain/dead-letter';

export type ReplayTarget = { topic: string; partition: number; offset: string };

/** One dead-lettered message and what administrators did with it (the replay journal). */
export type DeadLetterDoc = DeadLetterFacts & {
  state: DeadLetterState;
  replayedAt: Date | null;
  replayedBy: string | null;
  /** Where the replay landed, to tell when its consumer group has read past it. */
  replayedTo: ReplayTarget | null;
  discardedAt: Date | null;
  discardedBy: string | null;
};

const schema = new Schema<DeadLetterDoc>(
  {
    _id: String, topic: String, partition: Number, offset: String, originalTopic: String, group: String, key: String, value: String,
    headers: Schema.Types.Mixed, errorCode: String, errorMessage: String, eventId: String, eventType: String, replayCount: Number,
    deadLetteredAt: Date, state: String, replayedAt: Date, replayedBy: String, replayedTo: Schema.Types.Mixed, discardedAt: Date, discardedBy: String,
  },
  { versionKey: false, minimize: false },
);
// A topic's messages in Kafka order, by state (lists, bulk jobs), and the loop guard's count.
schema.index({ topic: 1, state: 1, _id: 1 });
schema.index({ topic: 1, _id: 1 });
schema.index({ topic: 1, state: 1, replayCount: 1 });
// A replayed message that failed again comes back with the same event id and the next replay count.
schema.index({ eventId: 1, replayCount: 1 });

export const deadLetterModel = (connection: Connection): Model<DeadLetterDoc> =>
  connection.models.DeadLetter ?? connection.model<DeadLetterDoc>('DeadLetter', schema, 'dead_letters');

/** Per dead-letter topic: how many messages in each state, kept by the same writes that change states. */
export type DeadLetterCountDoc = { _id: string; total: number; pending: number; replayed: number; discarded: number };

const countSchema = new Schema<DeadLetterCountDoc>(
  { _id: String, total: { type: Number, default: 0 }, pending: { type: Number, default: 0 }, replayed: { type: Number, default: 0 }, discarded: { type: Number, default: 0 } },
  { versionKey: false },
);

export const deadLetterCountModel = (connection: Connection): Model<DeadLetterCountDoc> =>
  connection.models.DeadLetterCount ?? connection.model<DeadLetterCountDoc>('DeadLetterCount', countSchema, 'dead_letter_counts');
