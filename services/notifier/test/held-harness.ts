import { runService, type Bus } from '@rr/kit';
import { testRunId } from '@rr/kit/testing';
import type { AlertSentV1, Delivery, Envelope, Watchdog } from '@rr/proto';
import { notifierService } from '../src/main';
import { ledgerModel } from '../src/repositories/ledger.model';
import { busRecordingSent, mailTo, matchFor, notifierTestEnv } from './helpers';

export const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
export const iso = (ms: number) => new Date(ms).toISOString();

/** Digest times hours away (UTC): nothing held goes out by itself while the test runs. */
export const later = (hours: number): Delivery => ({ mode: 'digest', schedule: { timeZone: 'UTC', digestTimes: [hhmm(Date.now() + hours * 3_600_000)], quietHours: null } });

/**
 * The notifier with short windows over the real ledger, Kafka and the mail catcher, started before
 * a suite of held alerts and stopped after it, with what such a suite publishes and reads: matches
 * of offers titled "Byt <id>", watchdog changes, ledger entries by person and offer. `timings`
 * override the short ones (a long `ALERT_DUE_SCAN_MS` keeps held alerts in memory minutes ahead).
 */
export function heldAlertsHarness(clientId: string, timings: Record<string, string> = {}) {
  const run = testRunId();
  const env = notifierTestEnv(run, { ALERT_WINDOW_MS: '300', ALERT_CLAIM_TIMEOUT_MS: '1000', ALERT_RESCAN_MS: '2000', ALERT_DUE_SCAN_MS: '1000', ...timings });
  const sent: Array<Envelope<AlertSentV1>> = [];
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof notifierService.configSchema>>>;

  beforeAll(async () => {
    bus = await busRecordingSent(clientId, env, sent);
    service = await runService(notifierService, env, { trapSignals: false });
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
  });

  const ledger = () => ledgerModel(service.db!);
  return {
    run,
    sent,
    bus: () => bus,
    db: () => service.db!,
    ledger,
    person: (name: string) => `${name}-${run}@example.cz`,
    entry: (to: string, offer: string) => ledger().findById(`${to}|${offer}-${run}`).lean(),
    offersMailed: async (to: string) => (await mailTo(to)).map((m) => [...m.text.matchAll(/Byt (\w+)/g)].map((x) => x[1]).sort()),
    match: (to: string, id: string, watchdog: Watchdog, delivery: Delivery | undefined, extra: Parameters<typeof matchFor>[2] = {}) =>
      bus.publish('match.found', to, matchFor(to, { id: `${id}-${run}`, title: `Byt ${id}` }, {
        watchdogId: watchdog.id, watchdogUpdatedAt: watchdog.updatedAt, ...(delivery ? { delivery } : {}), ...extra,
      })),
    changed: (watchdog: Watchdog) => bus.publish('watchdog.changed', watchdog.id, { watchdogId: watchdog.id, watchdog }),
    deleted: (watchdogId: string) => bus.publish('watchdog.changed', watchdogId, { watchdogId, watchdog: null }),
  };
}
