import { randomUUID } from 'node:crypto';
import { waitFor } from '@rr/kit/testing';
import { signAdToken } from '../src/domain/ad-token';
import { balanceOf } from '../src/domain/ledger';
import { AD_TOKEN_SECRET, DESKTOP, MAILDEV_URL, MOBILE, approvedCampaign, startAds, type AdsStack } from './stack';

jest.setTimeout(60_000);

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const brnoSale = { regionCode: 'CZ064', districtCode: 'CZ0642', adType: 'Sale', realEstateType: 'Apartment' };
let s: AdsStack;

beforeAll(async () => {
  // Fetches count as views at once here; the scanner rule is tested with its own tokens.
  s = await startAds({ ADS_PREFETCH_SECONDS: '0', ADS_SCANNER_SECONDS: '10' });
});
afterAll(async () => s?.stop());

const decide = async (emailId: string, recipient = `${emailId}@example.cz`, offers: unknown[] = [brnoSale]) =>
  s.call('POST', '/internal/decide', null, { emailId, recipient, locale: 'cs', offers });
const get = (url: string, init: RequestInit = {}) => fetch(url.replace('http://rr.test', s.api), { redirect: 'manual', ...init, headers: { 'user-agent': CHROME, ...(init.headers ?? {}) } });
const credit = async (advertiser: string, amount: number) => {
  await s.bus.publish('ad-credit.purchased', advertiser, { paymentId: `pay_${randomUUID()}`, userId: advertiser, email: `${advertiser}@example.cz`, locale: 'cs', amount, at: new Date().toISOString() });
};
/** What the notifier reports once it sent the e-mail with the banner (ad-serving counts "sent" from it). */
const mailed = async (ad: { campaignId: string; clickUrl: string }) => {
  const emailId = ad.clickUrl.split('/a/c/')[1].split('.')[1];
  await s.parts.counter.sent([{ campaignId: ad.campaignId, emailId, at: Date.now() }]);
};
const ledgerOf = (advertiser: string) => s.parts.repos.credit.ledger.find({ advertiserId: advertiser }).lean().exec();

