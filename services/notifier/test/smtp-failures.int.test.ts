import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Bus, createLogger, runService } from '@rr/kit';
import type { EmailBouncedV1, Envelope } from '@rr/proto';
import { notifierService } from '../src/main';
import { ledgerModel } from '../src/repositories/ledger.model';
import { matchFor, recordingSmtp, waitFor } from './helpers';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);

/** An SMTP server that refuses `gone-…` for good and `busy-…` for now (the first two tries). */
function flakySmtp() {
  let busy = 0;
  return recordingSmtp((address, _session, callback) => {
    if (address.address.startsWith('gone-')) return callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
    if (address.address.startsWith('busy-') && busy++ < 2) return callback(Object.assign(new Error('4.2.0 try later'), { responseCode: 451 }));
    callback();
  });
}

describe('notifier when the mail server refuses', () => {
  const smtp = flakySmtp();
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>>;
  const bounced: Array<Envelope<EmailBouncedV1>> = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.server.address() as AddressInfo).port;
    const env = {
      ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', NOTIFIER_API_PORT: '0', LOG_LEVEL: 'silent',
      AD_SERVING_URL: '', WATCHDOG_LINK_SECRET: 'y'.repeat(40), SMTP_URL: `smtp://127.0.0.1:${port}`,
    };
    bus = new Bus({ clientId: 'notifier-test', brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({ group: 'test.bounced', events: ['email.bounced'], fromBeginning: true, handle: async (e) => void bounced.push(e) });
    service = await runService(notifierService, env, { trapSignals: false });
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('publishes email.bounced for a permanent refusal and does not retry', async () => {
    const to = `gone-${run}@example.cz`;
    await bus.publish('match.found', to, matchFor(to, { id: `g1-${run}` }));
    const event = await waitFor('email.bounced', () => bounced.find((e) => e.data.email === to));
    expect(event.data).toMatchObject({ permanent: true });
    expect(event.data.reason).toContain('550');
    const entry = await ledgerModel(service.db!).findById(`${to}|g1-${run}`).lean();
    expect(entry).toMatchObject({ status: 'failed', attempts: 0 });
  });

  it('retries a temporary refusal with backoff until the server takes it', async () => {
    const to = `busy-${run}@example.cz`;
    await bus.publish('match.found', to, matchFor(to, { id: `r1-${run}` }));
    await waitFor('accepted after retries', () => smtp.accepted.includes(to), 25_000);
    // The server has the message before the notifier hears its reply and confirms the claim.
    const entry = await waitFor('the ledger to settle', async () => {
      const found = await ledgerModel(service.db!).findById(`${to}|r1-${run}`).lean();
      return found?.status !== 'claimed' && found;
    });
    expect(entry).toMatchObject({ status: 'sent', attempts: 2 });
    expect(bounced.some((e) => e.data.email === to)).toBe(false);
  });
});
