import { Schema, type Connection, type Model } from 'mongoose';

type ProcessedEvent = { _id: string; group: string; at: Date };

/**
 * Remembers which events a consumer group has applied, for handlers whose effect is not
 * naturally idempotent. Kafka delivers at least once; a redelivered event is then skipped.
 */
export class ProcessedEvents {
  private readonly model: Model<ProcessedEvent>;

  constructor(connection: Connection, private readonly group: string) {
    const schema = new Schema<ProcessedEvent>({ _id: String, group: String, at: Date }, { versionKey: false });
    this.model = connection.models.ProcessedEvent ?? connection.model<ProcessedEvent>('ProcessedEvent', schema, 'processed_events');
  }

  private idOf(eventId: string) {
    return `${this.group}:${eventId}`;
  }

  async has(eventId: string): Promise<boolean> {
    return (await this.model.exists({ _id: this.idOf(eventId) })) !== null;
  }

  async mark(eventId: string): Promise<void> {
    await this.model.updateOne({ _id: this.idOf(eventId) }, { $setOnInsert: { group: this.group, at: new Date() } }, { upsert: true });
  }
}
