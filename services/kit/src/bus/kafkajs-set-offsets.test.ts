/**
 * kafkajs's `admin.setOffsets` commits through a consumer of the group whose partitions it pauses;
 * that consumer's first fetch then sleeps its `maxWaitTimeInMs` (5 s by default) before the event
 * that stops it, so every group the bus pins (`pinUncommittedPartitions`) cost a service's start
 * 5 s. `scripts/patches` gives that consumer a short wait at install; this holds the installed copy
 * to it.
 */
type ConsumerOptions = { groupId: string; maxWaitTimeInMs?: number };
const created: ConsumerOptions[] = [];

jest.mock('kafkajs/src/consumer', () => (options: ConsumerOptions) => {
  created.push(options);
  let onFetch: () => void = () => undefined;
  return {
    events: { FETCH: 'consumer.fetch' },
    subscribe: async () => undefined,
    describeGroup: async () => ({ state: 'Empty' }),
    on: (_event: string, listener: () => void) => void (onFetch = listener),
    run: async () => setImmediate(() => onFetch()),
    pause: () => undefined,
    seek: () => undefined,
    stop: async () => undefined,
  };
});

// eslint-disable-next-line @typescript-eslint/no-require-imports
const createAdmin = require('kafkajs/src/admin') as (options: object) => { setOffsets(request: object): Promise<void> };

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const logger = { ...silent, namespace: () => logger, setLogLevel: () => undefined };

describe('kafkajs admin.setOffsets (patched)', () => {
  it('commits through a consumer that waits a moment, not 5 s, before it stops', async () => {
    const admin = createAdmin({ logger, cluster: {}, retry: { retries: 0 } });
    await admin.setOffsets({ groupId: 'g', topic: 't', partitions: [{ partition: 0, offset: '7' }] });
    expect(created).toHaveLength(1);
    expect(created[0].groupId).toBe('g');
    expect(created[0].maxWaitTimeInMs).toBeLessThanOrEqual(200);
  });
});
