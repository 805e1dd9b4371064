import { waitFor, waitForValue } from '@rr/kit/testing';
import { BILLING, startBilling } from './stack';

type Stack = Awaited<ReturnType<typeof startBilling>>;

describe('billing with the payment simulator', () => {
  let s: Stack;
  let n = 0;
  const newUser = () => `u_${Date.now().toString(36)}_${n++}`;

  beforeAll(async () => {
    s = await startBilling();
    await s.watch('subscription.changed');
    await s.watch('payment.changed');
  }, 60_000);
  afterAll(async () => s?.stop(), 30_000);

  const checkout = (userId: string, over: Record<string, unknown> = {}) =>
    s.call('POST', '/billing/checkout', userId, { tier: 'STANDARD', period: 'month', method: 'card', billing: BILLING, immediateStart: true, termsAccepted: true, ...over });
  const gateway = (gatewayUrl: string, action: 'pay' | 'decline' | 'cancel') =>
    fetch(gatewayUrl, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });
  const providerIdOf = (paymentId: string) => s.parts.deps.payments.findById(paymentId).then((p) => p!.providerPaymentId!);
  const paymentState = async (paymentId: string) => (await s.parts.deps.payments.findById(paymentId))?.state;
  const admin = (path: string, body: unknown = {}) => fetch(`${s.sim.url}/admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const subEvents = (userId: string) => s.seen('subscription.changed').filter((e) => e.data.userId === userId);

  it('pays by card through the gateway: the notification leads to a lookup, the subscription starts and the role is published', async () => {
    const userId = newUser();
    const res = await checkout(userId);
    expect(res.status).toBe(200);
    const { payment } = res.body.data;
    expect(payment).toMatchObject({ state: 'created', amount: 19_900, currency: 'CZK', method: 'card' });
    expect(payment.gatewayUrl).toMatch(/\/gopay\/gw\/\d+$/);

    const back = await gateway(payment.gatewayUrl, 'pay');
    expect(back.headers.get('location')).toBe(`http://rr.test/premium-ucet-potvrzeni?payment=${payment.id}&id=${await providerIdOf(payment.id)}`);
    await waitFor(async () => (await paymentState(payment.id)) === 'paid', 10_000, 'payment paid');

    const event = await waitForValue('subscription.changed', () => subEvents(userId)[0], 15_000);
    expect(event.data).toMatchObject({ status: 'active', tier: 'STANDARD', role: 5, revision: 1, cancelAtPeriodEnd: false });
    const end = new Date(event.data.currentPeriodEnd).getTime();
    expect(new Date(event.data.roleExpiresAt!).getTime() - end).toBe(5 * 86_400_000);
    const view = await s.call('GET', `/billing/payments/${payment.id}`, userId);
    expect(view.body.data).toMatchObject({ state: 'paid', gatewayUrl: null });
    const sub = await s.call('GET', '/billing/subscription', userId);
    expect(sub.body.data).toMatchObject({ status: 'active', tier: 'STANDARD' });
  }, 30_000);

  it('leaves a declined card payment cancelled and starts no subscription', async () => {
    const userId = newUser();
    const { payment } = (await checkout(userId)).body.data;
    await gateway(payment.gatewayUrl, 'decline');
    await waitFor(async () => (await paymentState(payment.id)) === 'canceled', 10_000, 'payment cancelled');
    expect(await s.parts.deps.subscriptions.findByUser(userId)).toBeNull();
    expect((await s.call('GET', '/billing/subscription', userId)).body.data).toBeNull();
  }, 30_000);

  it('marks an abandoned payment timed out when the gateway says so', async () => {
    const userId = newUser();
    const { payment } = (await checkout(userId)).body.data;
    await admin(`/gopay/payments/${await providerIdOf(payment.id)}/expire`);
    await waitFor(async () => (await paymentState(payment.id)) === 'timeouted', 10_000, 'payment timed out');
    expect(await s.parts.deps.subscriptions.findByUser(userId)).toBeNull();
  }, 30_000);

  it('applies a payment once however many notifications arrive, in whatever order', async () => {
    const userId = newUser();
    const { payment } = (await checkout(userId)).body.data;
    const gopayId = await providerIdOf(payment.id);
    // A notification of the still-created payment first, then paid with three copies, then the early one again.
    await admin(`/gopay/payments/${gopayId}/notify`);
    await admin(`/gopay/payments/${gopayId}/pay`, { duplicates: 3 });
    await admin(`/gopay/payments/${gopayId}/notify`);
    await waitFor(async () => (await s.sim.notifier.sent.filter((x) => x.paymentId === Number(gopayId) && x.status === 200)).length >= 6, 10_000, 'six notifications answered');
    await waitForValue('subscription.changed', () => subEvents(userId)[0], 15_000);
    // payment.changed travels on its own topic and may reach this consumer later: wait for it, then give duplicates time.
    const paid = () => s.seen('payment.changed').filter((e) => e.data.paymentId === payment.id && e.data.state === 'paid');
    await waitForValue('payment.changed (paid)', () => paid()[0], 15_000);
    await new Promise((r) => setTimeout(r, 500));

    const sub = await s.parts.deps.subscriptions.findByUser(userId);
    expect(sub).toMatchObject({ revision: 1, paymentIds: [payment.id] });
    expect(subEvents(userId)).toHaveLength(1);
    expect(paid()).toHaveLength(1);
    expect(await s.parts.deps.payments.move(payment.id, 'created')).toBeNull();
  }, 30_000);

  it('refuses a notification for a payment it never created and never trusts an amount that differs', async () => {
    const forged = await s.call('GET', '/billing/gopay/notify?id=3999999999', null);
    expect(forged.status).toBe(404);
    expect((await s.call('GET', '/billing/gopay/notify?id=abc', null)).status).toBe(400);

    const userId = newUser();
    const { payment } = (await checkout(userId)).body.data;
    const gopayId = await providerIdOf(payment.id);
    s.sim.store.get(Number(gopayId))!.amount = 100; // the gateway reports 1 Kč for a 199 Kč order
    await admin(`/gopay/payments/${gopayId}/pay`);
    await waitFor(async () => !!(await s.parts.deps.payments.findById(payment.id))?.mismatch, 10_000, 'mismatch recorded');
    expect(await paymentState(payment.id)).toBe('created');
    expect(await s.parts.deps.subscriptions.findByUser(userId)).toBeNull();
  }, 30_000);

  it('settles a paid payment whose notification never came, on the reconciler\'s round', async () => {
    const userId = newUser();
    const { payment } = (await checkout(userId)).body.data;
    await admin(`/gopay/payments/${await providerIdOf(payment.id)}/pay`, { notify: false });
    await s.parts.deps.payments.update(payment.id, { checkAt: new Date(Date.now() - 1000) });
    const round = await s.parts.reconciler.round();
    expect(round.checked).toBeGreaterThanOrEqual(1);
    expect(await paymentState(payment.id)).toBe('paid');
    expect((await s.parts.deps.subscriptions.findByUser(userId))?.status).toBe('active');
  }, 30_000);

  it('acts on the reported state when another writer claimed the move and has not written it (a lookup racing a notification, or a crash between)', async () => {
    const userId = newUser();
    const { payment } = (await checkout(userId)).body.data;
    await admin(`/gopay/payments/${await providerIdOf(payment.id)}/pay`, { notify: false });
    // The other writer's claim of created → paid, without its write to the payment.
    await s.parts.deps.payments.model.db.collection('payment_transitions').insertOne({ _id: `${payment.id}>paid` as never, at: new Date() });
    const after = await s.parts.settlement.refresh((await s.parts.deps.payments.findById(payment.id))!);
    expect(after.state).toBe('paid');
    expect(await paymentState(payment.id)).toBe('paid');
    expect((await s.parts.deps.subscriptions.findByUser(userId))?.status).toBe('active');
  }, 30_000);

  it('answers 503 while GoPay is down and settles the payment after it returns', async () => {
    const userId = newUser();
    await admin('/faults/gopay', { mode: 'error', count: 1 });
    const down = await checkout(userId);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('UNAVAILABLE');

    const { payment } = (await checkout(userId)).body.data;
    await admin('/gopay/notifications', { enabled: false });
    await admin(`/gopay/payments/${await providerIdOf(payment.id)}/pay`);
    await admin('/gopay/notifications', { enabled: true });
    await admin('/faults/gopay', { mode: 'error' });
    const notified = await s.call('GET', `/billing/gopay/notify?id=${await providerIdOf(payment.id)}`, null);
    expect(notified.status).toBe(502);
    await admin('/faults/gopay', { mode: 'none' });
    await s.parts.deps.payments.update(payment.id, { checkAt: new Date(Date.now() - 1000) });
    await s.parts.reconciler.round();
    expect(await paymentState(payment.id)).toBe('paid');
  }, 30_000);

  it('credits the unused part of the current tier on an upgrade and starts the new tier at once', async () => {
    const userId = newUser();
    const first = (await checkout(userId)).body.data.payment;
    await gateway(first.gatewayUrl, 'pay');
    await waitForValue('first subscription', () => subEvents(userId)[0], 15_000);

    const up = await checkout(userId, { tier: 'PREMIUM' });
    expect(up.status).toBe(200);
    expect(up.body.data.payment.amount).toBeLessThan(39_900);
    expect(up.body.data.payment.amount).toBeGreaterThanOrEqual(39_900 - 19_900);
    await gateway(up.body.data.payment.gatewayUrl, 'pay');
    const event = await waitForValue('upgrade published', () => subEvents(userId).find((e) => e.data.tier === 'PREMIUM'), 15_000);
    expect(event.data).toMatchObject({ role: 6, revision: 2 });

    const down = await checkout(userId, { tier: 'MINI' });
    expect(down.status).toBe(409);
    const scheduled = await s.call('POST', '/billing/subscription/change', userId, { tier: 'MINI' });
    expect(scheduled.body.data).toMatchObject({ tier: 'PREMIUM', nextTier: 'MINI' });
  }, 40_000);

  it('cancels: no renewal, the recurrence is voided at GoPay and the role ends with the period, not after grace', async () => {
    const userId = newUser();
    const { payment } = (await checkout(userId)).body.data;
    await gateway(payment.gatewayUrl, 'pay');
    await waitForValue('subscription', () => subEvents(userId)[0], 15_000);
    const cancelled = await s.call('POST', '/billing/subscription/cancel', userId);
    expect(cancelled.body.data).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
    const event = await waitForValue('cancel published', () => subEvents(userId).find((e) => e.data.cancelAtPeriodEnd), 15_000);
    expect(event.data.roleExpiresAt).toBe(event.data.currentPeriodEnd);
    expect(s.sim.store.get(Number(await providerIdOf(payment.id)))?.recurrence?.recurrence_state).toBe('STOPPED');
  }, 30_000);

  it('refuses a checkout without login, with a wrong IČO or without accepted terms', async () => {
    expect((await s.call('POST', '/billing/checkout', null, {})).status).toBe(401);
    const badIco = await checkout(newUser(), { billing: { ...BILLING, ico: '27082441' } });
    expect(badIco.status).toBe(400);
    expect(badIco.body.error.fields['billing.ico']).toMatch(/IČO/);
    expect((await checkout(newUser(), { termsAccepted: false })).status).toBe(400);
  });
});
