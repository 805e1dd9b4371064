import { randomUUID } from 'node:crypto';
import { Bus, createLogger, runService } from '@rr/kit';
import { waitFor as until } from '@rr/kit/testing';
import type { Offer } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { analyticsService } from '@rr/analytics/src/main';
import { notifierService } from '../src/main';
import { mailTo, matchFor, waitFor } from './helpers';

jest.setTimeout(120_000);

const run = randomUUID().slice(0, 8);
const person = (name: string) => `${name}-${run}@example.cz`;
const baseEnv = {
  ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', NOTIFIER_API_PORT: '0', LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://realityradar.test', WATCHDOG_LINK_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025', ALERT_WINDOW_MS: '200', AD_SERVING_URL: '',
};

// Kdyně (Domažlice): 34 flats of 2+kk and 3+1 around 60,000–66,000 Kč/m² make its market.
const KDYNE = { code: '553786', districtCode: 'CZ0321', regionCode: 'CZ032', lat: 49.390348, lon: 13.040638 };
function flat(n: number, overrides: Partial<Offer> = {}): Offer {
  return {
    ...exampleOffer,
    id: `rp-${run}-${n}`, adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: n % 2 ? '2+kk' : '3+1', area: 50 + (n % 20),
    price: (50 + (n % 20)) * (60_000 + (n % 7) * 1_000), createdAt: new Date(Date.now() - (n % 20) * 86_400_000).toISOString(),
    location: { ...exampleOffer.location, name: 'Kdyně', municipalityCode: KDYNE.code, districtCode: KDYNE.districtCode, regionCode: KDYNE.regionCode, pragueDistrictCode: null, point: { lat: KDYNE.lat, lon: KDYNE.lon } },
    ...overrides,
  };
}

describe('RadarPrice in alert e-mails (notifier → analytics)', () => {
  let bus: Bus;
  let analytics: Awaited<ReturnType<typeof runService<typeof analyticsService.configSchema>>>;
  let notifier: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>>;

  beforeAll(async () => {
    bus = new Bus({ clientId: 'notifier-radar-price-test', brokers: ['127.0.0.1:9092'], topicPrefix: baseEnv.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    analytics = await runService(analyticsService, { ...baseEnv, ANALYTICS_API_PORT: '0', JWT_SECRET: 'j'.repeat(40) }, { trapSignals: false });
    const health = (await (await fetch(`http://127.0.0.1:${analytics.healthPort}/health`)).json()) as { details: { apiPort: number } };
    const api = `http://127.0.0.1:${health.details.apiPort}`;
    for (let n = 0; n < 34; n++) await bus.publish('offer.published', flat(n).id, { offer: flat(n), fetchedAt: flat(n).createdAt });
    await until(async () => (await (await fetch(`${api}/analytics/estimate?offerId=${flat(33).id}`)).json() as { data?: { estimate: unknown } }).data?.estimate != null, 60_000, 'the market in the read model');
    // The longest wait the config allows: an estimate that outlasts it leaves RadarPrice out, and a
    // busy CI machine can take over a second for one (the service down is refused at once anyway).
    notifier = await runService(notifierService, { ...baseEnv, ANALYTICS_URL: api, ESTIMATE_TIMEOUT_MS: '2000' }, { trapSignals: false });
  });

  afterAll(async () => {
    await notifier?.db?.dropDatabase().catch(() => undefined);
    await notifier?.stop();
    await analytics?.db?.dropDatabase().catch(() => undefined);
    await analytics?.stop().catch(() => undefined);
    await bus?.disconnect();
  });

  const mailOf = async (to: string) => (await waitFor(`the alert to ${to}`, async () => (await mailTo(to)).length > 0 && mailTo(to)))[0];
  // A fresh offer (the alert outruns the read model): 60 m² at 3,300,000 Kč is 55,000 Kč/m², below Kdyně's flats.
  const cheap = (id: string) => flat(100, { id: `${id}-${run}`, dispositionLabel: '2+kk', area: 60, price: 3_300_000 });

  it('shows a paying owner RadarPrice with how far the offer is from it, in both locales', async () => {
    const to = person('paying');
    await bus.publish('match.found', to, matchFor(to, cheap('p1'), { radarPrice: true, withAds: false }));
    const mail = await mailOf(to);
    expect(mail.text).toMatch(/RadarPrice [\d\s]+ Kč · o \d+\s% pod odhadem \(obvykle [\d\s]+ – [\d\s]+ Kč\)/);
    expect(mail.html).toContain('pod odhadem');

    const en = person('paying-en');
    await bus.publish('match.found', en, { ...matchFor(en, cheap('p2'), { radarPrice: true, withAds: false }), recipient: { email: en, locale: 'en', userId: null } });
    expect((await mailOf(en)).text).toMatch(/RadarPrice [\d,]+ Kč · \d+% below the estimate/);
  });

  it('shows no RadarPrice to a free owner', async () => {
    const to = person('free');
    await bus.publish('match.found', to, matchFor(to, cheap('f1'), { radarPrice: false }));
    const mail = await mailOf(to);
    expect(mail.text).not.toContain('RadarPrice');
    expect(mail.subject).toContain('Prodej bytu');
  });

  it('sends the alert without RadarPrice, and without waiting, when the analytics service is down', async () => {
    await analytics.stop();
    const to = person('down');
    const published = Date.now();
    await bus.publish('match.found', to, matchFor(to, cheap('d1'), { radarPrice: true, withAds: false }));
    const mail = await mailOf(to);
    expect(mail.text).not.toContain('RadarPrice');
    expect(Date.now() - published).toBeLessThan(15_000);
  });
});
