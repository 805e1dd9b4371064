import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { Bus, createLogger, runService } from '@rr/kit';
import type { Envelope, EventData, EventType } from '@rr/proto';
import { gatewayService } from '@rr/gateway/src/service';
import { accountService } from '../src/service';
import { freePort, testRunId } from '@rr/kit/testing';

/**
 * The account service and the gateway started in-process on the real Kafka and database, with a
 * topic prefix and database suffix of their own, plus helpers to read MailDev and the topics.
 */

export const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';
export const ADMIN = { email: 'admin@realityradar.test', password: 'admin-password-1' };
export const LINK_SECRET = 'l'.repeat(40);

export { freePort };

export type Stack = Awaited<ReturnType<typeof startStack>>;

export async function startStack(overrides: Record<string, string> = {}) {
  const id = testRunId();
  const [apiPort, gatewayPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    KAFKA_TOPIC_PREFIX: `t-${id}.`,
    MONGO_DB_SUFFIX: `-t-${id}`,
    HEALTH_PORT: '0',
    ACCOUNT_API_PORT: String(apiPort),
    JWT_SECRET: 's'.repeat(40),
    WATCHDOG_LINK_SECRET: LINK_SECRET,
    PUBLIC_URL: 'http://rr.test',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '2',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
    ...overrides,
  };
  const log = createLogger('test', 'silent');
  const admin = new Bus({ clientId: `test-${id}`, brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: log });
  await admin.connect();
  await admin.ensureTopics();

  const account = await runService(accountService, env, { trapSignals: false });
  const gateway = await runService(gatewayService, {
    ...env,
    GATEWAY_PORT: String(gatewayPort),
    ACCOUNT_URL: `http://127.0.0.1:${apiPort}`,
    SERVICE_HEALTH_URLS: `account=http://127.0.0.1:${account.healthPort}/health,account-api=http://127.0.0.1:${apiPort}/health`,
    ...overrides,
  }, { trapSignals: false });

  const events = new Map<EventType, Array<Envelope<unknown>>>();
  const watch = async <T extends EventType>(type: T) => {
    events.set(type, []);
    await admin.subscribe({
      group: `test.watch-${type}-${id}`,
      events: [type],
      fromBeginning: true,
      handle: async (e) => {
        events.get(type)!.push(e as Envelope<unknown>);
      },
    });
  };

  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  return {
    env,
    baseUrl,
    account,
    gateway,
    bus: admin,
    /** A client from its own address, so per-IP rate limits of one test do not touch another. */
    client(ip = `10.${rand255()}.${rand255()}.${rand255()}`) {
      const agent = supertest(baseUrl);
      const withIp = (r: supertest.Test) => r.set('X-Forwarded-For', ip);
      return {
        ip,
        get: (url: string) => withIp(agent.get(url)),
        post: (url: string) => withIp(agent.post(url)),
        patch: (url: string) => withIp(agent.patch(url)),
        put: (url: string) => withIp(agent.put(url)),
        delete: (url: string) => withIp(agent.delete(url)),
      };
    },
    watch,
    events<T extends EventType>(type: T): Array<Envelope<EventData<T>>> {
      return (events.get(type) ?? []) as Array<Envelope<EventData<T>>>;
    },
    async stop() {
      await gateway.stop();
      await account.db?.dropDatabase().catch(() => undefined);
      await account.stop();
      await admin.disconnect();
    },
  };
}

const rand255 = () => Math.floor(Math.random() * 250) + 1;

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.cz`;

export async function eventually<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type CaughtMail = { id: string; subject: string; html: string; text: string; to: Array<{ address: string }>; headers: Record<string, string> };

/** The messages MailDev caught for an address, newest last. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${MAILDEV_URL}/email`);
  const all = (await res.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

export async function waitForMail(address: string, subjectPart: string, count = 1): Promise<CaughtMail> {
  const mails = await eventually(async () => {
    const found = (await mailsTo(address)).filter((m) => m.subject.includes(subjectPart));
    return found.length >= count ? found : null;
  }, 10_000, `mail "${subjectPart}" to ${address}`);
  return mails[mails.length - 1];
}

export function linkParam(mail: CaughtMail, name: string): string {
  const match = new RegExp(`[?&]${name}=([A-Za-z0-9_.%-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${name} in mail ${mail.subject}`);
  return decodeURIComponent(match[1]);
}
