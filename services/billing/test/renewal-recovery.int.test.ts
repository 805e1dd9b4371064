import { waitForValue } from '@rr/kit/testing';
import { BILLING, startBilling } from './stack';

type Stack = Awaited<ReturnType<typeof startBilling>>;
type SimPayment = { id: number; parent_id?: number; order_number: string; state: string };
const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The window between recording a renewal charge and GoPay's answer: a crash (or a timeout) there
 * must neither lose a charge GoPay made nor charge the card twice.
 */
describe('a renewal charge whose GoPay answer was lost', () => {
  let s: Stack;
  let n = 0;
  const newUser = () => `rc_${Date.now().toString(36)}_${n++}`;

  beforeAll(async () => {
    s = await startBilling();
  }, 60_000);
  afterAll(async () => s?.stop(), 30_000);

  const admin = (path: string, body: unknown) => fetch(`${s.sim.url}/admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const childrenOf = async (parentId: string) => ((await (await fetch(`${s.sim.url}/admin/gopay/payments`)).json()) as SimPayment[]).filter((p) => String(p.parent_id) === parentId);

  async function subscribed(userId: string) {
    const res = await s.call('POST', '/billing/checkout', userId, { tier: 'STANDARD', period: 'month', method: 'card', billing: BILLING, immediateStart: true, termsAccepted: true });
    await fetch(res.body.data.payment.gatewayUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    return waitForValue('subscription', () => s.parts.deps.subscriptions.findByUser(userId).then((x) => x?.status === 'active' && x), 30_000);
  }
  const renewalOf = async (userId: string) => (await s.parts.deps.payments.listForUser(userId)).filter((p) => p.purpose === 'renewal');

  it('recovers a charge made while billing crashed before GoPay answered: no second charge, the notification settles it', async () => {
    const userId = newUser();
    const first = await subscribed(userId);
    await admin('/gopay/recurrence-outcome', { outcome: 'paid' });
    // GoPay takes 3 s to answer the charge; billing dies meanwhile (its answer is never recorded).
    await admin('/faults/gopay', { mode: 'slow', delayMs: 3_000, count: 1, path: `${first.recurrenceParentId}/create-recurrence` });
    const due = first.renewal.nextAttemptAt!;
    const crashed = s.parts.reconciler.round(due).catch(() => undefined);
    await waitForValue('charge recorded', async () => (await renewalOf(userId)).length === 1, 10_000);
    await s.restart();
    await crashed;

    // The restarted billing's rounds do not charge again while GoPay's answer is unknown. (On a
    // loaded machine the restart can outlast GoPay's 3 s, and its notification may have settled the
    // charge already: then it is paid with GoPay's id, never charged twice — the children below.)
    const [unconfirmed] = await renewalOf(userId);
    expect(unconfirmed).toMatchObject({ parentProviderPaymentId: first.recurrenceParentId });
    const unknownOrSettled = unconfirmed.state === 'created' ? { providerPaymentId: unconfirmed.providerPaymentId } : { state: unconfirmed.state };
    expect([{ providerPaymentId: null }, { state: 'paid' }]).toContainEqual(unknownOrSettled);
    await s.parts.reconciler.round(new Date(due.getTime() + HOUR));

    // GoPay's notification (retried while billing was down) names the charge: the order adopts it.
    const renewed = await waitForValue('next period', () => s.parts.deps.subscriptions.findByUser(userId).then((x) => x && x.currentPeriodStart.getTime() === first.currentPeriodEnd.getTime() && x), 30_000);
    expect(renewed.paymentIds).toContain(unconfirmed._id);
    const children = await childrenOf(first.recurrenceParentId!);
    expect(children).toHaveLength(1);
    expect(await s.parts.deps.payments.findById(unconfirmed._id)).toMatchObject({ state: 'paid', providerPaymentId: String(children[0].id) });
    await waitForValue('its tax document', () => s.parts.deps.invoices.findBySource(`payment:${unconfirmed._id}`), 30_000);
    // Rounds after it charge nothing more.
    await s.parts.reconciler.round(new Date(due.getTime() + 2 * HOUR));
    expect(await childrenOf(first.recurrenceParentId!)).toHaveLength(1);
  }, 90_000);

  it('counts a charge GoPay never received as not made once the wait is over, and charges once', async () => {
    const userId = newUser();
    const first = await subscribed(userId);
    await admin('/gopay/recurrence-outcome', { outcome: 'paid' });
    await admin('/faults/gopay', { mode: 'error', count: 1, path: `${first.recurrenceParentId}/create-recurrence` });
    const due = first.renewal.nextAttemptAt!;
    await s.parts.reconciler.round(due);
    const [unconfirmed] = await renewalOf(userId);
    expect(unconfirmed).toMatchObject({ state: 'created', providerPaymentId: null });

    await s.parts.reconciler.round(new Date(due.getTime() + 23 * HOUR));
    expect(await renewalOf(userId)).toHaveLength(1);
    expect(await childrenOf(first.recurrenceParentId!)).toHaveLength(0);

    await s.parts.reconciler.round(new Date(due.getTime() + 25 * HOUR));
    expect(await s.parts.deps.payments.findById(unconfirmed._id)).toMatchObject({ state: 'canceled' });
    const renewed = (await s.parts.deps.subscriptions.findByUser(userId))!;
    expect(renewed.currentPeriodStart).toEqual(first.currentPeriodEnd);
    expect(await childrenOf(first.recurrenceParentId!)).toHaveLength(1);
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(first.currentPeriodEnd.getTime() + 27 * DAY);
  }, 60_000);
});
