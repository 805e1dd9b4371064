import { createLogger, runService, Bus } from '@rr/kit';
import { testRunId } from '@rr/kit/testing';
import { accountService } from '../src/service';
import { userModel } from '../src/users/user.model';
import { ADMIN, freePort } from './stack';

jest.setTimeout(120_000);

/**
 * Two instances of the account service starting together on a new database (a deployment's two
 * replicas, bench:distributed): both find no administrator, and both must start — the second insert
 * of the administrator's unique e-mail turns into an update of the first (one administrator).
 */
describe('account: two instances starting together on a new database', () => {
  it('both start, with one administrator', async () => {
    const id = testRunId();
    const env = async (): Promise<NodeJS.ProcessEnv> => ({
      ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', KAFKA_TOPIC_PREFIX: `t-${id}.`, MONGO_DB_SUFFIX: `-t-${id}`,
      HEALTH_PORT: '0', ACCOUNT_API_PORT: String(await freePort()), JWT_SECRET: 's'.repeat(40), WATCHDOG_LINK_SECRET: 'l'.repeat(40),
      PUBLIC_URL: 'http://rr.test', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '2', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
    });
    const bus = new Bus({ clientId: `test-${id}`, brokers: ['127.0.0.1:9092'], topicPrefix: `t-${id}.`, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    const [first, second] = await Promise.allSettled([runService(accountService, await env(), { trapSignals: false }), runService(accountService, await env(), { trapSignals: false })]);
    const started = [first, second].flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect([first.status, second.status]).toEqual(['fulfilled', 'fulfilled']);
      expect(await userModel(started[0].db!).countDocuments({ email: ADMIN.email })).toBe(1);
      expect(await userModel(started[0].db!).findOne({ email: ADMIN.email }).lean()).toMatchObject({ state: 'Active' });
    } finally {
      await started[0]?.db?.dropDatabase().catch(() => undefined);
      for (const s of started) await s.stop();
      await bus.disconnect();
    }
  });
});
