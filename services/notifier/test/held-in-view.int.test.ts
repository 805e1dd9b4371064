import type { Delivery, Watchdog } from '@rr/proto';
import { exampleWatchdog } from '@rr/proto/examples';
import { heldAlertsHarness, hhmm, iso, later } from './held-harness';
import { mailTo, sleep, waitFor } from './helpers';

jest.setTimeout(180_000);

/**
 * A held alert already in the notifier's memory (its digest minute within the due scan's
 * lookahead) when a second watchdog of the same person matches the same property: the second
 * watchdog is recorded on the alert as it is for one still only in the ledger, so the alert goes at
 * the earliest time either asks and survives the first one's deletion; and an alert handed to
 * another watchdog takes that watchdog's recipient role (owner or invitee), in the ledger and in
 * memory. Real ledger, Kafka and mail catcher.
 */
describe('notifier: a held alert in memory matched by a second watchdog of the person', () => {
  // Lookahead of 2 × 150 s: an alert held for a digest a minute or two away is queued in memory at its insert.
  const h = heldAlertsHarness('held-in-view-test', { ALERT_DUE_SCAN_MS: '150000' });
  const { run, entry, offersMailed, match, changed, deleted, person } = h;
  const watchdogOf = (owner: string, name: string, over: Partial<Watchdog>): Watchdog => ({ ...exampleWatchdog, id: `w_${name}${run}`, email: owner, ownerRole: 3, updatedAt: iso(Date.now() - 60_000), ...over });
  /** A digest at the first whole minute at least 40 s away: held, in memory, and not due while the test looks. */
  const soon = (): Delivery => ({ mode: 'digest', schedule: { timeZone: 'UTC', digestTimes: [hhmm(Date.now() + 100_000)], quietHours: null } });
  const dueOfSoon = (d: Delivery) => {
    const [hh, mm] = (d.mode === 'digest' ? d.schedule!.digestTimes[0] : '00:00').split(':').map(Number);
    const at = new Date();
    at.setUTCHours(hh, mm, 0, 0);
    return at.getTime() < Date.now() ? at.getTime() + 86_400_000 : at.getTime();
  };
  /** Waits until the next whole minute is at least 70 s away, so `soon()` is 40–100 s ahead. */
  const atMinuteStart = async () => {
    while (new Date().getUTCSeconds() > 20) await sleep(1_000);
  };

  it('sends at once a held alert in memory when an instant watchdog of the person matches it too, once', async () => {
    const p = person('inview');
    await atMinuteStart();
    const digest = soon();
    const first = watchdogOf(p, 'ivdigest', { delivery: digest });
    const second = watchdogOf(p, 'ivinstant', {});
    await match(p, 'v1', first, digest);
    await waitFor('the held entry', async () => (await entry(p, 'v1'))?.heldFor === 'digest');
    expect(dueOfSoon(digest) - Date.now()).toBeGreaterThan(25_000);

    await match(p, 'v1', second, undefined);
    await waitFor('the alert of the instant watchdog', async () => (await mailTo(p)).length === 1, 20_000);
    expect(Date.now()).toBeLessThan(dueOfSoon(digest));
    expect(await entry(p, 'v1')).toMatchObject({ status: 'sent', watchdogId: second.id, heldFor: null });
    expect((await entry(p, 'v1'))?.watchdogIds).toEqual(expect.arrayContaining([first.id, second.id]));
    // A redelivery of either match changes nothing.
    await match(p, 'v1', second, undefined);
    await match(p, 'v1', first, digest);
    await sleep(3_000);
    expect(await offersMailed(p)).toEqual([['v1']]);
  });

  it('keeps a held alert in memory when its watchdog is deleted and a second one of the person (shared with them) matched it, as an invitee\'s alert', async () => {
    const owner = person('ivowner');
    const partner = person('ivpartner');
    await atMinuteStart();
    const digest = soon();
    const own = watchdogOf(partner, 'ivown', { delivery: digest });
    const shared = watchdogOf(owner, 'ivshared', { delivery: later(3), members: [{ email: partner, locale: 'cs', userId: null, delivery: later(3) }] });
    await match(partner, 'v2', own, digest, { withAds: true });
    await waitFor('the held entry', async () => (await entry(partner, 'v2'))?.heldFor === 'digest');
    await match(partner, 'v2', shared, later(3), { member: true, withAds: false });
    await waitFor('the shared watchdog on the entry', async () => ((await entry(partner, 'v2'))?.watchdogIds ?? []).includes(shared.id), 10_000);

    await deleted(own.id);
    await waitFor('the entry handed to the shared watchdog', async () => (await entry(partner, 'v2'))?.watchdogId === shared.id);
    // Still planned at the deleted watchdog's time (docs/decisions.md, "Delivery"), now as the invitee's alert.
    expect(await entry(partner, 'v2')).toMatchObject({ status: 'pending', watchdogIds: [shared.id], member: true, withAds: false, heldFor: 'digest' });
    expect((await entry(partner, 'v2'))?.dueAt.getTime()).toBe(dueOfSoon(digest));

    // It goes at that minute from memory, with the invitee's links (leave the shared watchdog), once.
    await waitFor('the digest', async () => (await mailTo(partner)).length === 1, dueOfSoon(digest) - Date.now() + 30_000);
    const [mail] = await mailTo(partner);
    expect(mail.text).toContain('přijali pozvání ke sdílenému hlídacímu psovi');
    expect(mail.text).toContain(`lp-leave/${shared.id}`);
    await sleep(2_000);
    expect(await offersMailed(partner)).toEqual([['v2']]);
  });
});
