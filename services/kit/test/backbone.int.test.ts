import { Schema, type Connection } from 'mongoose';
import { HEADERS, dlqTopicOf } from '@rr/proto';
import { EXAMPLES } from '@rr/proto/examples';
import type { Envelope } from '@rr/proto';
import { Bus, ProcessedEvents, connectDatabase, createLogger, AppError } from '../src';
import { testEnv, waitFor } from '../src/testing';

/**
 * The walking skeleton: a producer publishes an event validated against proto, another service
 * consumes it idempotently and persists it, on the real broker and database.
 */
describe('event backbone', () => {
  const env = testEnv();
  const log = createLogger('backbone-test', 'silent');
  let producer: Bus;
  let consumer: Bus;
  let db: Connection;

  type Stored = { _id: string; title: string; deliveries: number };
  const storedSchema = new Schema<Stored>({ _id: String, title: String, deliveries: Number }, { versionKey: false });

  beforeAll(async () => {
    producer = new Bus({ clientId: 'producer', brokers: env.brokers, topicPrefix: env.prefix, logger: log });
    consumer = new Bus({ clientId: 'consumer', brokers: env.brokers, topicPrefix: env.prefix, logger: log });
    await producer.connect();
    await consumer.connect();
    await producer.ensureTopics();
    db = await connectDatabase(env.mongoUrl, `rr-kit-test${env.dbSuffix}`, log);
  });

  afterAll(async () => {
    await consumer.disconnect();
    await producer.disconnect();
    await db.dropDatabase();
    await db.close();
  });

  it('refuses to publish an event that fails its schema, naming the field', async () => {
    const bad = { ...EXAMPLES['listing.fetched'], listing: { ...EXAMPLES['listing.fetched'].listing, url: 'not a url' } };
    await expect(producer.publish('listing.fetched', 'sreality:1', bad)).rejects.toThrow(/listing\.fetched v1 refused: listing\.url/);
    await expect(producer.publish('listing.fetched', 'sreality:1', bad)).rejects.toBeInstanceOf(AppError);
  });

  it('persists a consumed event once even when it is delivered twice, and dead-letters malformed messages without stopping', async () => {
    const Listings = db.model<Stored>('Listing', storedSchema, 'listings');
    const processed = new ProcessedEvents(db, 'kit-test.on-listing-fetched');
    // Deliveries the handler finished (a failed attempt that is retried is not one).
    const handled: string[] = [];

    await consumer.subscribe({
      group: 'kit-test.on-listing-fetched',
      events: ['listing.fetched'],
      fromBeginning: true,
      handle: async (event) => {
        if (await processed.has(event.id)) {
          handled.push(event.id);
          return 'skipped';
        }
        const key = `${event.data.listing.portal}:${event.data.listing.listingId}`;
        await Listings.updateOne({ _id: key }, { $set: { title: event.data.listing.title }, $inc: { deliveries: 1 } }, { upsert: true });
        await processed.mark(event.id);
        handled.push(event.id);
        return 'processed';
      },
    });

    const first = await producer.publish('listing.fetched', 'sreality:1', EXAMPLES['listing.fetched']);
    await producer.publishRaw('listing.fetched', 'garbage', '{"this is": "not an envelope"}');
    // A redelivery: the very same envelope (same id) arrives again, as Kafka may do.
    await producer.publishRaw('listing.fetched', 'sreality:1', JSON.stringify(first));
    const other = await producer.publish('listing.fetched', 'sreality:2', {
      ...EXAMPLES['listing.fetched'],
      listing: { ...EXAMPLES['listing.fetched'].listing, listingId: '2', title: 'Pronájem bytu 1+kk 30 m²' },
    });

    // Keys land on different partitions, consumed in no particular order: wait for all three deliveries.
    await waitFor(() => handled.filter((id) => id === other.id).length === 1 && handled.filter((id) => id === first.id).length === 2, 20_000, 'three deliveries');
    expect(handled.filter((id) => id === first.id)).toHaveLength(2);

    const docs = await Listings.find().sort({ _id: 1 }).lean();
    expect(docs).toEqual([
      { _id: 'sreality:3853889612', title: EXAMPLES['listing.fetched'].listing.title, deliveries: 1 },
      { _id: 'sreality:2', title: 'Pronájem bytu 1+kk 30 m²', deliveries: 1 },
    ].sort((a, b) => a._id.localeCompare(b._id)));

    const dead = await producer.readRaw(dlqTopicOf(`${env.prefix}listing.fetched.v1`), 1);
    expect(dead[0].value).toContain('not an envelope');
    expect(dead[0].headers[HEADERS.errorCode]).toBe('EVENT_SCHEMA_INVALID');
  });

  it('moves a message its handler keeps rejecting to the dead-letter topic and goes on with the next', async () => {
    const handled: Envelope[] = [];
    await consumer.subscribe({
      group: 'kit-test.poison',
      events: ['offer.withdrawn'],
      fromBeginning: true,
      maxAttempts: 2,
      handle: async (event) => {
        if (event.data.offerId === 'poison') throw new AppError('VALIDATION_FAILED', 'offer poison cannot be withdrawn');
        handled.push(event);
      },
    });
    await producer.publish('offer.withdrawn', 'poison', { offerId: 'poison', withdrawnAt: new Date().toISOString() });
    await producer.publish('offer.withdrawn', 'fine', { offerId: 'fine', withdrawnAt: new Date().toISOString() });

    await waitFor(() => handled.length === 1, 20_000);
    expect(handled[0].data).toMatchObject({ offerId: 'fine' });
    const dead = await producer.readRaw(dlqTopicOf(`${env.prefix}offer.withdrawn.v1`), 1);
    expect(dead[0].headers[HEADERS.errorCode]).toBe('VALIDATION_FAILED');
    expect(dead[0].headers[HEADERS.errorMessage]).toContain('offer poison cannot be withdrawn');
    expect(dead[0].key).toBe('poison');
  });

  it('holds a fetched batch back while its consumer has no room, heartbeating, and hands it over once there is', async () => {
    const handled: Envelope[] = [];
    let room = false;
    let asked = 0;
    await consumer.subscribe({
      group: 'kit-test.room',
      events: ['offer.relisted'],
      fromBeginning: true,
      hasRoom: () => (asked++, room),
      handleBatch: async (events) => void handled.push(...events),
    });
    await producer.publish('offer.relisted', 'held', EXAMPLES['offer.relisted']);

    // Asked again and again: the batch is fetched and waits for room.
    await waitFor(() => asked >= 30, 20_000);
    expect(handled).toHaveLength(0);
    room = true;
    await waitFor(() => handled.length === 1, 20_000);
    expect(handled[0].type).toBe('offer.relisted');
  });

  it('hands a fetched batch over in slices of batchSize, in order, dead-lettering a malformed message between them', async () => {
    const key = 'sliced';
    const prices = [1, 2, 3, 4, 5, 6, 7].map((i) => 1_000_000 * i);
    const updated = (price: number) => ({ ...EXAMPLES['offer.updated'], offer: { ...EXAMPLES['offer.updated'].offer, id: key, price } });
    // All published before the group joins, so one fetch brings them together.
    for (const price of prices.slice(0, 4)) await producer.publish('offer.updated', key, updated(price));
    await producer.publishRaw('offer.updated', key, '{"not":"an envelope"}');
    for (const price of prices.slice(4)) await producer.publish('offer.updated', key, updated(price));

    const calls: number[][] = [];
    await consumer.subscribe({
      group: 'kit-test.sliced',
      events: ['offer.updated'],
      fromBeginning: true,
      batchSize: 3,
      handleBatch: async (events) => void calls.push(events.filter((e) => e.key === key).map((e) => e.data.offer.price ?? 0)),
    });

    await waitFor(() => calls.flat().length === prices.length, 20_000);
    expect(calls.flat()).toEqual(prices);
    expect(Math.max(...calls.map((c) => c.length))).toBeLessThanOrEqual(3);
    const dead = await producer.readRaw(dlqTopicOf(`${env.prefix}offer.updated.v1`), 1);
    expect(dead[0].value).toBe('{"not":"an envelope"}');
  });

  it('keeps what was published while a group that starts at the end was down, on partitions it never consumed', async () => {
    const withdrawn = (offerId: string) => ({ offerId, withdrawnAt: new Date().toISOString() });
    const received = new Set<string>();
    const subscription = {
      group: 'kit-test.from-the-end',
      events: ['offer.withdrawn' as const],
      handle: async (event: Envelope<{ offerId: string }>) => void received.add(event.data.offerId),
    };
    const first = new Bus({ clientId: 'first', brokers: env.brokers, topicPrefix: env.prefix, logger: log });
    await first.connect();
    await first.subscribe(subscription);
    // Live: one message on one partition is consumed (and committed); the other partitions saw none.
    await waitFor(async () => {
      await producer.publish('offer.withdrawn', 'alive', withdrawn('alive'));
      return received.has('alive');
    }, 30_000, 'the first consumer to take messages');
    await first.disconnect();

    // Down: messages on every partition of the six.
    const whileDown = Array.from({ length: 24 }, (_, i) => `down-${i}`);
    for (const id of whileDown) await producer.publish('offer.withdrawn', id, withdrawn(id));

    const second = new Bus({ clientId: 'second', brokers: env.brokers, topicPrefix: env.prefix, logger: log });
    await second.connect();
    try {
      await second.subscribe(subscription);
      await waitFor(() => whileDown.every((id) => received.has(id)), 30_000, 'the messages published while the group was down');
    } finally {
      await second.disconnect();
    }
  }, 90_000);
});
