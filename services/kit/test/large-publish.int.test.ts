import { EXAMPLES } from '@rr/proto/examples';
import { Bus, createLogger } from '../src';
import { testEnv } from '../src/testing';

/** A publish larger than the broker takes in one request (1 MB a partition by default) still goes out whole. */
describe('large publishes', () => {
  const env = testEnv();
  let bus: Bus;

  beforeAll(async () => {
    bus = new Bus({ clientId: 'large', brokers: env.brokers, topicPrefix: env.prefix, logger: createLogger('large-test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
  });

  afterAll(async () => {
    await bus.disconnect();
  });

  it('splits 3 MB for one partition into requests the broker accepts, in order', async () => {
    const base = EXAMPLES['listing.fetched'];
    const items = Array.from({ length: 600 }, (_, i) => ({
      key: `sreality:${i}`,
      data: { ...base, listing: { ...base.listing, listingId: String(i), description: `${i} `.padEnd(5_000, 'x') } },
    }));
    await bus.publishMany('listing.fetched', items);
    // The topic is this file's own: its end offset is what went out.
    const after = await bus.endOffsets('listing.fetched');
    expect(after).toHaveLength(1);
    expect(Number(after[0].offset)).toBe(600);
    const last = await bus.readRaw(`${env.prefix}listing.fetched.v1`, 600);
    expect(last.map((m) => m.key)).toEqual(items.map((i) => i.key));
  });
});
