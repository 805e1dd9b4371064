import { waitFor, waitForValue } from '@rr/kit/testing';
import { BILLING, startBilling } from './stack';

type Stack = Awaited<ReturnType<typeof startBilling>>;
type Mail = { subject: string; text: string; to: Array<{ address: string }> };

const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';
const mailsTo = async (address: string) => ((await (await fetch(`${MAILDEV_URL}/email`)).json()) as Mail[]).filter((m) => m.to.some((t) => t.address === address));
const DAY = 86_400_000;

describe('renewal, dunning and the fall back to USER', () => {
  let s: Stack;
  let n = 0;
  const newUser = () => `r_${Date.now().toString(36)}_${n++}`;

  beforeAll(async () => {
    s = await startBilling({ SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025' });
    await s.watch('subscription.changed');
  }, 60_000);
  afterAll(async () => s?.stop(), 30_000);

  async function subscribed(userId: string) {
    const res = await s.call('POST', '/billing/checkout', userId, { tier: 'STANDARD', period: 'month', method: 'card', billing: BILLING, immediateStart: true, termsAccepted: true });
    await fetch(res.body.data.payment.gatewayUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    await waitForValue('subscription', () => s.parts.deps.subscriptions.findByUser(userId).then((x) => x?.status === 'active' && x), 30_000);
    const sub = (await s.parts.deps.subscriptions.findByUser(userId))!;
    expect(sub.renewal.nextAttemptAt!.getTime()).toBe(sub.currentPeriodEnd.getTime() - 3 * DAY);
    return sub;
  }
  const recurrence = (outcome: 'paid' | 'declined') => fetch(`${s.sim.url}/admin/gopay/recurrence-outcome`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });

  it('charges the saved card before the period ends and continues the period from its end', async () => {
    const userId = newUser();
    const first = await subscribed(userId);
    await recurrence('paid');
    const round = await s.parts.reconciler.round(first.renewal.nextAttemptAt!);
    expect(round.renewed).toBe(1);
    const renewed = (await s.parts.deps.subscriptions.findByUser(userId))!;
    expect(renewed.currentPeriodStart).toEqual(first.currentPeriodEnd);
    expect(renewed.revision).toBe(first.revision + 1);
    expect(renewed.paymentIds).toHaveLength(2);
    const renewal = (await s.parts.deps.payments.findById(renewed.paymentIds[1]))!;
    expect(renewal).toMatchObject({ purpose: 'renewal', state: 'paid', amount: 19_900, parentProviderPaymentId: first.recurrenceParentId });
    expect(await s.parts.deps.invoices.findBySource(`payment:${renewal._id}`)).not.toBeNull();
    // The same round again charges nothing.
    expect((await s.parts.reconciler.round(first.renewal.nextAttemptAt!)).renewed).toBe(0);
  }, 60_000);

  it('retries a declined renewal with a dunning e-mail, keeps access through grace, then falls back to USER', async () => {
    const userId = newUser();
    const first = await subscribed(userId);
    await recurrence('declined');
    const due = first.renewal.nextAttemptAt!;
    await s.parts.reconciler.round(due);
    const dunning = (await s.parts.deps.subscriptions.findByUser(userId))!;
    expect(dunning.renewal.attempts).toBe(1);
    expect(dunning.renewal.nextAttemptAt!.getTime()).toBe(due.getTime() + DAY);
    expect(dunning.status).toBe('active');
    await waitFor(async () => (await mailsTo(`${userId}@example.cz`)).some((m) => m.subject === 'Platba za tarif Standard neprošla'), 30_000, 'dunning mail');

    // Second try after the period end: still declined, now past due; the role still lasts to end + grace.
    const second = new Date(first.currentPeriodEnd.getTime() + DAY);
    await s.parts.reconciler.round(second);
    const pastDue = (await s.parts.deps.subscriptions.findByUser(userId))!;
    expect(pastDue).toMatchObject({ status: 'past-due', renewal: { attempts: 2 } });
    const pastDueEvent = await waitForValue('past-due event', () => s.seen('subscription.changed').find((e) => e.data.userId === userId && e.data.status === 'past-due'), 30_000);
    expect(new Date(pastDueEvent.data.roleExpiresAt!).getTime()).toBe(first.currentPeriodEnd.getTime() + 5 * DAY);

    const afterGrace = new Date(first.currentPeriodEnd.getTime() + 6 * DAY);
    const round = await s.parts.reconciler.round(afterGrace);
    expect(round.expired).toBe(1);
    const ended = await waitForValue('expired event', () => s.seen('subscription.changed').find((e) => e.data.userId === userId && e.data.status === 'expired'), 30_000);
    expect(ended.data).toMatchObject({ role: 1, roleExpiresAt: null });
    await waitFor(async () => (await mailsTo(`${userId}@example.cz`)).some((m) => m.subject === 'Tarif Standard skončil'), 30_000, 'expiry mail');
    await recurrence('paid');
  }, 60_000);

  it('ends a cancelled subscription at the period end, without grace and without charging', async () => {
    const userId = newUser();
    const first = await subscribed(userId);
    await s.call('POST', '/billing/subscription/cancel', userId);
    const paymentsBefore = (await s.parts.deps.payments.listForUser(userId)).length;
    await s.parts.reconciler.round(first.renewal.nextAttemptAt!);
    expect((await s.parts.deps.payments.listForUser(userId)).length).toBe(paymentsBefore);
    const round = await s.parts.reconciler.round(new Date(first.currentPeriodEnd.getTime() + 1000));
    expect(round.expired).toBe(1);
    expect((await s.parts.deps.subscriptions.findByUser(userId))?.status).toBe('expired');
  }, 60_000);

  it('withdraws online within 14 days: the unused part back with a credit note, the tier ends, an acknowledgement by e-mail', async () => {
    const userId = newUser();
    await subscribed(userId);
    const res = await s.call('POST', '/billing/subscription/withdraw', userId);
    expect(res.status).toBe(200);
    // Immediate start was asked for: nearly the whole month is unused.
    expect(res.body.data.refunded).toBeGreaterThan(19_000);
    expect(res.body.data.refunded).toBeLessThanOrEqual(19_900);
    expect(res.body.data.creditNote).toMatchObject({ kind: 'credit-note', total: -res.body.data.refunded });
    expect((await s.parts.deps.subscriptions.findByUser(userId))?.status).toBe('expired');
    await waitFor(async () => (await mailsTo(`${userId}@example.cz`)).some((m) => m.subject === 'Potvrzení odstoupení od smlouvy'), 30_000, 'acknowledgement');
    expect((await s.call('POST', '/billing/subscription/withdraw', userId)).status).toBe(409);
  }, 60_000);

  it('sends a bank-transfer subscriber the next period\'s payment details a week before the end, and continues once paid', async () => {
    const userId = newUser();
    const res = await s.call('POST', '/billing/checkout', userId, { tier: 'MINI', period: 'month', method: 'bank-transfer', billing: BILLING, immediateStart: true, termsAccepted: true });
    const first = res.body.data.payment;
    await s.parts.deps.bank.record([{ id: `m-${userId}-1`, variableSymbol: first.variableSymbol, amount: 9_900, currency: 'CZK', counterAccount: null, counterBankCode: null, message: null, date: '2026-11-25' }]);
    await s.parts.settlement.refresh((await s.parts.deps.payments.findById(first.id))!);
    const sub = (await s.parts.deps.subscriptions.findByUser(userId))!;
    expect(sub.renewal.nextAttemptAt!.getTime()).toBe(sub.currentPeriodEnd.getTime() - 7 * DAY);

    await s.parts.reconciler.round(sub.renewal.nextAttemptAt!);
    const waiting = (await s.parts.deps.subscriptions.findByUser(userId))!;
    const order = (await s.parts.deps.payments.findById(waiting.renewal.paymentId!))!;
    expect(order).toMatchObject({ purpose: 'renewal', method: 'bank-transfer', state: 'created', amount: 9_900 });
    const mail = await waitForValue('bank renewal mail', async () => (await mailsTo(`${userId}@example.cz`)).find((m) => m.subject.startsWith('Předplatné Mini končí')), 30_000);
    expect(mail.text).toContain(`Variabilní symbol: ${order.variableSymbol}`);
    expect(mail.text).toContain(`/premium-ucet-potvrzeni?payment=${order._id}`);

    await s.parts.deps.bank.record([{ id: `m-${userId}-2`, variableSymbol: order.variableSymbol, amount: 9_900, currency: 'CZK', counterAccount: null, counterBankCode: null, message: null, date: '2026-11-25' }]);
    await s.parts.reconciler.round(new Date(sub.renewal.nextAttemptAt!.getTime() + 3_600_000));
    const renewed = (await s.parts.deps.subscriptions.findByUser(userId))!;
    expect(renewed.currentPeriodStart).toEqual(sub.currentPeriodEnd);
    expect(renewed.paymentIds).toContain(order._id);
  }, 60_000);
});