describe('ad-serving', () => {
  it('refuses bad banners with a clear error and keeps good ones', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    const body = {
      name: 'Test', alt: 'Alt', targetUrl: 'https://example.cz', targeting: {}, startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(), pricing: 'per-view', budget: 100_000,
    };
    expect((await s.call('POST', '/ads/campaigns', adv, body)).status).toBe(403);
    await s.call('PUT', '/ads/advertiser', adv, { company: 'Firma', termsAccepted: true });
    expect((await s.call('POST', '/ads/campaigns', adv, { ...body, targetUrl: 'javascript:alert(1)' })).status).toBe(400);
    const c = await s.call('POST', '/ads/campaigns', adv, body);
    expect(c.status).toBe(200);
    const path = `/ads/campaigns/${c.body.data.id}/banners`;
    const wrongSize = await s.call('PUT', `${path}/desktop`, adv, MOBILE);
    expect(wrongSize).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('exactly 520×250 px; this one is 320×150 px') } } });
    const svg = await s.call('PUT', `${path}/desktop`, adv, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="520" height="250"><script>alert(1)</script></svg>'));
    expect(svg.body.error.message).toMatch(/SVG is not accepted/);
    expect((await s.call('PUT', `${path}/desktop`, adv, Buffer.from('plain text, no image'))).body.error.message).toMatch(/not an image/);
    const huge = await s.call('PUT', `${path}/desktop`, adv, Buffer.alloc(20 * 1024 * 1024, 1));
    expect(huge).toMatchObject({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE' } } });
    expect((await s.call('POST', `/ads/campaigns/${c.body.data.id}/submit`, adv)).status).toBe(409);
    const ok = await s.call('PUT', `${path}/desktop`, adv, DESKTOP);
    expect(ok.body.data.banners.desktop).toMatch(/^http:\/\/rr\.test\/a\/b\/bnr_/);
    const served = await get(ok.body.data.banners.desktop);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(DESKTOP)).toBe(true);
  });

  it('serves only approved campaigns with credit, counts the first load per e-mail once and charges it once', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    const id = await approvedCampaign(s, adv);
    // The approval e-mail is sent as the campaign is approved; the catcher may list it a moment later.
    const approvalMailed = async () => {
      const mails = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as Array<{ to: Array<{ address: string }>; subject: string }>;
      return mails.some((m) => m.to[0].address === `${adv}@example.cz` && m.subject.includes('je schválena'));
    };
    await waitFor(approvalMailed, 15_000, 'the approval e-mail');
    expect(await approvalMailed()).toBe(true);
    expect((await decide('e0')).body.ad).toBeNull();

    await credit(adv, 1_000);
    await waitFor(async () => (await s.call('GET', '/ads/credit', adv)).body.data.balance === 1_000, 30_000, 'the credit booked');
    expect((await decide('e1', 'x@example.cz', [{ ...brnoSale, regionCode: 'CZ010', districtCode: null }])).body.ad).toBeNull();
    const ad = (await decide('e1')).body.ad;
    expect(ad).toMatchObject({ campaignId: id, advertiserId: adv, alt: 'Realitka: hypotéka do 24 hodin' });
    // The notifier reports the e-mail sent, twice (Kafka delivers at least once): it is sent once.
    const emailId = ad.clickUrl.split('/a/c/')[1].split('.')[1];
    const sentEvent = { recipientEmail: 'e1@example.cz', watchdogIds: ['w1'], offerIds: ['o1'], sentAt: new Date().toISOString(), provider: 'smtp' as const, messageId: null, emailId, adCampaignId: id };
    await s.bus.publishMany('alert.sent', [{ key: 'e1@example.cz', data: sentEvent }, { key: 'e1@example.cz', data: sentEvent }]);
    await waitFor(async () => (await s.parts.repos.stats.findSends([`${id}|${emailId}`])).length === 1, 30_000, 'the e-mail counted as sent');

    const first = await get(ad.imageUrl);
    expect(Buffer.from(await first.arrayBuffer()).equals(DESKTOP)).toBe(true);
    expect(first.headers.get('cache-control')).toBe('no-store, private');
    await get(ad.imageUrl);
    await get(ad.mobileImageUrl);
    await get(ad.imageUrl, { method: 'HEAD' });
    await s.parts.counter.flush();

    const report = (await s.call('GET', `/ads/report?campaign=${id}`, adv)).body.data;
    expect(report).toEqual([expect.objectContaining({ sent: 1, fetched: 1, views: 1, spend: 50 })]);
    const entries = await ledgerOf(adv);
    expect(balanceOf(entries).balance).toBe(950);
    expect((await s.call('GET', '/ads/credit', adv)).body.data).toMatchObject({ balance: 950, deposited: 1_000, charged: 50 });
  });

  it('counts nothing for a forged or expired token yet answers a harmless image and sends clicks home', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    const id = await approvedCampaign(s, adv);
    await credit(adv, 1_000);
    await waitFor(async () => (await s.call('GET', '/ads/credit', adv)).body.data.balance === 1_000, 30_000, 'the credit booked');
    const forged = signAdToken('b'.repeat(40), { campaignId: id, emailId: 'f1', issuedAt: Date.now() - 60_000, expiresAt: Date.now() + 86_400_000 });
    const expired = signAdToken(AD_TOKEN_SECRET, { campaignId: id, emailId: 'f2', issuedAt: Date.now() - 60_000, expiresAt: Date.now() - 1 });
    for (const token of [forged, expired]) {
      const img = await get(`${s.api}/a/i/${token}/d.png`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect((await img.arrayBuffer()).byteLength).toBeLessThan(200);
      const click = await get(`${s.api}/a/c/${token}`);
      expect(click.status).toBe(302);
      expect(click.headers.get('location')).toBe('http://rr.test/');
    }
    await s.parts.counter.flush();
    expect((await s.call('GET', `/ads/report?campaign=${id}`, adv)).body.data).toEqual([]);
    expect(balanceOf(await ledgerOf(adv)).balance).toBe(1_000);
  });

  it('counts a click a while after sending, not a scanner click within seconds nor a HEAD', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    const id = await approvedCampaign(s, adv);
    const token = (issuedAt: number, emailId: string) => signAdToken(AD_TOKEN_SECRET, { campaignId: id, emailId, issuedAt, expiresAt: Date.now() + 86_400_000 });
    const scanner = await get(`${s.api}/a/c/${token(Date.now(), 'c1')}`);
    expect(scanner.headers.get('location')).toBe('https://realitka.example.cz/podzim');
    await get(`${s.api}/a/c/${token(Date.now() - 60_000, 'c2')}`, { method: 'HEAD' });
    await get(`${s.api}/a/c/${token(Date.now() - 60_000, 'c3')}`);
    await get(`${s.api}/a/c/${token(Date.now() - 60_000, 'c3')}`);
    await s.parts.counter.flush();
    expect((await s.call('GET', `/ads/report?campaign=${id}`, adv)).body.data).toEqual([expect.objectContaining({ clicks: 1 })]);
  });

  it('stops serving when the credit runs out and never charges beyond it', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    // A district no other campaign of this file targets.
    const id = await approvedCampaign(s, adv, { targeting: { regions: [], districts: ['CZ0531'], adTypes: [], realEstateTypes: [] } });
    const pardubice = [{ regionCode: 'CZ053', districtCode: 'CZ0531', adType: 'Rent', realEstateType: 'House' }];
    await credit(adv, 120);
    await waitFor(async () => (await s.call('GET', '/ads/credit', adv)).body.data.balance === 120, 30_000, 'the credit booked');
    const ads = [];
    for (let i = 0; i < 5; i++) ads.push((await decide(`x${i}`, `x${i}@example.cz`, pardubice)).body.ad);
    // 120 haléřů cover two views at 50: two banners held, the third refused.
    expect(ads.filter((a) => a?.campaignId === id)).toHaveLength(2);
    for (const a of ads.filter(Boolean)) await get(a.imageUrl);
    await s.parts.counter.flush();
    const entries = await ledgerOf(adv);
    expect(balanceOf(entries)).toEqual({ deposited: 120, charged: 100, balance: 20 });
    expect((await decide('x9', 'x9@example.cz', pardubice)).body.ad).toBeNull();
  });

  it('keeps the day counters and the money exact when a counting round fails after its counters were written, and when it fails before', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    // A district no other campaign of this file targets.
    const id = await approvedCampaign(s, adv, { targeting: { regions: [], districts: ['CZ0721'], adTypes: [], realEstateTypes: [] } });
    const zlin = [{ regionCode: 'CZ072', districtCode: 'CZ0721', adType: 'Sale', realEstateType: 'Land' }];
    await credit(adv, 1_000);
    await waitFor(async () => (await s.call('GET', '/ads/credit', adv)).body.data.balance === 1_000, 30_000, 'the credit booked');
    const stats = s.parts.repos.stats;
    const failOnce = <K extends 'saveTotals' | 'addDaily'>(method: K, message: string) => {
      const original = stats[method];
      stats[method] = (async () => {
        stats[method] = original;
        throw new Error(message);
      }) as (typeof stats)[K];
    };
    const clickLater = (ad: { clickUrl: string }) => {
      const [campaignId, emailId] = ad.clickUrl.split('/a/c/')[1].split('.');
      return get(`${s.api}/a/c/${signAdToken(AD_TOKEN_SECRET, { campaignId, emailId, issuedAt: Date.now() - 60_000, expiresAt: Date.now() + 86_400_000 })}`);
    };

    const first = [(await decide('k1', 'k1@example.cz', zlin)).body.ad, (await decide('k2', 'k2@example.cz', zlin)).body.ad];
    for (const ad of first) await mailed(ad);
    for (const ad of first) await get(ad.imageUrl);
    await clickLater(first[0]);
    failOnce('saveTotals', 'crash after the day counters');
    await s.parts.counter.flush();
    await s.parts.counter.flush();
    expect((await s.call('GET', `/ads/report?campaign=${id}`, adv)).body.data).toEqual([expect.objectContaining({ sent: 2, fetched: 2, views: 2, clicks: 1, spend: 100 })]);

    const later = (await decide('k3', 'k3@example.cz', zlin)).body.ad;
    await mailed(later);
    await get(later.imageUrl);
    await get(later.imageUrl);
    await clickLater(later);
    failOnce('addDaily', 'crash before the day counters');
    await s.parts.counter.flush();
    await s.parts.counter.flush();

    const report = (await s.call('GET', `/ads/report?campaign=${id}`, adv)).body.data;
    expect(report).toEqual([expect.objectContaining({ sent: 3, fetched: 3, views: 3, clicks: 2, spend: 150 })]);
    expect(balanceOf(await ledgerOf(adv))).toEqual({ deposited: 1_000, charged: 150, balance: 850 });
    expect((await s.call('GET', '/ads/credit', adv)).body.data).toMatchObject({ balance: 850, charged: 150 });
    expect(await stats.unsettledImpressions()).toEqual([]);
  });

  it('books a top-up once however often the event comes', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    const event = { paymentId: `pay_${randomUUID()}`, userId: adv, email: `${adv}@example.cz`, locale: 'cs' as const, amount: 500_000, at: new Date().toISOString() };
    await s.bus.publish('ad-credit.purchased', adv, event);
    await s.bus.publish('ad-credit.purchased', adv, event);
    await waitFor(async () => (await ledgerOf(adv)).length === 1, 30_000, 'the deposit');
    await new Promise((r) => setTimeout(r, 1_000));
    await s.parts.counter.flush();
    expect((await s.call('GET', '/ads/credit', adv)).body.data).toMatchObject({ balance: 500_000, deposited: 500_000, pricePerView: 40 });
  });

  it('lets an administrator reject with a reason, and the advertiser fix and resubmit', async () => {
    const adv = `u_${randomUUID().slice(0, 8)}`;
    await s.call('PUT', '/ads/advertiser', adv, { company: 'Firma', termsAccepted: true });
    const c = (await s.call('POST', '/ads/campaigns', adv, {
      name: 'Rejected', alt: 'Alt', targetUrl: 'https://example.cz', targeting: {}, startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(), pricing: 'weekly', budget: null,
    })).body.data;
    await s.call('PUT', `/ads/campaigns/${c.id}/banners/desktop`, adv, DESKTOP);
    await s.call('PUT', `/ads/campaigns/${c.id}/banners/mobile`, adv, MOBILE);
    await s.call('POST', `/ads/campaigns/${c.id}/submit`, adv);
    expect((await s.call('POST', `/ads/admin/campaigns/${c.id}/approve`, adv, {})).status).toBe(403);
    expect((await s.call('POST', `/ads/admin/campaigns/${c.id}/reject`, 'admin', {}, 10000)).status).toBe(400);
    const rejected = await s.call('POST', `/ads/admin/campaigns/${c.id}/reject`, 'admin', { reason: 'Banner slibuje nereálný výnos.' }, 10000);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Banner slibuje nereálný výnos.' });
    // The shared mail catcher lists a message a moment after it accepted it.
    const mailTo = async () => ((await (await fetch(`${MAILDEV_URL}/email`)).json()) as Array<{ to: Array<{ address: string }>; text: string }>).find((m) => m.to[0].address === `${adv}@example.cz`);
    await waitFor(async () => Boolean(await mailTo()), 15_000, 'the rejection e-mail');
    expect((await mailTo())?.text).toContain('Důvod: Banner slibuje nereálný výnos.');
    expect((await s.call('POST', `/ads/campaigns/${c.id}/submit`, adv)).body.data.status).toBe('submitted');
  });
});
