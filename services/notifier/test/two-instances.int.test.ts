import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { Bus, createLogger, databaseNameOf, runService } from '@rr/kit';
import { notifierService } from '../src/main';
import { ledgerModel, type LedgerEntry } from '../src/repositories/ledger.model';
import { mailTo, matchFor, sleep, waitFor } from './helpers';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const CLAIM_TIMEOUT_MS = 4_000;
const env = {
  ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', NOTIFIER_API_PORT: '0', LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://realityradar.test', AD_SERVING_URL: '', WATCHDOG_LINK_SECRET: 'z'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025',
  ALERT_WINDOW_MS: '1500', ALERT_CLAIM_TIMEOUT_MS: String(CLAIM_TIMEOUT_MS),
};

function pendingEntry(email: string, offerId: string): LedgerEntry {
  const match = matchFor(email, { id: offerId, title: `Dvojče ${offerId}` });
  return {
    _id: `${email}|${offerId}`, email, locale: 'cs', userId: null, watchdogId: match.watchdogId, offerId, reason: 'new', offer: match.offer,
    withAds: false, fetchedAt: match.fetchedAt, status: 'pending', dueAt: new Date(), attempts: 0, batchId: null, claimedAt: null, claims: 0,
    sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: new Date(),
  };
}

describe('two notifier instances on one ledger', () => {
  let bus: Bus;
  let db: Connection;
  const services: Array<Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>>> = [];

  beforeAll(async () => {
    bus = new Bus({ clientId: 'notifier-test', brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    db = await mongoose.createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: databaseNameOf('notifier', { MONGO_DB_SUFFIX: env.MONGO_DB_SUFFIX }) }).asPromise();
  });

  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await db?.dropDatabase().catch(() => undefined);
    await db?.close();
    await bus?.disconnect();
  });

  it('sends each open entry once when both load the same ledger and race for it, also after the claim timeout', async () => {
    const people = Array.from({ length: 8 }, (_, i) => `twin${i}-${run}@example.cz`);
    await ledgerModel(db).insertMany(people.map((to, i) => pendingEntry(to, `t${i}-${run}`)));
    const started = Date.now();
    services.push(...(await Promise.all([runService(notifierService, env, { trapSignals: false }), runService(notifierService, env, { trapSignals: false })])));
    for (const to of people) await waitFor(`the alert to ${to}`, async () => (await mailTo(to)).length > 0);
    // The loser of each race takes over only if the winner did not confirm within the claim timeout.
    await sleep(Math.max(1_000, started + CLAIM_TIMEOUT_MS + 1_500 - Date.now()));
    for (const to of people) expect(await mailTo(to)).toHaveLength(1);
    for (const [i, to] of people.entries()) {
      expect(await ledgerModel(db).findById(`${to}|t${i}-${run}`).lean()).toMatchObject({ status: 'sent', reported: true });
    }
  });
});
