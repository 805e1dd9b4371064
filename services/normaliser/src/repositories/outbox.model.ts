import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Events written in the same round as the state they describe and deleted once Kafka has them:
 * a crash between the write and the publish re-sends them instead of losing them.
 */
export type OutboxDoc = { _id: string; seq: number; type: string; key: string; data: unknown; createdAt: Date };

const schema = new Schema<OutboxDoc>({ _id: String }, { strict: false, versionKey: false, collection: 'outbox' });
schema.index({ seq: 1 });

export function outboxModel(connection: Connection): Model<OutboxDoc> {
  return (connection.models.Outbox as Model<OutboxDoc>) ?? connection.model<OutboxDoc>('Outbox', schema);
}
