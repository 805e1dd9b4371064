import { randomUUID } from 'node:crypto';
import net from 'node:net';

/** Minutes since the epoch, modulo 16^5 (about two years): the stamp at the start of a test id. */
export const minuteStamp = (ms: number) => Math.floor(ms / 60_000) % 0x100000;

/**
 * A test's id: its minute (5 hex digits) then 7 random ones, so that cleaning up can leave alone
 * the topics of tests that may still be running (see scripts/delete-topics.ts).
 */
export function testRunId(now = Date.now()): string {
  return minuteStamp(now).toString(16).padStart(5, '0') + randomUUID().replace(/-/g, '').slice(0, 7);
}

/** The minute a test id was made in, or null for an id of another shape. */
export function minuteOfTestRunId(id: string): number | null {
  return /^[0-9a-f]{12}$/.test(id) ? parseInt(id.slice(0, 5), 16) : null;
}

/**
 * Isolation for integration tests that share one broker and one database server: a topic prefix
 * and a database suffix of their own. Call `bus.ensureTopics()` to create the prefixed topics.
 */
export function testEnv(overrides: NodeJS.ProcessEnv = {}) {
  const id = testRunId();
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

/** A TCP port free on the loopback right now (the system picks it; closed again before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
