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
