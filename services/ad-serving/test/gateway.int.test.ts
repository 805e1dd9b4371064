import supertest from 'supertest';
import { createLogger, loadConfig } from '@rr/kit';
import { getGazetteer } from '@rr/gazetteer';
import { createGatewayApp } from '@rr/gateway/src/app';
import { GatewayConfig } from '@rr/gateway/src/config';
import { signAdToken } from '../src/domain/ad-token';
import { AD_TOKEN_SECRET, DESKTOP, approvedCampaign, startAds, type AdsStack } from './stack';

jest.setTimeout(60_000);

let ads: AdsStack;
let gateway: ReturnType<typeof supertest>;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  ads = await startAds();
  const config = loadConfig(GatewayConfig, { ...ads.env, ADS_URL: ads.api, WEB_DIST: '/nonexistent', PUBLIC_URL: 'http://rr.test' });
  gateway = supertest(createGatewayApp({ config, log: createLogger('test', 'silent'), gazetteer: getGazetteer }));
});
afterAll(async () => ads?.stop());

describe('advertising through the gateway', () => {
  it('forwards a banner upload as bytes and refuses a 20 MB file in words before reading it', async () => {
    const adv = 'u_gw1';
    const auth = `Bearer ${ads.tokenFor(adv)}`;
    await gateway.put('/api/ads/advertiser').set('authorization', auth).send({ company: 'Firma', termsAccepted: true }).expect(200);
    const c = await gateway.post('/api/ads/campaigns').set('authorization', auth).send({
      name: 'Brána', alt: 'Alt', targetUrl: 'https://example.cz', targeting: {}, startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(), pricing: 'weekly', budget: null,
    }).expect(200);
    const path = `/api/ads/campaigns/${c.body.data.id}/banners/desktop`;
    const ok = await gateway.put(path).set('authorization', auth).set('content-type', 'image/png').send(DESKTOP).expect(200);
    expect(ok.body.data.banners.desktop).toMatch(/\/a\/b\/bnr_/);
    const huge = await gateway.put(path).set('authorization', auth).set('content-type', 'image/png').set('accept-language', 'cs').send(Buffer.alloc(20 * 1024 * 1024)).expect(413);
    expect(huge.body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Soubor je příliš velký; banner může mít nejvýše 150 kB.' });
    const wrong = await gateway.put(path).set('authorization', auth).set('content-type', 'image/png').send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="520" height="250"><script>alert(1)</script></svg>')).expect(400);
    expect(wrong.body.error.fields).toEqual({ desktop: 'type-not-allowed' });
  });

  it('serves the banner and the click from our origin, and a harmless answer for a forged token', async () => {
    const id = await approvedCampaign(ads, 'u_gw2');
    const token = signAdToken(AD_TOKEN_SECRET, { campaignId: id, emailId: 'g1', issuedAt: Date.now() - 60_000, expiresAt: Date.now() + 86_400_000 });
    const image = await gateway.get(`/a/i/${token}/d.png`).set('user-agent', CHROME).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, DESKTOP)).toBe(0);
    await gateway.head(`/a/i/${token}/d.png`).expect(200);
    const click = await gateway.get(`/a/c/${token}`).set('user-agent', CHROME).expect(302);
    expect(click.headers.location).toBe('https://realitka.example.cz/podzim');
    const forged = await gateway.get(`/a/c/${token.slice(0, -2)}xx`).expect(302);
    expect(forged.headers.location).toBe('http://rr.test/');
    await ads.parts.counter.flush();
    const report = (await ads.call('GET', `/ads/report?campaign=${id}`, 'u_gw2')).body.data;
    expect(report).toEqual([expect.objectContaining({ fetched: 1, views: 1, clicks: 1 })]);
  });
});
