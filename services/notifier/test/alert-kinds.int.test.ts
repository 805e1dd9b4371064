import { randomUUID } from 'node:crypto';
import { runService, type Bus } from '@rr/kit';
import type { AlertSentV1, Envelope } from '@rr/proto';
import { notifierService } from '../src/main';
import { ledgerModel } from '../src/repositories/ledger.model';
import { busRecordingSent, mailTo, matchFor, notifierTestEnv, sleep, waitFor } from './helpers';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const env = notifierTestEnv(run, { ALERT_WINDOW_MS: '300', ALERT_CLAIM_TIMEOUT_MS: '1000', ALERT_RESCAN_MS: '1000' });
const person = (name: string) => `${name}-${run}@example.cz`;
const WITHDRAWN = '2026-11-20T08:00:00.000Z';

/**
 * Comebacks and no-longer-active notices through the ledger: once per comeback and per withdrawal
 * (a redelivery sends nothing), a comeback never repeats a new-offer alert, and a notice reaches
 * only people who were sent the offer.
 */
describe('notifier: comebacks and no-longer-active notices', () => {
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>>;
  const sent: Array<Envelope<AlertSentV1>> = [];
  const publish = (...args: Parameters<typeof matchFor>) => bus.publish('match.found', args[0].toLowerCase(), matchFor(...args));
  const subjects = async (to: string) => (await mailTo(to)).map((m) => m.subject.replace(/\u00a0/g, ' ')).sort();

  beforeAll(async () => {
    bus = await busRecordingSent('alert-kinds-test', env, sent);
    service = await runService(notifierService, env, { trapSignals: false });
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
  });

  it('sends a comeback once per withdrawal it ends, and never repeats the new-offer alert', async () => {
    const to = person('comeback');
    const offer = { id: `c1-${run}`, title: 'Byt, který se vrátil' };
    await publish(to, offer);
    await waitFor('the new-offer alert', async () => (await mailTo(to)).length === 1);

    const back = matchFor(to, offer, { reason: 'backOnMarket', withdrawnAt: WITHDRAWN });
    // The comeback, its redelivery, and the new-offer alert the matcher sends to those who did not ask for comebacks.
    await bus.publish('match.found', to, back);
    await bus.publish('match.found', to, back);
    await publish(to, offer);
    await waitFor('the comeback alert', async () => (await mailTo(to)).length >= 2);
    await sleep(1_500);
    expect(await subjects(to)).toEqual(['Nová nabídka: Byt, který se vrátil – 8 490 000 Kč', 'Znovu v nabídce: Byt, který se vrátil – 8 490 000 Kč']);

    // Withdrawn again and back again: a second comeback of its own.
    await publish(to, offer, { reason: 'backOnMarket', withdrawnAt: '2026-11-24T08:00:00.000Z' });
    await waitFor('the second comeback', async () => (await mailTo(to)).length === 3);
    await sleep(1_000);
    expect(await mailTo(to)).toHaveLength(3);
  });

  it('sends a no-longer-active notice once, only to the people who were sent the offer', async () => {
    const told = person('told');
    const stranger = person('stranger');
    const pending = person('pending');
    const offer = { id: `g1-${run}`, title: 'Byt, který zmizel' };
    await publish(told, offer);
    await waitFor('the alert to the person told', async () => (await mailTo(told)).length === 1);
    await waitFor('its confirmation', () => sent.some((e) => e.data.recipientEmail === told && e.data.offerIds.includes(offer.id)));

    // Someone whose alert about it still waits (say for a later e-mail) was not told either.
    const waiting = matchFor(pending, offer);
    await ledgerModel(service.db!).create({
      _id: `${pending}|${offer.id}`, email: pending, locale: 'cs', userId: null, watchdogId: waiting.watchdogId, offerId: offer.id, reason: 'new',
      offer: waiting.offer, withAds: false, fetchedAt: waiting.fetchedAt, status: 'pending', dueAt: new Date(Date.now() + 3_600_000), attempts: 0,
      batchId: null, claimedAt: null, sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: new Date(),
    });

    const gone = { ...offer, active: false };
    const notice = (to: string) => matchFor(to, gone, { reason: 'noLongerActive', withdrawnAt: WITHDRAWN, recipient: { email: to, locale: 'en', userId: null } });
    for (const to of [told, told, stranger, pending]) await bus.publish('match.found', to, notice(to));
    const [, mail] = await waitFor('the notice', async () => {
      const got = await mailTo(told);
      return got.length === 2 && got.sort((a, b) => a.time.localeCompare(b.time));
    });
    await sleep(1_500);
    expect(mail.subject).toBe('Offer is no longer active: Byt, který zmizel – 8,490,000 Kč');
    expect(mail.text).toContain(`Similar offers: https://realityradar.test/detail/${offer.id}`);
    expect(await mailTo(told)).toHaveLength(2);
    expect(await mailTo(stranger)).toHaveLength(0);
    expect(await mailTo(pending)).toHaveLength(0);
  });
});
