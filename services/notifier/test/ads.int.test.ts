import { randomUUID } from 'node:crypto';
import { Bus, createLogger, runService } from '@rr/kit';
import { waitFor as until } from '@rr/kit/testing';
import { approvedCampaign, startAds, type AdsStack } from '@rr/ad-serving/test/stack';
import { notifierService } from '../src/main';
import { mailTo, matchFor, sleep, waitFor } from './helpers';

jest.setTimeout(90_000);

const run = randomUUID().slice(0, 8);
const person = (name: string) => `${name}-${run}@example.cz`;
const baseEnv = {
  ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', NOTIFIER_API_PORT: '0', LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://realityradar.test', WATCHDOG_LINK_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025', ALERT_WINDOW_MS: '200',
};

describe('banners in alert e-mails (notifier → ad-serving)', () => {
  let ads: AdsStack;
  let bus: Bus;
  let notifier: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>>;
  let campaignId: string;
  const advertiser = `u_${run}`;

  beforeAll(async () => {
    ads = await startAds({ KAFKA_TOPIC_PREFIX: baseEnv.KAFKA_TOPIC_PREFIX, ADS_FLUSH_MS: '100' });
    campaignId = await approvedCampaign(ads, advertiser, { targeting: { regions: ['CZ010'], districts: [], adTypes: ['Sale'], realEstateTypes: ['Apartment'] } });
    await ads.bus.publish('ad-credit.purchased', advertiser, { paymentId: `pay_${run}`, userId: advertiser, email: `${advertiser}@example.cz`, locale: 'cs', amount: 100_000, at: new Date().toISOString() });
    await until(async () => (await ads.call('GET', '/ads/credit', advertiser)).body.data.balance === 100_000, 30_000, 'credit');
    bus = new Bus({ clientId: 'notifier-ads-test', brokers: ['127.0.0.1:9092'], topicPrefix: baseEnv.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    // The longest wait the config allows: a decision that outlasts it sends the alert without the
    // banner, and a busy CI machine can take more than 500 ms (the service down is refused at once anyway).
    notifier = await runService(notifierService, { ...baseEnv, AD_SERVING_URL: ads.api, AD_DECISION_TIMEOUT_MS: '2000' }, { trapSignals: false });
  });

  afterAll(async () => {
    await notifier?.db?.dropDatabase().catch(() => undefined);
    await notifier?.stop();
    await bus?.disconnect();
    await ads?.stop().catch(() => undefined);
  });

  const publish = (to: string, id: string, withAds: boolean) => bus.publish('match.found', to, matchFor(to, { id: `${id}-${run}` }, { withAds }));
  const mailOf = async (to: string) => (await waitFor(`the alert to ${to}`, async () => (await mailTo(to)).length > 0 && mailTo(to)))[0];

  it('carries the banner of a matching campaign, marked as a commercial communication with the opt-out, and counts its load', async () => {
    const to = person('free');
    await publish(to, 'a1', true);
    const mail = await mailOf(to);
    const src = /<img class="ad-d" src="([^"]+)"/.exec(mail.html)?.[1];
    expect(src).toMatch(new RegExp(`^http://rr\\.test/a/i/${campaignId}\\.`));
    expect(mail.html).toMatch(/<img class="ad-m" src="http:\/\/rr\.test\/a\/i\/[^"]+\/m\.png"/);
    expect(mail.html).toContain('Reklama – obchodní sdělení');
    // "About this ad" names the advertiser: their public page.
    expect(mail.html).toMatch(/href="https:\/\/realityradar\.test\/uzivatel\/[^"]+"[^>]*>O této reklamě/);
    expect(mail.text).toContain('Reklamu v upozorněních můžete kdykoli odmítnout');
    expect(mail.text).toContain('https://realityradar.test/muj-profil');
    expect(mail.text).toMatch(/Realitka: hypotéka do 24 hodin http:\/\/rr\.test\/a\/c\//);

    // The recipient opens it after the prefetch seconds (a fetch right at delivery would be filtered).
    await sleep(5_100);
    const img = await fetch(src!.replace('http://rr.test', ads.api), { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) AppleWebKit/605 Mobile/15E148' } });
    expect(img.headers.get('content-type')).toBe('image/png');
    await ads.parts.counter.flush();
    const report = (await ads.call('GET', `/ads/report?campaign=${campaignId}`, advertiser)).body.data;
    expect(report).toEqual([expect.objectContaining({ sent: 1, fetched: 1, views: 1, spend: 50 })]);
  });

  it('sends no banner to a paying or non-consenting recipient', async () => {
    const to = person('paying');
    await publish(to, 'p1', false);
    const mail = await mailOf(to);
    expect(mail.html).not.toContain('/a/i/');
    expect(mail.html).not.toContain('obchodní sdělení');
  });

  it('sends the alert without a banner when the ad service is down', async () => {
    await ads.stop();
    const to = person('down');
    await publish(to, 'd1', true);
    const mail = await mailOf(to);
    expect(mail.html).not.toContain('/a/i/');
    expect(mail.subject).toContain('Prodej bytu');
    const second = person('down-again');
    await publish(second, 'd2', true);
    expect((await mailOf(second)).html).not.toContain('/a/i/');
  });
});
