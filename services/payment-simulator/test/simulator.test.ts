import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@rr/kit/testing';
import { SIM_CREDENTIALS, SIM_FIO, startPaymentSimulator } from './support';

type Sim = Awaited<ReturnType<typeof startPaymentSimulator>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the provider's JSON, asserted field by field
type Json = any;
const json = async (r: Response | Promise<Response>): Promise<Json> => (await r).json();

describe('payment simulator', () => {
  let sim: Sim;
  let shop: http.Server;
  let shopUrl = '';
  const calls: string[] = [];

  beforeAll(async () => {
    sim = await startPaymentSimulator();
    shop = http.createServer((req, res) => {
      calls.push(req.url ?? '');
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await sim.stop();
    await new Promise((r) => shop.close(r));
  });
  beforeEach(async () => {
    calls.length = 0;
    await fetch(`${sim.url}/admin/reset`, { method: 'POST' });
  });

  async function token(scope = 'payment-all', secret = SIM_CREDENTIALS.clientSecret): Promise<Response> {
    return fetch(`${sim.url}/gopay/api/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${SIM_CREDENTIALS.clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
    });
  }

  async function create(access: string, body: Record<string, unknown> = {}) {
    return fetch(`${sim.url}/gopay/api/payments/payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        target: { type: 'ACCOUNT', goid: SIM_CREDENTIALS.goid }, amount: 19_900, currency: 'CZK', order_number: 'o1', order_description: 'Standard',
        items: [{ name: 'Standard', amount: 19_900 }], callback: { return_url: `${shopUrl}/back`, notification_url: `${shopUrl}/notify` },
        recurrence: { recurrence_cycle: 'ON_DEMAND', recurrence_date_to: '2099-12-31' }, ...body,
      }),
    });
  }

  it('issues a bearer token for the right client credentials only', async () => {
    const ok = await json(token());
    expect(ok).toMatchObject({ token_type: 'bearer', expires_in: 1800 });
    const bad = await token('payment-all', 'wrong');
    expect(bad.status).toBe(403);
    expect((await json(bad)).errors[0].error_name).toBe('AUTH_WRONG_CREDENTIALS');
  });

  it('creates a payment, pays it on the gateway page, notifies the shop with ?id= and sends the payer back', async () => {
    const { access_token } = await json(token());
    const created = await json(create(access_token));
    expect(created).toMatchObject({ state: 'CREATED', amount: 19_900, currency: 'CZK', order_number: 'o1' });
    expect(created.gw_url).toBe(`${sim.url}/gopay/gw/${created.id}`);
    expect(await (await fetch(created.gw_url)).text()).toContain('199,00');

    const back = await fetch(created.gw_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${shopUrl}/back?id=${created.id}`);
    await waitFor(() => calls.includes(`/notify?id=${created.id}`), 5_000, 'notification');

    const status = await json(fetch(`${sim.url}/gopay/api/payments/payment/${created.id}`, { headers: { authorization: `Bearer ${access_token}` } }));
    expect(status).toMatchObject({ id: created.id, state: 'PAID', recurrence: { recurrence_state: 'STARTED' } });
    expect(status.callback).toBeUndefined();
  });

  it('refuses a status lookup with a payment-create token and a payment whose items do not add up', async () => {
    const { access_token } = await json(token('payment-create'));
    const created = await json(create(access_token));
    const lookup = await fetch(`${sim.url}/gopay/api/payments/payment/${created.id}`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(lookup.status).toBe(403);
    const bad = await create(access_token, { amount: 100 });
    expect(bad.status).toBe(409);
  });

  it('sends duplicate notifications on request and charges or declines on-demand recurrences', async () => {
    const { access_token } = await json(token());
    const created = await json(create(access_token));
    await fetch(`${sim.url}/admin/gopay/payments/${created.id}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ duplicates: 2 }) });
    await waitFor(() => calls.filter((c) => c === `/notify?id=${created.id}`).length === 3, 5_000, 'three notifications');

    const recur = (order: string) => fetch(`${sim.url}/gopay/api/payments/payment/${created.id}/create-recurrence`, {
      method: 'POST', headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 19_900, currency: 'CZK', order_number: order, order_description: 'renewal', items: [{ name: 'Standard', amount: 19_900 }] }),
    }).then(json);
    expect(await recur('o2')).toMatchObject({ parent_id: created.id, state: 'PAID' });
    await fetch(`${sim.url}/admin/gopay/recurrence-outcome`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'declined' }) });
    expect(await recur('o3')).toMatchObject({ state: 'CANCELED' });
  });

  it('refunds part and then the rest of a paid payment', async () => {
    const { access_token } = await json(token());
    const created = await json(create(access_token));
    await fetch(`${sim.url}/admin/gopay/payments/${created.id}/pay`, { method: 'POST' });
    const refund = (amount: number) => fetch(`${sim.url}/gopay/api/payments/payment/${created.id}/refund`, {
      method: 'POST', headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ amount: String(amount) }),
    });
    expect(await json(refund(9_900))).toEqual({ id: created.id, result: 'FINISHED' });
    expect(sim.store.get(created.id)?.state).toBe('PARTIALLY_REFUNDED');
    expect((await refund(20_000)).status).toBe(409);
    await refund(10_000);
    expect(sim.store.get(created.id)?.state).toBe('REFUNDED');
  });

  it('answers 500 while a fault is set, for as many requests as asked', async () => {
    await fetch(`${sim.url}/admin/faults/gopay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'error', count: 1 }) });
    expect((await token()).status).toBe(500);
    expect((await token()).status).toBe(200);
  });

  it('lists bank movements in Fio\'s JSON statement format, and "last" only once', async () => {
    await fetch(`${sim.url}/admin/fio/transactions`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1990, variableSymbol: '2611000007', message: 'Předplatné', date: '2026-11-25' }),
    });
    const last = await json(fetch(`${sim.url}/fio/v1/rest/last/${SIM_FIO.token}/transactions.json`));
    const [t] = last.accountStatement.transactionList.transaction;
    expect(last.accountStatement.info).toMatchObject({ accountId: SIM_FIO.accountId, bankId: '2010', currency: 'CZK', iban: SIM_FIO.iban });
    expect(t.column1).toEqual({ value: 1990, name: 'Objem', id: 1 });
    expect(t.column5.value).toBe('2611000007');
    expect(t.column14.value).toBe('CZK');
    expect(t.column16.value).toBe('Předplatné');
    expect(t.column22.value).toEqual(expect.any(Number));
    const again = await json(fetch(`${sim.url}/fio/v1/rest/last/${SIM_FIO.token}/transactions.json`));
    expect(again.accountStatement.transactionList.transaction).toEqual([]);
    const period = await json(fetch(`${sim.url}/fio/v1/rest/periods/${SIM_FIO.token}/2026-11-01/2026-11-30/transactions.json`));
    expect(period.accountStatement.transactionList.transaction).toHaveLength(1);
    expect((await fetch(`${sim.url}/fio/v1/rest/last/wrong/transactions.json`)).status).toBe(401);
  });

  it('imports payment orders in Fio\'s XML format with the import token, and refuses what Fio would refuse', async () => {
    const upload = (xml: string, token = SIM_FIO.paymentToken) => {
      const form = new FormData();
      form.set('token', token);
      form.set('type', 'xml');
      form.set('file', new Blob([xml], { type: 'application/xml' }), 'orders.xml');
      return fetch(`${sim.url}/fio/v1/rest/import/`, { method: 'POST', body: form });
    };
    const order = (fields: string) => `<?xml version="1.0" encoding="UTF-8"?><Import><Orders><DomesticTransaction>${fields}</DomesticTransaction></Orders></Import>`;
    const good = '<accountFrom>2401234560</accountFrom><currency>CZK</currency><amount>400.00</amount><accountTo>2000145399</accountTo><bankCode>0800</bankCode><vs>2611000007</vs><date>2026-11-25</date><paymentType>431001</paymentType>';

    const ok = await upload(order(good));
    const answer = await ok.text();
    expect(answer).toMatch(/<errorCode>0<\/errorCode><idInstruction>\d+<\/idInstruction><status>ok<\/status>/);
    expect(answer).toContain('<sumDebet>400.00</sumDebet>');
    const instruction = answer.match(/<idInstruction>(\d+)</)![1];
    expect(await json(fetch(`${sim.url}/admin/fio/orders`))).toEqual([expect.objectContaining({ amount: '400.00', accountTo: '2000145399', state: 'waiting', instructionId: Number(instruction) })]);

    expect((await upload(order(good), SIM_FIO.token)).status).toBe(500);
    expect(await (await upload(order(good.replace('0800', '80')))).text()).toMatch(/<errorCode>11<\/errorCode><status>error<\/status><message>order 1: bankCode/);
    expect(await (await upload(order(good.replace('2401234560', '1111111111')))).text()).toContain('is not the token&#39;s account');
    expect(await (await upload('<Import><Orders>')).text()).toContain('<errorCode>11</errorCode>');

    const signed = await json(fetch(`${sim.url}/admin/fio/orders/${instruction}/authorize`, { method: 'POST' }));
    expect(signed).toEqual([expect.objectContaining({ state: 'sent' })]);
    const period = await json(fetch(`${sim.url}/fio/v1/rest/periods/${SIM_FIO.token}/2020-01-01/2099-12-31/transactions.json`));
    const out = period.accountStatement.transactionList.transaction.find((t: Json) => t.column1.value === -400);
    expect(out).toMatchObject({ column2: { value: '2000145399' }, column3: { value: '0800' }, column8: { value: 'Bezhotovostní platba' } });
  });
});
