import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { Bus, createLogger, databaseNameOf, runService } from '@rr/kit';
import type { AlertSentV1, Envelope } from '@rr/proto';
import { notifierService } from '../src/main';
import { ledgerModel, type LedgerEntry } from '../src/repositories/ledger.model';
import { mailTo, matchFor, sleep, waitFor } from './helpers';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
// The rescan stays out of the way (an hour, not the default minute, which could fall inside a wait
// on a slow run): what is found here is found by the start-up load or a redelivery.
const env = {
  ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', NOTIFIER_API_PORT: '0', LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://realityradar.test', AD_SERVING_URL: '', WATCHDOG_LINK_SECRET: 'z'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025',
  ALERT_WINDOW_MS: '1500', ALERT_CLAIM_TIMEOUT_MS: '2000', ALERT_RESCAN_MS: '3600000',
};
const person = (name: string) => `${name}-${run}@example.cz`;

/** A ledger entry as an earlier process left it. */
function leftover(email: string, offerId: string, title: string, state: Partial<LedgerEntry>): LedgerEntry {
  const match = matchFor(email, { id: offerId, title });
  return {
    _id: `${email}|${offerId}`, email, locale: 'cs', userId: null, watchdogId: match.watchdogId, offerId, reason: 'new', offer: match.offer,
    withAds: false, fetchedAt: match.fetchedAt, status: 'pending', dueAt: new Date(), attempts: 0, batchId: null, claimedAt: null,
    sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: new Date(), ...state,
  };
}

describe('notifier recovery', () => {
  let bus: Bus;
  let db: Connection;
  let service: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>> | undefined;
  const sent: Array<Envelope<AlertSentV1>> = [];
  const ledger = () => ledgerModel(db);

  beforeAll(async () => {
    bus = new Bus({ clientId: 'notifier-test', brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({ group: 'test.sent', events: ['alert.sent'], fromBeginning: true, handle: async (e) => void sent.push(e) });
    db = await mongoose.createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: databaseNameOf('notifier', { MONGO_DB_SUFFIX: env.MONGO_DB_SUFFIX }) }).asPromise();
  });

  afterAll(async () => {
    await service?.stop();
    await db?.dropDatabase().catch(() => undefined);
    await db?.close();
    await bus?.disconnect();
  });

  it('after a restart sends what was pending, takes over claims nobody confirmed and reports sends that were not reported', async () => {
    const waiting = person('waiting');
    const stale = person('stale');
    const fresh = person('fresh');
    const reported = person('unreported');
    const freshClaimedAt = new Date();
    await ledger().insertMany([
      leftover(waiting, `w1-${run}`, 'Čekající byt', {}),
      leftover(stale, `s1-${run}`, 'Byt po pádu', { status: 'claimed', batchId: 'dead-sender', claimedAt: new Date(Date.now() - 60_000) }),
      leftover(fresh, `f1-${run}`, 'Čerstvě zabraný byt', { status: 'claimed', batchId: 'slow-sender', claimedAt: freshClaimedAt }),
      leftover(reported, `u1-${run}`, 'Odeslaný byt', { status: 'sent', batchId: 'sent-batch', claimedAt: new Date(Date.now() - 30_000), sentAt: new Date(Date.now() - 30_000), provider: 'smtp' }),
    ]);
    service = await runService(notifierService, env, { trapSignals: false });

    const [first] = await waitFor('the waiting alert', async () => (await mailTo(waiting)).length > 0 && mailTo(waiting));
    expect(first.subject).toContain('Čekající byt');
    const [takenOver] = await waitFor('the stale claim sent', async () => (await mailTo(stale)).length > 0 && mailTo(stale));
    expect(takenOver.subject).toContain('Byt po pádu');
    await waitFor('the fresh claim sent', async () => (await mailTo(fresh)).length > 0);
    // Taken over only once the claim timed out.
    const takeover = await ledger().findById(`${fresh}|f1-${run}`).lean();
    expect(takeover!.batchId).not.toBe('slow-sender');
    expect(takeover!.claimedAt!.getTime()).toBeGreaterThanOrEqual(freshClaimedAt.getTime() + 2_000);

    const report = await waitFor('alert.sent for the unreported send', () => sent.find((e) => e.data.recipientEmail === reported));
    expect(report.data.offerIds).toEqual([`u1-${run}`]);
    expect(await mailTo(reported)).toHaveLength(0);
    for (const key of [`${waiting}|w1-${run}`, `${stale}|s1-${run}`, `${fresh}|f1-${run}`, `${reported}|u1-${run}`]) {
      await waitFor(`${key} sent and reported`, async () => {
        const e = await ledger().findById(key).lean();
        return e?.status === 'sent' && e.reported;
      });
    }
    await sleep(1_000);
    for (const to of [waiting, stale, fresh]) expect(await mailTo(to)).toHaveLength(1);
    expect(sent.filter((e) => e.data.recipientEmail === reported)).toHaveLength(1);
  });

  it('takes up an open entry another sender left behind as soon as its match is delivered again', async () => {
    const to = person('redelivered');
    const match = matchFor(to, { id: `r1-${run}`, title: 'Znovu doručený byt' });
    await ledger().create(leftover(to, `r1-${run}`, 'Znovu doručený byt', { createdAt: new Date(Date.now() - 10_000) }));
    await bus.publish('match.found', to, match);
    // No rescan can find it meanwhile, so a generous wait for Kafka and the mail catcher still shows the redelivery did.
    const [mail] = await waitFor('the alert', async () => (await mailTo(to)).length > 0 && mailTo(to), 20_000);
    expect(mail.subject).toContain('Znovu doručený byt');
    await bus.publish('match.found', to, match);
    await sleep(2_000);
    expect(await mailTo(to)).toHaveLength(1);
  });

  it('keeps the window of the last e-mail across a restart', async () => {
    const to = person('window');
    await bus.publish('match.found', to, matchFor(to, { id: `x1-${run}`, title: 'První' }));
    await waitFor('the first alert', async () => (await mailTo(to)).length === 1);
    await service!.stop();
    // A longer window after the restart, so that it cannot have passed while the service restarted.
    service = await runService(notifierService, { ...env, ALERT_WINDOW_MS: '6000' }, { trapSignals: false });
    await bus.publish('match.found', to, matchFor(to, { id: `x2-${run}`, title: 'Druhý' }));
    await waitFor('the second alert', async () => (await mailTo(to)).length === 2, 20_000);
    // Both e-mails were claimed when they started: the second one not before the window after the first.
    const claimedAt = async (offerId: string) => (await ledger().findById(`${to}|${offerId}`).lean())!.claimedAt!.getTime();
    expect((await claimedAt(`x2-${run}`)) - (await claimedAt(`x1-${run}`))).toBeGreaterThanOrEqual(6_000);
  });

});
