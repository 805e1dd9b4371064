import { randomUUID } from 'node:crypto';
import { approvedCampaign, startAds, type AdsStack } from './stack';

jest.setTimeout(60_000);

let s: AdsStack;
beforeAll(async () => {
  s = await startAds();
});
afterAll(async () => s?.stop());

describe('the public advertiser page', () => {
  it('names the advertiser by company and lists only the campaigns running now, without a session and without the e-mail', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    const running = await approvedCampaign(s, adv);
    await s.call('POST', '/ads/campaigns', adv, {
      name: 'Koncept', alt: 'Nehotové', targetUrl: 'https://example.cz', targeting: {}, startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(), pricing: 'per-view', budget: null,
    });
    const page = await s.call('GET', `/ads/advertisers/${adv}`, null);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ id: adv, company: 'Realitka s.r.o.', campaigns: [{ id: running, name: 'Podzimní nabídka', targetUrl: 'https://realitka.example.cz/podzim', banners: { desktop: expect.stringMatching(/\/a\/b\/bnr_/) } }] });
    expect(JSON.stringify(page.body)).not.toContain('@example.cz');
  });

  it('answers 404 for someone who is not an advertiser', async () => {
    expect((await s.call('GET', `/ads/advertisers/u_${randomUUID().slice(0, 8)}`, null)).status).toBe(404);
  });
});
