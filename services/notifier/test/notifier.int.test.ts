import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import request from 'supertest';
import { Bus, createLogger, runService } from '@rr/kit';
import type { AlertSentV1, EmailBouncedV1, Envelope } from '@rr/proto';
import { notifierService } from '../src/main';
import { ledgerModel } from '../src/repositories/ledger.model';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../src/http/sendgrid-webhook';
import { mailTo, matchFor, sleep, waitFor } from './helpers';

jest.setTimeout(90_000);

const run = randomUUID().slice(0, 8);
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const env = {
  ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', NOTIFIER_API_PORT: '0', LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://realityradar.test', AD_SERVING_URL: '', WATCHDOG_LINK_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025',
  // A window long enough that a busy machine still publishes the test's next matches inside it: the
  // digest test sees the first e-mail in the mail catcher, then publishes two more, and both must
  // reach the notifier before the window after the first e-mail closes (4 s left too little at load 7).
  ALERT_WINDOW_MS: '8000', ALERT_CLAIM_TIMEOUT_MS: '1000', ALERT_RESCAN_MS: '1000',
  SENDGRID_WEBHOOK_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
};
const person = (name: string) => `${name}-${run}@example.cz`;

describe('notifier against Kafka, the database and the mail catcher', () => {
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>>;
  let api: string;
  const sent: Array<Envelope<AlertSentV1>> = [];
  const bounced: Array<Envelope<EmailBouncedV1>> = [];
  const publishMatch = (...args: Parameters<typeof matchFor>) => bus.publish('match.found', args[0].toLowerCase(), matchFor(...args));

  beforeAll(async () => {
    bus = new Bus({ clientId: 'notifier-test', brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({
      group: 'test.outcomes', events: ['alert.sent', 'email.bounced'], fromBeginning: true,
      handle: async (e) => void (e.type === 'alert.sent' ? sent.push(e as Envelope<AlertSentV1>) : bounced.push(e as Envelope<EmailBouncedV1>)),
    });
    service = await runService(notifierService, env, { trapSignals: false });
    const health = await request(`http://127.0.0.1:${service.healthPort}`).get('/health');
    api = `http://127.0.0.1:${(health.body as { details: { apiPort: number } }).details.apiPort}`;
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
  });

  it('does not alert the same property twice when two portals, two watchdogs or a redelivery bring it again', async () => {
    const to = person('once');
    await publishMatch(to, { id: `p1-${run}` });
    await publishMatch(to, { id: `p1-${run}`, origin: 'bezrealitky' }, { watchdogId: 'w_second' });
    const again = matchFor(to, { id: `p1-${run}` });
    await bus.publish('match.found', to, again);
    await bus.publish('match.found', to, again);
    const [mail] = await waitFor('the alert', async () => (await mailTo(to)).length > 0 && mailTo(to));
    await sleep(2_500);
    expect(await mailTo(to)).toHaveLength(1);
    expect(mail.subject).toContain('Prodej bytu 3+kk 71 m²');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/realityradar\.test\/api\/filters\/w_0b1c2d3e4f\/unsubscribe\?token=[\w-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const report = await waitFor('alert.sent', () => sent.find((e) => e.data.recipientEmail === to));
    expect(report.data.offerIds).toEqual([`p1-${run}`]);
    expect(sent.filter((e) => e.data.recipientEmail === to)).toHaveLength(1);
  });

  it('sends the first alert at once and gathers the next ones of the window into one e-mail', async () => {
    const to = person('digest');
    await publishMatch(to, { id: `d1-${run}`, title: 'První byt' });
    await waitFor('the first alert', async () => (await mailTo(to)).length === 1);
    await publishMatch(to, { id: `d2-${run}`, title: 'Druhý byt' });
    await publishMatch(to, { id: `d3-${run}`, title: 'Třetí byt' });
    const mails = await waitFor('the digest', async () => {
      const got = await mailTo(to);
      return got.length >= 2 && got;
    }, 30_000);
    await sleep(2_000);
    expect(await mailTo(to)).toHaveLength(2);
    const digest = mails.find((m) => m.subject.startsWith('2 nové nabídky'))!;
    expect(digest.text).toContain('Druhý byt');
    expect(digest.text).toContain('Třetí byt');
  });

  it('lists no more offers in one e-mail than the recipient\'s tier allows, and sends the rest in the next one', async () => {
    const to = person('tiercap');
    await publishMatch(to, { id: `t0-${run}`, title: 'Úvodní byt' }, { maxOffers: 2 });
    await waitFor('the first alert', async () => (await mailTo(to)).length === 1);
    for (const n of [1, 2, 3, 4]) await publishMatch(to, { id: `t${n}-${run}`, title: `Byt číslo ${n}` }, { maxOffers: 2 });
    await waitFor('two more e-mails', async () => (await mailTo(to)).length >= 3, 40_000);
    const reports = await waitFor('three reports', () => {
      const mine = sent.filter((e) => e.data.recipientEmail === to);
      return mine.length >= 3 && mine;
    });
    expect(reports.map((e) => e.data.offerIds.length)).toEqual([1, 2, 2]);
    expect(reports.flatMap((e) => e.data.offerIds).sort()).toEqual([0, 1, 2, 3, 4].map((n) => `t${n}-${run}`).sort());
  });

  it('finds, by the periodic rescan, an alert whose sender died between claim and confirmation, and sends it', async () => {
    const to = person('crash');
    const ledger = ledgerModel(service.db!);
    const match = matchFor(to, { id: `c1-${run}`, title: 'Byt po pádu' });
    await ledger.create({
      _id: `${to}|c1-${run}`, email: to, locale: 'cs', userId: null, watchdogId: match.watchdogId, offerId: match.offer.id, reason: 'new',
      offer: match.offer, withAds: true, fetchedAt: match.fetchedAt, status: 'claimed', dueAt: new Date(), attempts: 0,
      batchId: 'dead-sender', claimedAt: new Date(Date.now() - 5_000), sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: new Date(),
    });
    const [mail] = await waitFor('the recovered alert', async () => (await mailTo(to)).length > 0 && mailTo(to));
    expect(mail.subject).toContain('Byt po pádu');
    const entry = await waitFor('confirmation', async () => {
      const e = await ledger.findById(`${to}|c1-${run}`).lean();
      return e?.status === 'sent' && e.reported && e;
    });
    expect(entry.attempts).toBe(0);
    // A redelivery of the same match after recovery changes nothing.
    await bus.publish('match.found', to, match);
    await sleep(1_500);
    expect(await mailTo(to)).toHaveLength(1);
  });

  it('writes English e-mails with rental prices per month for English recipients', async () => {
    const to = person('english');
    await publishMatch(to, { id: `e1-${run}`, adType: 'Rent', price: 25_000, title: 'Flat to let' }, { recipient: { email: to, locale: 'en', userId: null } });
    const [mail] = await waitFor('the alert', async () => (await mailTo(to)).length > 0 && mailTo(to));
    expect(mail.subject).toBe('New offer: Flat to let – 25,000 Kč per month');
    expect(mail.html).toContain('https://realityradar.test/detail/e1-');
  });

  it('names the watchdog\'s area drawn on the map, kept on the ledger entry, with the owner\'s link to the page that shows it', async () => {
    const to = person('area');
    await publishMatch(to, { id: `a1-${run}` }, { watchdogId: 'w_area', mapArea: { polygons: 2, km2: 3.4449 } });
    const [mail] = await waitFor('the alert', async () => (await mailTo(to)).length > 0 && mailTo(to));
    expect(mail.text).toContain('Oblast na mapě: 2 oblasti (~3,4 km²)\nZobrazit na mapě: https://realityradar.test/moje-filtry/w_area?filterId=w_area&emailId=');
    expect(mail.html).toMatch(/Oblast na mapě: 2 oblasti \(~3,4 km²\) · <a href="https:\/\/realityradar.test\/moje-filtry\/w_area\?[^"]+"[^>]*>Zobrazit na mapě<\/a>/);
    const entry = await ledgerModel(service.db!).findById(`${to}|a1-${run}`).lean();
    expect(entry?.mapArea).toEqual({ polygons: 2, km2: 3.4449 });

    const en = person('area-en');
    await publishMatch(en, { id: `a2-${run}` }, { watchdogId: 'w_area_en', mapArea: { polygons: 1, km2: 25.9 }, recipient: { email: en, locale: 'en', userId: null } });
    const [english] = await waitFor('the English alert', async () => (await mailTo(en)).length > 0 && mailTo(en));
    expect(english.text).toContain('Area on the map: 1 area (~26 km²)\nShow on the map: https://realityradar.test/moje-filtry/w_area_en?');
  });

  it('turns signed SendGrid bounces into email.bounced and refuses unsigned ones', async () => {
    const to = person('bounce');
    const body = JSON.stringify([{ email: to, event: 'bounce', type: 'bounce', reason: '550 5.1.1 unknown user', timestamp: Math.floor(Date.now() / 1000) }]);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign('sha256', Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), privateKey).toString('base64');
    await request(api).post('/webhooks/sendgrid').set('content-type', 'application/json').set(TIMESTAMP_HEADER, timestamp).set(SIGNATURE_HEADER, 'AAAA').send(body).expect(401);
    await request(api).post('/webhooks/sendgrid').set('content-type', 'application/json').set(TIMESTAMP_HEADER, timestamp).set(SIGNATURE_HEADER, signature).send(body).expect(204);
    const event = await waitFor('email.bounced', () => bounced.find((e) => e.data.email === to));
    expect(event.data.permanent).toBe(true);
    // The blocked address gets no further alerts.
    await publishMatch(to, { id: `b1-${run}` });
    await waitFor('the alert dropped', async () => (await ledgerModel(service.db!).findById(`${to}|b1-${run}`).lean())?.status === 'failed');
    expect(await mailTo(to)).toHaveLength(0);
  });
});
