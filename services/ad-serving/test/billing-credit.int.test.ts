import { waitFor } from '@rr/kit/testing';
import { BILLING, startBilling } from '@rr/billing/test/stack';
import { balanceOf } from '../src/domain/ledger';
import { approvedCampaign, startAds, type AdsStack } from './stack';

jest.setTimeout(90_000);

type Billing = Awaited<ReturnType<typeof startBilling>>;
const pardubice = [{ regionCode: 'CZ053', districtCode: 'CZ0532', adType: 'Sale', realEstateType: 'Land' }];

describe('advertising credit through billing', () => {
  let billing: Billing;
  let ads: AdsStack;

  beforeAll(async () => {
    billing = await startBilling();
    // One broker namespace: billing's ad-credit.purchased reaches this ad service.
    ads = await startAds({ KAFKA_TOPIC_PREFIX: billing.env.KAFKA_TOPIC_PREFIX!, ADS_PREFETCH_SECONDS: '0' });
  });
  afterAll(async () => {
    await ads?.stop();
    await billing?.stop();
  });

  it('runs the campaign once a QR Platba top-up is paid, with a tax document, and stops when the credit is spent', async () => {
    const adv = `u_${Date.now().toString(36)}`;
    const id = await approvedCampaign(ads, adv, { targeting: { regions: ['CZ053'], districts: [], adTypes: [], realEstateTypes: ['Land'] } });
    const decide = (emailId: string) => ads.call('POST', '/internal/decide', null, { emailId, recipient: `${emailId}@example.cz`, locale: 'cs', offers: pardubice });
    expect((await decide('before')).body.ad).toBeNull();

    expect((await billing.call('POST', '/billing/ad-credit', adv, { amount: 50_000, billing: BILLING, termsAccepted: true })).status).toBe(400);
    const order = await billing.call('POST', '/billing/ad-credit', adv, { amount: 100_000, billing: BILLING, termsAccepted: true });
    expect(order.status).toBe(200);
    const payment = order.body.data.payment;
    expect(payment).toMatchObject({ purpose: 'ad-credit', tier: null, amount: 100_000 });
    expect(payment.bankTransfer.spayd).toContain('AM:1000.00');

    await fetch(`${billing.sim.url}/admin/fio/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 1_000, variableSymbol: payment.variableSymbol, currency: 'CZK' }) });
    await billing.parts.reconciler.round();
    expect(await billing.parts.deps.payments.findById(payment.id)).toMatchObject({ state: 'paid', settledAt: expect.any(Date) });
    const invoices = (await billing.call('GET', '/billing/invoices', adv)).body.data;
    expect(invoices).toEqual([expect.objectContaining({ total: 100_000, kind: 'simplified' })]);
    expect(await billing.parts.deps.subscriptions.findByUser(adv)).toBeNull();

    await waitFor(async () => (await ads.call('GET', '/ads/credit', adv)).body.data.balance === 100_000, 30_000, 'the credit in the ad service');
    const ad = (await decide('e1')).body.ad;
    expect(ad?.campaignId).toBe(id);

    // Spend it: 1 000 Kč at 0.50 Kč a view is 2 000 views.
    const tokens: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const a = (await decide(`v${i}`)).body.ad;
      if (!a) break;
      tokens.push(a.imageUrl.replace('http://rr.test', ads.api));
    }
    expect(tokens.length).toBe(1_999);
    for (let i = 0; i < tokens.length; i += 50) await Promise.all(tokens.slice(i, i + 50).map((u) => fetch(u, { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) AppleWebKit/605 Safari/605' } }).then((r) => r.arrayBuffer())));
    await fetch(ad.imageUrl.replace('http://rr.test', ads.api), { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) AppleWebKit/605 Safari/605' } });
    await ads.parts.counter.flush();
    const entries = await ads.parts.repos.credit.ledger.find({ advertiserId: adv }).lean().exec();
    expect(balanceOf(entries)).toEqual({ deposited: 100_000, charged: 100_000, balance: 0 });
    expect((await decide('after')).body.ad).toBeNull();
  });

  it('credits what was paid: an overpayment at once, and money that comes later under the same symbol, each with its tax document', async () => {
    const adv = `o_${Date.now().toString(36)}`;
    const order = (await billing.call('POST', '/billing/ad-credit', adv, { amount: 100_000, billing: BILLING, termsAccepted: true })).body.data.payment;
    const transfer = (amount: number) => fetch(`${billing.sim.url}/admin/fio/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount, variableSymbol: order.variableSymbol, currency: 'CZK' }) });
    await transfer(1_200);
    await billing.parts.reconciler.round();
    await waitFor(async () => (await ads.call('GET', '/ads/credit', adv)).body.data?.deposited === 120_000, 30_000, 'the overpaid credit');
    await transfer(300);
    await billing.parts.reconciler.round();
    await billing.parts.reconciler.round();
    await waitFor(async () => (await ads.call('GET', '/ads/credit', adv)).body.data?.deposited === 150_000, 30_000, 'the later money credited');
    const invoices = (await billing.call('GET', '/billing/invoices', adv)).body.data as Array<{ total: number }>;
    expect(invoices.map((i) => i.total).sort((a, b) => a - b)).toEqual([30_000, 120_000]);
    expect(await billing.parts.deps.payments.findById(order.id)).toMatchObject({ received: 150_000, credited: 150_000, overpaid: 50_000 });
    const entries = await ads.parts.repos.credit.ledger.find({ advertiserId: adv }).lean().exec();
    expect(balanceOf(entries)).toEqual({ deposited: 150_000, charged: 0, balance: 150_000 });
  });
});
