import { runService, type Bus } from '@rr/kit';
import { testRunId } from '@rr/kit/testing';
import type { AlertSentV1, Delivery, Envelope } from '@rr/proto';
import { notifierService } from '../src/main';
import { ledgerModel } from '../src/repositories/ledger.model';
import { busRecordingSent, mailTo, matchFor, notifierTestEnv, sleep, waitFor } from './helpers';

// The digest minute is up to 110 s away, then up to 20 + 4 + 30 s of waits after it.
jest.setTimeout(240_000);

// A test id with its minute: a cleanup by hand leaves this run's topics alone while it waits for its digest.
const run = testRunId();
const env = notifierTestEnv(run, { ALERT_WINDOW_MS: '1000', ALERT_CLAIM_TIMEOUT_MS: '1000', ALERT_RESCAN_MS: '2000', ALERT_DUE_SCAN_MS: '1000' });
const person = (name: string) => `${name}-${run}@example.cz`;
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/**
 * Digests and quiet hours against the real ledger, Kafka and the mail catcher. The schedules are in
 * UTC and end at the next whole minute at least 50 s after the test starts (the service is running
 * by then), so the test waits for real time: everything before the restart's checks must happen
 * before that minute, a service restart included.
 */
describe('delivery modes: digests, quiet hours and changes of mode', () => {
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>> | undefined;
  const sent: Array<Envelope<AlertSentV1>> = [];
  const publish = (to: string, id: string, delivery: Delivery | undefined, extra: Parameters<typeof matchFor>[2] = {}) =>
    bus.publish('match.found', to, matchFor(to, { id: `${id}-${run}`, title: `Byt ${id}` }, { ...(delivery ? { delivery } : {}), ...extra }));
  const offersMailed = async (to: string) => (await mailTo(to)).map((m) => [...m.text.matchAll(/Byt (\w+)/g)].map((x) => x[1]).sort());

  beforeAll(async () => {
    bus = await busRecordingSent('delivery-test', env, sent);
    service = await runService(notifierService, env, { trapSignals: false });
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
  });

  it('holds digest and quiet-hour alerts across a restart, sends each person one e-mail at the time, and every property exactly once across changes of mode', async () => {
    const reader = person('digest');
    const switcher = person('switcher');
    const sleeper = person('sleeper');
    const both = person('both');
    // Taken when the test starts, not when the file loads: creating the topics and starting the
    // service before it can take tens of seconds on a busy machine.
    const minute = Math.ceil((Date.now() + 50_000) / 60_000) * 60_000;
    const digest: Delivery = { mode: 'digest', schedule: { timeZone: 'UTC', digestTimes: [hhmm(minute)], quietHours: null } };
    const instant: Delivery = { mode: 'instant', schedule: digest.schedule };
    const quiet: Delivery = { mode: 'instant', schedule: { timeZone: 'UTC', digestTimes: ['08:00'], quietHours: { start: hhmm(minute - 3_600_000), end: hhmm(minute) } } };

    // A digest of two offers; a redelivery and a second watchdog bring one of them again.
    await publish(reader, 'a1', digest);
    await publish(reader, 'a2', digest);
    await publish(reader, 'a1', digest, { watchdogId: 'w_other' });
    // Digest, then switched to instant: the held offer matched again comes forward, a new one goes at once.
    await publish(switcher, 's1', digest);
    await waitFor('the held entry', async () => (await ledgerModel(service!.db!).findById(`${switcher}|s1-${run}`).lean())?.status === 'pending');
    await publish(switcher, 's1', instant);
    await publish(switcher, 's2', instant);
    // In quiet hours: the instant alert waits for their end.
    await publish(sleeper, 'q1', quiet);
    // Owner of an instant watchdog and invitee of a digest one, both matching: one e-mail, at once.
    await publish(both, 'b1', digest, { watchdogId: 'w_shared', member: true });
    await publish(both, 'b1', instant, { watchdogId: 'w_own' });

    await waitFor('the instant alerts', async () => (await offersMailed(switcher)).flat().length === 2 && (await mailTo(both)).length === 1);
    expect((await offersMailed(switcher)).flat().sort()).toEqual(['s1', 's2']);
    expect(await offersMailed(both)).toEqual([['b1']]);
    const ledger = ledgerModel(service!.db!);
    const held = await ledger.findById(`${reader}|a1-${run}`).lean();
    expect(held).toMatchObject({ status: 'pending', heldFor: 'digest' });
    expect(held!.dueAt.getTime()).toBe(minute);
    expect((await ledger.findById(`${sleeper}|q1-${run}`).lean())).toMatchObject({ status: 'pending', heldFor: 'quiet' });

    // The held entries live in the ledger only: a restart before their time loses and repeats nothing.
    await service!.stop();
    service = await runService(notifierService, env, { trapSignals: false });
    // Switched back to a digest: a redelivered instant offer is not sent again, a new one waits.
    await publish(switcher, 's2', digest);
    await publish(switcher, 's3', digest);

    expect(Date.now()).toBeLessThan(minute);
    expect(await mailTo(reader)).toHaveLength(0);
    expect(await mailTo(sleeper)).toHaveLength(0);

    const instantMails = (await mailTo(switcher)).length;
    await waitFor('the digests', async () => (await mailTo(reader)).length >= 1 && (await mailTo(switcher)).length > instantMails && (await mailTo(sleeper)).length >= 1, minute - Date.now() + 20_000);
    await sleep(4_000);
    const [digestMail] = await mailTo(reader);
    expect(new Date(digestMail.time).getTime()).toBeGreaterThanOrEqual(minute - 1_000);
    expect(digestMail.subject).toMatch(/^Přehled nabídek: 2 nové nabídky/);
    expect(await offersMailed(reader)).toEqual([['a1', 'a2']]);
    expect((await offersMailed(switcher)).flat().sort()).toEqual(['s1', 's2', 's3']);
    expect((await offersMailed(switcher)).at(-1)).toEqual(['s3']);
    expect(await offersMailed(sleeper)).toEqual([['q1']]);
    expect((await mailTo(sleeper))[0].text).toContain('klidového času');
    expect(await offersMailed(both)).toEqual([['b1']]);

    // Each property reported in alert.sent (at least once: the ledger, not alert.sent, guards the e-mail).
    const people = [reader, switcher, sleeper, both];
    const reported = () => new Set(sent.filter((e) => people.includes(e.data.recipientEmail)).flatMap((e) => e.data.offerIds.map((o) => `${e.data.recipientEmail}|${o}`)));
    await waitFor('alert.sent of every e-mail', () => reported().size === 7, 30_000);
    expect([...reported()].sort()).toEqual([`${both}|b1-${run}`, `${reader}|a1-${run}`, `${reader}|a2-${run}`, `${sleeper}|q1-${run}`, `${switcher}|s1-${run}`, `${switcher}|s2-${run}`, `${switcher}|s3-${run}`].sort());
  });
});
