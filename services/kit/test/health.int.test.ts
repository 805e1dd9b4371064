import { Bus, createLogger, startHealthServer } from '../src';
import { testEnv } from '../src/testing';

describe('health endpoint', () => {
  const log = createLogger('health-test', 'silent');

  it('answers 200 with every dependency while the broker is reachable', async () => {
    const env = testEnv();
    const bus = new Bus({ clientId: 'health-test', brokers: env.brokers, logger: log });
    await bus.connect();
    const health = await startHealthServer({ service: 'health-test', checks: { kafka: () => bus.ping() } }, 0);
    try {
      const res = await fetch(`http://127.0.0.1:${health.port}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ service: 'health-test', ok: true, dependencies: { kafka: { ok: true } } });
    } finally {
      await health.close();
      await bus.disconnect();
    }
  });

  it('turns unhealthy within seconds when the broker cannot be reached, naming the dependency', async () => {
    // A port nothing listens on stands in for a stopped broker.
    const bus = new Bus({ clientId: 'health-test', brokers: ['127.0.0.1:1'], logger: log });
    const health = await startHealthServer({ service: 'health-test', checks: { kafka: () => bus.ping(1_000) } }, 0);
    try {
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${health.port}/health`);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { ok: boolean; dependencies: { kafka: { ok: boolean; detail?: string } } };
      expect(body.ok).toBe(false);
      expect(body.dependencies.kafka.ok).toBe(false);
      expect(body.dependencies.kafka.detail).toEqual(expect.any(String));
    } finally {
      await health.close();
      await bus.disconnect();
    }
  });
});
