import type { Watchdog } from '@rr/proto';
import { exampleWatchdog } from '@rr/proto/examples';
import { offerWithdrawalModel } from '../src/repositories/ledger.model';
import { heldAlertsHarness, iso, later } from './held-harness';
import { sleep, waitFor, mailTo } from './helpers';

jest.setTimeout(120_000);

/**
 * The edges of held alerts (issue 19), against the real ledger, Kafka and the mail catcher: a
 * match that arrives after its offer's withdrawal was handled, a person's other watchdog switched
 * to instant, and a watchdog deleted or left by its invitee while alerts of it wait.
 */
describe('notifier: held alerts at the edges of withdrawals, other watchdogs and ended watchdogs', () => {
  const h = heldAlertsHarness('held-edges-test');
  const { run, sent, ledger, person, entry, offersMailed, match, changed, deleted } = h;
  /** A Mini owner's watchdog (digests, one invitee). */
  const watchdogOf = (owner: string, name: string, over: Partial<Watchdog>): Watchdog => ({ ...exampleWatchdog, id: `w_${name}${run}`, email: owner, ownerRole: 3, updatedAt: iso(Date.now() - 60_000), ...over });

  it('records a match fetched before an already handled withdrawal as withdrawn, and sends it when the offer comes back', async () => {
    const late = person('late');
    const dog = watchdogOf(late, 'late', {});
    // The withdrawal is handled before any alert about the offer exists (the matcher lagged behind).
    const withdrawnAt = iso(Date.now());
    await h.bus().publish('offer.withdrawn', `lw1-${run}`, { offerId: `lw1-${run}`, withdrawnAt });
    await waitFor('the remembered withdrawal', async () => (await offerWithdrawalModel(h.db()).findById(`lw1-${run}`).lean())?.withdrawnAt.toISOString() === withdrawnAt);

    // The lagging match (instant: it would go at once) and one of another offer, in the same stream.
    await match(late, 'lw1', dog, undefined, { fetchedAt: iso(Date.parse(withdrawnAt) - 60_000) });
    await match(late, 'lw2', dog, undefined);
    await waitFor('the other offer\'s alert', async () => (await mailTo(late)).length === 1, 20_000);
    await sleep(2_500);
    expect(await offersMailed(late)).toEqual([['lw2']]);
    expect(await entry(late, 'lw1')).toMatchObject({ status: 'withdrawn', withdrawnAt });

    // Back on the market (fetched after the withdrawal): the person hears of it now.
    await match(late, 'lw1', dog, undefined, { fetchedAt: iso(Date.now()) });
    await waitFor('the alert about the offer back', async () => (await mailTo(late)).length === 2, 20_000);
    expect((await offersMailed(late)).flat().sort()).toEqual(['lw1', 'lw2']);
  });

  it('sends at once an alert held by one watchdog when another of the person\'s watchdogs that matched it switches to instant, once', async () => {
    const both = person('both');
    const digest = later(3);
    const first = watchdogOf(both, 'first', { delivery: digest });
    const second = watchdogOf(both, 'second', { delivery: digest });
    await match(both, 'o1', first, digest);
    await waitFor('the held entry', async () => (await entry(both, 'o1'))?.heldFor === 'digest');
    await match(both, 'o1', second, digest);
    await waitFor('the second watchdog on the entry', async () => ((await entry(both, 'o1'))?.watchdogIds ?? []).includes(second.id));

    const instant = { ...second, updatedAt: iso(Date.now()), delivery: undefined };
    await changed(instant);
    await waitFor('the released alert', async () => (await mailTo(both)).length === 1, 20_000);
    await changed(instant);
    await sleep(3_000);
    expect(await offersMailed(both)).toEqual([['o1']]);
    expect(await entry(both, 'o1')).toMatchObject({ status: 'sent', watchdogId: second.id, deliveryKey: 'instant' });
  });

  it('drops the waiting alerts of a deleted watchdog and of an invitee who left, and keeps one another watchdog still asks for', async () => {
    const owner = person('downer');
    const partner = person('dpartner');
    const digest = later(3);
    const shared = watchdogOf(owner, 'shared', { delivery: digest, members: [{ email: partner, locale: 'cs', userId: null, delivery: digest }] });
    const own = watchdogOf(partner, 'own', { delivery: digest });
    await match(owner, 'e1', shared, digest);
    await match(partner, 'e2', shared, digest, { member: true });
    await match(partner, 'e3', shared, digest, { member: true });
    await match(partner, 'e3', own, digest);
    await waitFor('the held entries', async () => (await ledger().countDocuments({ _id: { $in: [`${owner}|e1-${run}`, `${partner}|e2-${run}`, `${partner}|e3-${run}`] }, heldFor: 'digest' })) === 3
      && ((await entry(partner, 'e3'))?.watchdogIds ?? []).length === 2);

    // The invitee leaves (the account service republishes the state without them).
    await changed({ ...shared, updatedAt: iso(Date.now()), members: [] });
    await waitFor('the left invitee\'s alert dropped', async () => (await entry(partner, 'e2'))?.status === 'dropped');
    // Now the partner's own watchdog's alert: the owner's links, not an invitee's.
    expect(await entry(partner, 'e3')).toMatchObject({ status: 'pending', watchdogId: own.id, watchdogIds: [own.id], member: false });
    expect(await entry(owner, 'e1')).toMatchObject({ status: 'pending' });

    await deleted(shared.id);
    await waitFor('the deleted watchdog\'s alert dropped', async () => (await entry(owner, 'e1'))?.status === 'dropped');
    expect(await entry(owner, 'e1')).toMatchObject({ droppedWatchdogIds: [shared.id] });

    // Released now by a switch of the partner's own watchdog: only the alert it still asks for goes.
    await changed({ ...own, updatedAt: iso(Date.now()), delivery: undefined });
    await waitFor('the kept alert', async () => (await mailTo(partner)).length === 1, 20_000);
    await sleep(2_500);
    expect(await offersMailed(partner)).toEqual([['e3']]);
    expect(await mailTo(owner)).toHaveLength(0);

    // Another watchdog of the owner matching the property later opens the dropped alert again; a late match of the deleted one does not.
    await match(owner, 'e1', shared, undefined);
    await sleep(2_500);
    expect(await entry(owner, 'e1')).toMatchObject({ status: 'dropped' });
    await match(owner, 'e1', watchdogOf(owner, 'other', {}), undefined);
    await waitFor('the alert of the other watchdog', async () => (await mailTo(owner)).length === 1, 20_000);
    expect(await offersMailed(owner)).toEqual([['e1']]);
  });
});
