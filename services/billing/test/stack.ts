import jwt from 'jsonwebtoken';
import { Bus, createLogger, runService } from '@rr/kit';
import type { Envelope, EventData, EventType } from '@rr/proto';
import { SIM_CREDENTIALS, SIM_FIO, startPaymentSimulator } from '@rr/payment-simulator/test/support';
import { createBillingService, type BillingParts } from '../src/service';
import { freePort, testRunId } from '@rr/kit/testing';

export const JWT_SECRET = 's'.repeat(40);

export { freePort };

/**
 * Billing in-process on the real Kafka and database (own topic prefix and database suffix),
 * against the payment simulator on an ephemeral port; GoPay notifies billing's API directly.
 */
export async function startBilling(overrides: Record<string, string> = {}) {
  const id = testRunId();
  const sim = await startPaymentSimulator();
  const apiPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    KAFKA_TOPIC_PREFIX: `t-${id}.`,
    MONGO_DB_SUFFIX: `-t-${id}`,
    HEALTH_PORT: '0',
    BILLING_API_PORT: String(apiPort),
    JWT_SECRET,
    PUBLIC_URL: 'http://rr.test',
    GOPAY_BASE_URL: `${sim.url}/gopay/api`,
    GOPAY_CLIENT_ID: SIM_CREDENTIALS.clientId,
    GOPAY_CLIENT_SECRET: SIM_CREDENTIALS.clientSecret,
    GOPAY_GOID: String(SIM_CREDENTIALS.goid),
    GOPAY_TIMEOUT_MS: '2000',
    GOPAY_NOTIFICATION_URL: `http://127.0.0.1:${apiPort}/billing/gopay/notify`,
    FIO_BASE_URL: `${sim.url}/fio`,
    FIO_TOKEN: SIM_FIO.token,
    FIO_PAYMENT_TOKEN: SIM_FIO.paymentToken,
    BANK_ACCOUNT: `${SIM_FIO.accountId}/2010`,
    BANK_IBAN: SIM_FIO.iban,
    // Rounds are run by the tests themselves.
    RECONCILE_SECONDS: '3600',
    RECONCILE_ON_START: 'false',
    ...overrides,
  };
  const log = createLogger('test', 'silent');
  const admin = new Bus({ clientId: `test-${id}`, brokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: log });
  await admin.connect();
  await admin.ensureTopics();

  let parts!: BillingParts;
  let billing = await runService(createBillingService((p) => (parts = p)), env, { trapSignals: false });

  const events = new Map<EventType, Array<Envelope<unknown>>>();
  const watch = async <T extends EventType>(type: T) => {
    events.set(type, []);
    await admin.subscribe({ group: `test.watch-${type}-${id}`, events: [type], fromBeginning: true, handle: async (e) => void events.get(type)!.push(e as Envelope<unknown>) });
  };
  const seen = <T extends EventType>(type: T) => (events.get(type) ?? []) as Array<Envelope<EventData<T>>>;

  const api = `http://127.0.0.1:${apiPort}`;
  const tokenFor = (userId: string, extra: Record<string, unknown> = {}) =>
    jwt.sign({ email: `${userId}@example.cz`, locale: 'cs', role: 1, ...extra }, JWT_SECRET, { algorithm: 'HS256', subject: userId, expiresIn: 3600 });
  const call = async (method: string, path: string, userId: string | null, body?: unknown) => {
    const res = await fetch(api + path, {
      method,
      headers: { 'content-type': 'application/json', ...(userId ? { authorization: `Bearer ${tokenFor(userId)}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API JSON asserted field by field in tests
    return { status: res.status, body: (await res.json()) as any };
  };

  return {
    sim, api, env, events, watch, seen, call, tokenFor,
    /** The running instance's parts (a restart replaces them). */
    get parts() {
      return parts;
    },
    /** Stops billing (as a crash would, without waiting for what it was doing) and starts a new instance on the same database and topics. */
    async restart() {
      await billing.stop();
      billing = await runService(createBillingService((p) => (parts = p)), env, { trapSignals: false });
    },
    async stop() {
      await billing.stop();
      await admin.disconnect();
      await sim.stop();
    },
  };
}

export const BILLING = {
  name: 'Jana Nováková', street: 'Hnězdenská 12', city: 'Praha 8', postalCode: '181 00',
};
