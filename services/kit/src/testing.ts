import { randomUUID } from 'node:crypto';

/**
 * Isolation for integration tests that share one broker and one database server: a topic prefix
 * and a database suffix of their own. Call `bus.ensureTopics()` to create the prefixed topics.
 */
export function testEnv(overrides: NodeJS.ProcessEnv = {}) {
  const id = randomUUID().slice(0, 8);
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
  const prefix = `t${id}.`;
  const dbSuffix = `-t${id}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_TOPIC_PREFIX: prefix,
    MONGO_URL: mongoUrl,
    MONGO_DB_SUFFIX: dbSuffix,
    HEALTH_PORT: '0',
    ...overrides,
  };
  return { id, brokers, mongoUrl, prefix, dbSuffix, env };
}

/** Polls until the condition holds; fails with the given message after the timeout. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

type Falsy = false | '' | 0 | null | undefined;

/** Polls until `probe` answers something truthy, and returns it (e.g. the awaited event). */
export async function waitForValue<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 15_000): Promise<Exclude<T, Falsy>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Exclude<T, Falsy>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
