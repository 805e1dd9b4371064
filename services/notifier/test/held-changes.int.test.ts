import { nextDigestAt, type Delivery, type Watchdog } from '@rr/proto';
import { exampleWatchdog } from '@rr/proto/examples';
import { heldAlertsHarness, hhmm, iso, later } from './held-harness';
import { sleep, waitFor, mailTo, matchFor } from './helpers';

jest.setTimeout(120_000);

/**
 * Held alerts when the world changes under them, against the real ledger, Kafka and the mail
 * catcher: a watchdog's new delivery (`watchdog.changed`) re-plans its recipients' held alerts, a
 * withdrawal (`offer.withdrawn`) stops the alerts about the offer still waiting, and a notice
 * reaches whoever was told of the offer by any kind of alert.
 */
describe('notifier: held alerts re-planned by changes of delivery and stopped by withdrawals', () => {
  const h = heldAlertsHarness('held-changes-test');
  const { run, sent, ledger, person, entry, offersMailed, match, changed } = h;
  /** A Mini owner's watchdog (digests, one invitee). */
  const watchdogOf = (owner: string, over: Partial<Watchdog>): Watchdog => ({ ...exampleWatchdog, id: `w_${owner.slice(0, 6)}${run}`, email: owner, ownerRole: 3, updatedAt: iso(Date.now() - 60_000), ...over });

  it('sends a digest watchdog\'s held alerts at once when it is switched to instant, once, and leaves its invitee\'s digest alone', async () => {
    const owner = person('owner');
    const partner = person('partner');
    const digest = later(3);
    const before = watchdogOf(owner, { delivery: digest, members: [{ email: partner, locale: 'cs', userId: null, delivery: digest }] });
    await match(owner, 'h1', before, digest);
    await match(owner, 'h2', before, digest);
    await match(partner, 'h3', before, digest, { member: true });
    await waitFor('the held entries', async () => (await ledger().countDocuments({ _id: { $in: [`${owner}|h1-${run}`, `${owner}|h2-${run}`, `${partner}|h3-${run}`] }, heldFor: 'digest' })) === 3);
    const partnerDue = (await entry(partner, 'h3'))!.dueAt;

    // The owner switches to instant (no delivery travels then); the invitee keeps their digest.
    const switched = { ...before, updatedAt: iso(Date.now()), delivery: undefined };
    await changed(switched);
    await waitFor('the released alerts', async () => (await offersMailed(owner)).flat().length === 2, 20_000);
    expect(await offersMailed(owner)).toEqual([['h1', 'h2']]);

    // The same state again, and the older one arriving late: nothing more goes, nothing is held again.
    await changed(switched);
    await changed(before);
    await sleep(3_000);
    expect(await mailTo(owner)).toHaveLength(1);
    expect(await entry(owner, 'h1')).toMatchObject({ status: 'sent', heldFor: null, deliveryKey: 'instant', deliveryAsOf: switched.updatedAt });
    expect(await entry(partner, 'h3')).toMatchObject({ status: 'pending', heldFor: 'digest', dueAt: partnerDue });
    expect(await mailTo(partner)).toHaveLength(0);
    await waitFor('alert.sent of the released e-mail', () => sent.some((e) => e.data.recipientEmail === owner && e.data.offerIds.length === 2));
  });

  it('re-times held alerts to new digest times, and releases quiet-hour alerts when the quiet hours are removed', async () => {
    const reader = person('reader');
    const sleeper = person('sleeper');
    const digest = later(2);
    const readerDog = watchdogOf(reader, { delivery: digest });
    const quiet: Delivery = { mode: 'instant', schedule: { timeZone: 'UTC', digestTimes: ['08:00'], quietHours: { start: hhmm(Date.now() - 3_600_000), end: hhmm(Date.now() + 3_600_000) } } };
    const sleeperDog = watchdogOf(sleeper, { delivery: quiet });
    await match(reader, 'r1', readerDog, digest);
    await match(sleeper, 'q1', sleeperDog, quiet);
    await waitFor('the held entries', async () => (await entry(reader, 'r1'))?.heldFor === 'digest' && (await entry(sleeper, 'q1'))?.heldFor === 'quiet');

    const moved = later(5);
    const retimed = { ...readerDog, updatedAt: iso(Date.now()), delivery: moved };
    await changed(retimed);
    await changed({ ...sleeperDog, updatedAt: iso(Date.now()), delivery: undefined });
    await waitFor('the quiet-hour alert', async () => (await mailTo(sleeper)).length === 1, 20_000);
    expect(await offersMailed(sleeper)).toEqual([['q1']]);
    const expected = nextDigestAt(Date.parse(retimed.updatedAt), moved.schedule);
    await waitFor('the re-timed digest alert', async () => (await entry(reader, 'r1'))!.dueAt.getTime() === expected);
    expect(await entry(reader, 'r1')).toMatchObject({ status: 'pending', heldFor: 'digest', deliveryAsOf: retimed.updatedAt });
    expect(await mailTo(reader)).toHaveLength(0);
  });

  it('never sends a held alert whose offer was withdrawn before it went out, and sends it when the offer comes back', async () => {
    const waiting = person('waiting');
    const digest = later(3);
    const dog = watchdogOf(waiting, { delivery: digest });
    await match(waiting, 'x1', dog, digest);
    await waitFor('the held entry', async () => (await entry(waiting, 'x1'))?.heldFor === 'digest');
    const withdrawnAt = iso(Date.now());
    await h.bus().publish('offer.withdrawn', `x1-${run}`, { offerId: `x1-${run}`, withdrawnAt });
    await waitFor('the stopped entry', async () => (await entry(waiting, 'x1'))?.status === 'withdrawn');
    expect(await entry(waiting, 'x1')).toMatchObject({ withdrawnAt });

    // The old match redelivered keeps it stopped; the offer back on the market (fetched after the withdrawal) opens it, at once for an instant watchdog.
    await match(waiting, 'x1', dog, undefined, { fetchedAt: iso(Date.parse(withdrawnAt) - 60_000) });
    await sleep(2_500);
    expect(await entry(waiting, 'x1')).toMatchObject({ status: 'withdrawn' });
    await match(waiting, 'x1', { ...dog, updatedAt: iso(Date.now()) }, undefined, { fetchedAt: iso(Date.now()) });
    await waitFor('the alert about the offer back', async () => (await mailTo(waiting)).length === 1, 20_000);
    await sleep(1_500);
    expect(await offersMailed(waiting)).toEqual([['x1']]);
    expect(await entry(waiting, 'x1')).toMatchObject({ status: 'sent', withdrawnAt: null });
  });

  it('sends the no-longer-active notice to a person told of the offer only by a price drop', async () => {
    const dropped = person('dropped');
    const dog = watchdogOf(dropped, {});
    await match(dropped, 'd1', dog, undefined, { reason: 'priceDrop' });
    await waitFor('the drop alert, sent', async () => (await ledger().findOne({ email: dropped, offerId: `d1-${run}` }).lean())?.status === 'sent');
    const withdrawnAt = iso(Date.now());
    await match(dropped, 'd1', dog, undefined, { reason: 'noLongerActive', withdrawnAt, fetchedAt: withdrawnAt, offer: { ...matchFor(dropped, { id: `d1-${run}` }).offer, title: 'Byt d1', active: false } });
    await waitFor('the notice', async () => (await mailTo(dropped)).length === 2, 20_000);
    const subjects = (await mailTo(dropped)).map((m) => m.subject).sort();
    expect(subjects[0]).toMatch(/^Nabídka již není aktivní: Byt d1/);
    expect(subjects[1]).toMatch(/^Zlevněno: Byt d1/);
  });
});
