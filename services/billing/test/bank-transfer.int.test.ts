import { BILLING, startBilling } from './stack';

type Stack = Awaited<ReturnType<typeof startBilling>>;

describe('bank transfer with QR Platba, matched from the Fio statement', () => {
  let s: Stack;
  let n = 0;
  const newUser = () => `b_${Date.now().toString(36)}_${n++}`;

  beforeAll(async () => {
    s = await startBilling();
  }, 60_000);
  afterAll(async () => s?.stop(), 30_000);

  const order = async (userId: string, tier = 'MINI', period = 'year') => {
    const res = await s.call('POST', '/billing/checkout', userId, { tier, period, method: 'bank-transfer', billing: { ...BILLING, ico: '27082440', dic: 'CZ27082440' }, immediateStart: false, termsAccepted: true });
    expect(res.status).toBe(200);
    return res.body.data.payment;
  };
  const transfer = (amount: number, variableSymbol: string, currency = 'CZK') =>
    fetch(`${s.sim.url}/admin/fio/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount, variableSymbol, currency }) });
  const payment = (id: string) => s.parts.deps.payments.findById(id);

  it('shows the account, variable symbol and QR Platba, and activates once the exact amount arrives', async () => {
    const userId = newUser();
    const p = await order(userId);
    expect(p.gatewayUrl).toBeNull();
    expect(p.bankTransfer).toMatchObject({ accountNumber: '2401234560/2010', iban: 'CZ2420100000002401234560', amount: '990.00', variableSymbol: p.variableSymbol });
    expect(p.bankTransfer.spayd).toMatch(new RegExp(`^SPD\\*1\\.0\\*ACC:CZ2420100000002401234560\\*AM:990\\.00\\*CC:CZK\\*DT:\\d{8}\\*MSG:[^*]+\\*X-VS:${p.variableSymbol}$`));

    await transfer(990, p.variableSymbol);
    await s.parts.reconciler.round();
    expect(await payment(p.id)).toMatchObject({ state: 'paid', received: 99_000, overpaid: 0 });
    expect((await s.parts.deps.subscriptions.findByUser(userId))).toMatchObject({ tier: 'MINI', period: 'year', status: 'active', recurrenceParentId: null });
  }, 30_000);

  it('keeps an underpaid order pending with the rest to pay, and pays it when the rest arrives', async () => {
    const userId = newUser();
    const p = await order(userId);
    await transfer(500, p.variableSymbol);
    await s.parts.reconciler.round();
    expect(await payment(p.id)).toMatchObject({ state: 'pending', received: 50_000 });
    const view = await s.call('GET', `/billing/payments/${p.id}`, userId);
    expect(view.body.data.bankTransfer.amount).toBe('490.00');
    expect(view.body.data.bankTransfer.spayd).toContain('AM:490.00');

    await transfer(490, p.variableSymbol);
    await s.parts.reconciler.round();
    expect((await payment(p.id))?.state).toBe('paid');
  }, 30_000);

  it('records an overpayment and ignores money in another currency or under an unknown symbol', async () => {
    const userId = newUser();
    const p = await order(userId);
    await transfer(40, p.variableSymbol, 'EUR');
    await transfer(990, '1234567890');
    await s.parts.reconciler.round();
    expect((await payment(p.id))?.state).toBe('created');

    await transfer(1_000, p.variableSymbol);
    await s.parts.reconciler.round();
    expect(await payment(p.id)).toMatchObject({ state: 'paid', received: 100_000, overpaid: 1_000 });
  }, 30_000);

  it('counts a statement movement once although every round reads the last week again', async () => {
    const userId = newUser();
    const p = await order(userId);
    await transfer(500, p.variableSymbol);
    await s.parts.reconciler.round();
    expect((await s.parts.reconciler.round()).movements).toBe(0);
    expect(await payment(p.id)).toMatchObject({ state: 'pending', received: 50_000 });
  }, 30_000);
});

describe('refunds of bank transfers, as payment orders at Fio', () => {
  let s: Stack;
  let n = 0;
  const newUser = () => `bf_${Date.now().toString(36)}_${n++}`;

  beforeAll(async () => {
    s = await startBilling();
  }, 60_000);
  afterAll(async () => s?.stop(), 30_000);

  type SimOrder = { accountFrom: string; amount: string; accountTo: string; bankCode: string; vs: string; instructionId: number; state: string };
  const simOrders = async () => (await (await fetch(`${s.sim.url}/admin/fio/orders`)).json()) as SimOrder[];
  const refund = async (paymentId: string, amount?: number) => {
    const res = await fetch(`${s.api}/billing/admin/payments/${paymentId}/refund`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.tokenFor('admin', { role: 10000 })}` }, body: JSON.stringify(amount ? { amount } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API JSON asserted field by field
    return { status: res.status, body: ((await res.json()) as any).data };
  };
  async function paidByTransfer(userId: string, from: { counterAccount: string; counterBankCode: string }) {
    const res = await s.call('POST', '/billing/checkout', userId, { tier: 'MINI', period: 'year', method: 'bank-transfer', billing: BILLING, immediateStart: false, termsAccepted: true });
    const p = res.body.data.payment;
    await fetch(`${s.sim.url}/admin/fio/transactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 990, variableSymbol: p.variableSymbol, ...from }) });
    await s.parts.reconciler.round();
    expect((await s.parts.deps.payments.findById(p.id))?.state).toBe('paid');
    return p as { id: string; variableSymbol: string };
  }

  it('sends the money back to the account it came from: an order imported at Fio, signed in internet banking, then out of the account', async () => {
    const p = await paidByTransfer(newUser(), { counterAccount: '19-2000145399', counterBankCode: '0800' });
    const partial = await refund(p.id, 40_000);
    expect(partial.status).toBe(200);
    expect(partial.body.payment.state).toBe('partially-refunded');
    expect(partial.body.creditNote).toMatchObject({ kind: 'credit-note', total: -40_000 });
    expect(partial.body.bankRefund).toMatchObject({ state: 'waiting-signature', accountTo: '19-2000145399', bankCode: '0800', amount: 40_000, error: null });
    const [order] = (await simOrders()).filter((o) => o.vs === p.variableSymbol);
    expect(order).toMatchObject({ accountFrom: '2401234560', amount: '400.00', accountTo: '19-2000145399', bankCode: '0800', state: 'waiting', instructionId: Number(partial.body.bankRefund.instructionId) });

    // The operator signs the batch in internet banking: the money leaves the account.
    expect((await fetch(`${s.sim.url}/admin/fio/orders/${order.instructionId}/authorize`, { method: 'POST' })).status).toBe(200);
    const out = ((await (await fetch(`${s.sim.url}/admin/fio/transactions`)).json()) as Array<{ amount: number; variableSymbol: string }>).filter((m) => m.variableSymbol === p.variableSymbol);
    expect(out.map((m) => m.amount).sort()).toEqual([-400, 990]);
    // The outgoing movement does not count as money received for the order; it marks the refund sent.
    await s.parts.reconciler.round();
    expect(await s.parts.deps.payments.findById(p.id)).toMatchObject({ state: 'partially-refunded', received: 99_000, refunded: 40_000 });
    expect(await s.parts.bankRefunds.forPayment(p.id)).toEqual([expect.objectContaining({ state: 'sent', amount: 40_000, movementId: expect.any(String) })]);
    await s.parts.reconciler.round();
    expect((await s.parts.bankRefunds.forPayment(p.id)).map((r) => r.state)).toEqual(['sent']);

    const rest = await refund(p.id);
    expect(rest.body.payment.state).toBe('refunded');
    expect(rest.body.bankRefund).toMatchObject({ state: 'waiting-signature', amount: 59_000 });
    expect((await simOrders()).filter((o) => o.vs === p.variableSymbol).map((o) => o.amount)).toEqual(['400.00', '590.00']);
  }, 60_000);

  it('leaves the refund to the operator when the statement does not say where the money came from', async () => {
    const p = await paidByTransfer(newUser(), { counterAccount: '', counterBankCode: '' });
    const res = await refund(p.id);
    expect(res.body.payment.state).toBe('refunded');
    expect(res.body.bankRefund).toMatchObject({ state: 'manual', accountTo: null, instructionId: null });
    expect((await simOrders()).filter((o) => o.vs === p.variableSymbol)).toHaveLength(0);
  }, 60_000);
});
