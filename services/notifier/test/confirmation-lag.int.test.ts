import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { runService, type ServiceDefinition } from '@rr/kit';
import type { AlertSentV1, Envelope } from '@rr/proto';
import type { NotifierConfig } from '../src/config';
import { notifierService } from '../src/main';
import { startNotifier } from '../src/notifier';
import { ledgerModel } from '../src/repositories/ledger.model';
import { busRecordingSent, matchFor, notifierTestEnv, recordingSmtp, sleep, waitFor } from './helpers';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const PEOPLE = 8;
const MAX_UNCONFIRMED = 2;
const MAX_WAITING = 4;

/**
 * Sending does not run ahead of the ledger: while the confirmations of accepted e-mails are held
 * up (a slow database), at most ALERT_MAX_UNCONFIRMED e-mails go out; the rest wait, new matches
 * stay in Kafka while ALERT_MAX_WAITING or more wait, and all go once the confirmations catch
 * up — each person's e-mail exactly once.
 */
describe('notifier while the ledger confirms slowly', () => {
  const smtp = recordingSmtp();
  const sent: Array<Envelope<AlertSentV1>> = [];
  let release: () => void = () => undefined;
  const confirmationsHeld = new Promise<void>((resolve) => (release = resolve));
  let notifier: Awaited<ReturnType<typeof startNotifier>> | undefined;
  let service: Awaited<ReturnType<typeof runService<typeof NotifierConfig>>>;
  let bus: Awaited<ReturnType<typeof busRecordingSent>>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.server.address() as AddressInfo).port;
    const env = { ...notifierTestEnv(run, { ALERT_WINDOW_MS: '0', ALERT_DUE_SCAN_MS: '200', ALERT_MAX_UNCONFIRMED: String(MAX_UNCONFIRMED), ALERT_MAX_WAITING: String(MAX_WAITING) }), SMTP_URL: `smtp://127.0.0.1:${port}` };
    bus = await busRecordingSent('lag-test', env, sent);
    // The real notifier, whose ledger holds every confirmation back until the test lets it go.
    const held: ServiceDefinition<typeof NotifierConfig> = {
      ...notifierService,
      start: async (ctx) => {
        notifier = await startNotifier(ctx);
        const confirmSent = notifier.ledger.confirmSent.bind(notifier.ledger);
        notifier.ledger.confirmSent = async (confirmations) => {
          await confirmationsHeld;
          return confirmSent(confirmations);
        };
        return notifier;
      },
    };
    service = await runService(held, env, { trapSignals: false });
  });

  afterAll(async () => {
    release();
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends no more than the limit until the ledger catches up, holds new matches in Kafka meanwhile, then sends every e-mail once', async () => {
    const person = (i: number) => ({ email: `lag${i}-${run}@example.cz`, offerId: `p_lag${i}${run}` });
    const first = Array.from({ length: PEOPLE }, (_, i) => person(i));
    const later = Array.from({ length: 3 }, (_, i) => person(PEOPLE + i));
    const inLedger = async (of: typeof first) => ledgerModel(service.db!).countDocuments({ _id: { $in: of.map((p) => `${p.email}|${p.offerId}`) } });
    const publish = (of: typeof first) => bus.publishMany('match.found', of.map((p) => ({ key: p.email, data: matchFor(p.email, { id: p.offerId }) })));

    await publish(first);
    // The matches come a partition's batch at a time, and a batch is taken only while fewer than
    // ALERT_MAX_WAITING wait: so at least MAX_UNCONFIRMED + MAX_WAITING of the eight are in the
    // ledger (all eight when one fetch brought them before the e-mails went), the rest in Kafka.
    await waitFor('the first e-mails', () => smtp.accepted.length >= MAX_UNCONFIRMED);
    await waitFor('the others waiting in memory', () => notifier!.dispatcher.details().waiting >= MAX_WAITING);
    await publish(later);
    await sleep(1_500);
    const admitted = await inLedger(first);
    expect(admitted).toBeGreaterThanOrEqual(MAX_UNCONFIRMED + MAX_WAITING);
    expect(smtp.accepted).toHaveLength(MAX_UNCONFIRMED);
    expect(notifier!.dispatcher.details()).toMatchObject({ unconfirmed: MAX_UNCONFIRMED, waiting: admitted - MAX_UNCONFIRMED });
    expect(sent).toHaveLength(0);
    // As many wait in memory as ALERT_MAX_WAITING or more: the next matches stay in Kafka.
    expect(await inLedger(later)).toBe(0);

    release();
    const everyone = [...first, ...later].map((p) => p.email);
    await waitFor('alert.sent for everyone', () => new Set(sent.map((e) => e.data.recipientEmail)).size === everyone.length, 30_000);
    expect(smtp.accepted.sort()).toEqual(everyone.sort());
    expect(sent).toHaveLength(everyone.length);
  });
});
