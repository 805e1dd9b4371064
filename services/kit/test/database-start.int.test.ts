import net from 'node:net';
import { connectDatabase, createLogger } from '../src';
import { freePort, testEnv } from '../src/testing';

/**
 * A service starting while its database is still coming up (or briefly saturated) waits for it
 * instead of dying on the first 5 s server-selection timeout.
 */
describe('connecting to the database at start', () => {
  const env = testEnv();
  const log = createLogger('database-start-test', 'silent');
  const target = new URL(env.mongoUrl.replace(/^mongodb:/, 'http:'));

  /** A TCP relay to the real database, opened late, so the first attempt finds nobody listening. */
  function relayTo(port: number): net.Server {
    return net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 27017), target.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    }).listen(port, '127.0.0.1');
  }

  it('keeps trying until the database answers', async () => {
    const port = await freePort();
    let relay: net.Server | undefined;
    const opening = setTimeout(() => { relay = relayTo(port); }, 6_500);
    try {
      const db = await connectDatabase(`mongodb://127.0.0.1:${port}`, `rr-kit-start${env.dbSuffix}`, log, { startTimeoutMs: 30_000 });
      expect(relay).toBeDefined();
      expect((await db.db!.admin().command({ ping: 1 })).ok).toBe(1);
      await db.close();
    } finally {
      clearTimeout(opening);
      await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
    }
  }, 40_000);

  it('gives up with the driver\'s error once the start deadline has passed', async () => {
    const port = await freePort();
    await expect(connectDatabase(`mongodb://127.0.0.1:${port}`, 'rr-kit-never', log, { startTimeoutMs: 1_000 })).rejects.toThrow(/ECONNREFUSED|Server selection timed out/);
  }, 20_000);
});
