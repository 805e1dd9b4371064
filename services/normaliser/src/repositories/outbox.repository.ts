import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import type { EventData, EventType } from '@rr/proto';
import { outboxModel, type OutboxDoc } from './outbox.model';

export type OutgoingEvent<T extends EventType = EventType> = { type: T; key: string; data: EventData<T> };
export type StoredEvent = OutgoingEvent & { id: string };

export class OutboxRepository {
  private readonly model: Model<OutboxDoc>;
  private seq = Date.now() * 1000;

  constructor(connection: Connection) {
    this.model = outboxModel(connection);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async add(events: OutgoingEvent[]): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    const stored = events.map((e) => ({ ...e, id: randomUUID() }));
    const createdAt = new Date();
    await this.model.insertMany(stored.map((e) => ({ _id: e.id, seq: this.seq++, type: e.type, key: e.key, data: e.data, createdAt })), { ordered: true });
    return stored;
  }

  /** Events written but not yet confirmed sent (left by a crash), oldest first. */
  async pending(limit = 1000): Promise<StoredEvent[]> {
    const docs = await this.model.find({}).sort({ seq: 1 }).limit(limit).lean<OutboxDoc[]>();
    return docs.map((d) => ({ id: d._id, type: d.type as EventType, key: d.key, data: d.data as EventData<EventType> }));
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.model.deleteMany({ _id: { $in: ids } });
  }
}
