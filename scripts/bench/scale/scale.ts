import mongoose from 'mongoose';
import { parseArgs } from 'node:util';
import { Bus, createLogger } from '@rr/kit';
import { ROLES, type Offer, type Watchdog } from '@rr/proto';
import { Passwords, PASSWORD_COST } from '../../../services/account/src/auth/passwords';
import { sessionPayloadOf, SessionTokens } from '../../../services/account/src/auth/session-token';
import { userModel, type UserRecord } from '../../../services/account/src/users/user.model';
import { watchdogModel } from '../../../services/account/src/watchdogs/watchdog.model';
import { bundleProcesses } from '../../system/bundle';
import { portsFor, systemProcesses } from '../../system/services';
import { Supervisor } from '../../system/supervisor';
import { sharedEnv, startInfrastructure } from '../../system/system';
import { measureCall, pacedAt, warmUpRound, type CallFigures, type CallSpec } from './calls';
import { statedRate } from './national-traffic';
import { measurePaced } from './paced';
import { residentMB, startTimed } from './processes';
import { getGazetteer } from '@rr/gazetteer';
import { Market, seeded } from '../matcher-market';
import { cpuMsPer, sampleCpu, type CpuSample } from '../cpu-usage';
import { machineSpeedMs } from '../machine-speed';
import { notifierBurst, startSink } from '../notifier-burst';
import { SCALE_PASSWORD, seedAccounts, userEmail, userId, watchdogId } from './seed-accounts';
import { offerId, seedingNowOf, seedOffers } from './seed-offers';
import { AnalyticsSeed, reportCalls, seedAnalytics } from './seed-analytics';

/**
 * bench:scale — the system on a national-size database: 1,000,000 users, 2,000,000 watchdogs
 * (1,000,000 active, also on the compacted topic the matcher replays) and 1,000,000 offers,
 * seeded in bulk in the shapes the services write; then every service started on it, timed to
 * ready, and the API measured through the gateway with 20 concurrent clients after a warm-up
 * round of every call (price reports too, over the analytics read model of the same offers),
 * each call again paced at its stated national load (national-traffic.ts; reports at
 * `--report-rate`). Ends with one JSON line. The database is kept between runs (`-scale`
 * databases) and seeded again only when its counts differ or `--reseed` is given; so is the
 * compacted watchdog topic, which is state like the database (the matcher's replay of it is
 * measured); the run's other topics are made anew.
 */
const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    watchdogs: { type: 'string', default: '2000000' },
    active: { type: 'string', default: '1000000' },
    offers: { type: 'string', default: '1000000' },
    'active-offers': { type: 'string', default: '150000' },
    /** The notifier burst: match.found events for half as many people (0: skip it). */
    burst: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '20' },
    /** Stated loads (reports a second, comma-separated) at which reports are measured again, paced (docs/decisions.md, "Report latency at a stated load"). */
    'report-rate': { type: 'string', default: '100' },
    /** Seconds each call is also measured at its stated national load (national-traffic.ts); 0 skips those phases. */
    'stated-seconds': { type: 'string', default: '20' },
    reseed: { type: 'boolean', default: false },
    /** Seed (or check) the database and stop: the measured run then reuses it. */
    'seed-only': { type: 'boolean', default: false },
    /** Measure only the calls whose name contains this. */
    only: { type: 'string', default: '' },
  },
});
const COUNTS = { users: Number(args.users), watchdogs: Number(args.watchdogs), activeWatchdogs: Number(args.active) };
const OFFERS = { offers: Number(args.offers), active: Number(args['active-offers']) };
const CONNECTIONS = Number(args.connections);
const REPORT_RATES = args['report-rate']!.split(',').filter(Boolean).map(Number);
if (REPORT_RATES.some((rate) => !(rate > 0))) {
  process.stderr.write(`[scale] --report-rate takes reports a second, comma-separated (e.g. 100,200); got "${args['report-rate']}"\n`);
  process.exit(2);
}
const STATED_SECONDS = Number(args['stated-seconds']);
if (!(STATED_SECONDS >= 0)) {
  process.stderr.write(`[scale] --stated-seconds takes a number of seconds (0 skips the stated loads); got "${args['stated-seconds']}"\n`);
  process.exit(2);
}
const PREFIX = 'scale.';
const SUFFIX = '-scale';
const PORT_OFFSET = 300;
const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
/** People whose sessions the calls use (tokens signed as the account service signs them). */
const SAMPLE = 4000;

/** The database and the broker, shared by every service: their CPU counts too. */
const SHARED_SERVERS = { ferretdb: /ferretdb-sqlite/, kafka: /kafka\.Kafka/ };

/** "gateway 0.41, account 1.20, ferretdb 1.52" for the processes that spent 0.05 ms a call or more. */
function cpuPerCall(before: CpuSample, after: CpuSample, calls: number): string {
  return cpuMsPer(before, after, calls)
    .filter(([, ms]) => ms >= 0.05)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
}

type WarmingState = { phase: string; seconds?: number; counts?: number; buckets?: number };
type AnalyticsDetails = { reportWarming?: WarmingState; reportReads?: unknown; reportCopiesHeld?: unknown };

/** The analytics service's health details, or null when it does not answer. */
const analyticsDetails = (healthPort: number): Promise<AnalyticsDetails | null> =>
  fetch(`http://127.0.0.1:${healthPort}/health`).then((r) => r.json() as Promise<{ details?: AnalyticsDetails }>).then((h) => h.details ?? null, () => null);

/** Waits (with a progress line every 30 s) until analytics has warmed its report copies; answers how it ended. */
async function untilReportCopiesWarm(healthPort: number, timeoutMs = 900_000): Promise<WarmingState | null> {
  const waitStarted = Date.now();
  let said = waitStarted;
  for (;;) {
    const state = (await analyticsDetails(healthPort))?.reportWarming ?? null;
    if (!state || state.phase === 'done' || state.phase === 'stopped' || state.phase === 'off') {
      say(`analytics report copies: ${JSON.stringify(state)} (waited ${Math.round((Date.now() - waitStarted) / 1000)} s)`);
      return state;
    }
    if (Date.now() - waitStarted > timeoutMs) {
      say(`analytics report copies still ${state.phase} after ${timeoutMs / 1000} s: measuring anyway`);
      return state;
    }
    if (Date.now() - said >= 30_000) {
      said = Date.now();
      say(`waiting for analytics to warm its report copies (${state.phase}, ${Math.round((said - waitStarted) / 1000)} s)…`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

const say = (line: string) => process.stderr.write(`[scale] ${line}\n`);
/** A measured call's progress line: its latencies, rate and any answers outside its expected statuses. */
const figuresLine = (f: CallFigures) =>
  `${f.name}: p50 ${f.p50ms} ms, p99 ${f.p99ms} ms, ${f.perSecond}/s over ${f.requests} requests${f.unexpected ? `, ${f.unexpected} unexpected answers ${JSON.stringify(f.unexpectedBy)}` : ''}`;
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

async function main() {
  const speedBefore = machineSpeedMs();
  say(`machine speed: ${speedBefore} ms for the fixed workload (lower is faster)`);
  startInfrastructure(say);
  const log = createLogger('bench-scale', 'warn');
  const bus = new Bus({ clientId: 'bench-scale', brokers: BROKERS, topicPrefix: PREFIX, logger: log });
  await bus.connect();
  // The watchdog topic is kept between runs with the accounts database it mirrors; every other
  // `scale.` topic is made anew.
  const runTopic = (topic: string) => topic.startsWith(PREFIX) && topic !== bus.topic('watchdog.changed');
  const accounts = await mongoose.createConnection(MONGO_URL, { dbName: `rr-account${SUFFIX}` }).asPromise();
  const reuseAccounts = await accountsSeeded(accounts);
  say(reuseAccounts ? 'topics: making the run\'s topics anew (the watchdog topic is kept with the accounts)…' : 'topics: making the run\'s topics anew…');
  await bus.deleteTopicsMatching(reuseAccounts ? runTopic : (t) => t.startsWith(PREFIX)).catch(() => 0);
  await bus.ensureTopics();

  const offers = await mongoose.createConnection(MONGO_URL, { dbName: `rr-normaliser${SUFFIX}` }).asPromise();
  const analytics = await mongoose.createConnection(MONGO_URL, { dbName: `rr-analytics${SUFFIX}` }).asPromise();
  await Promise.all([seedOrReuse(accounts, reuseAccounts, bus), seedOffersOrReuse(offers, analytics)]);
  if (args['seed-only']) {
    say(`seeded (${elapsed()}); measure with the same counts to reuse it`);
    await Promise.all([accounts.close(), offers.close(), analytics.close()]);
    await bus.deleteTopicsMatching(runTopic).catch(() => 0);
    await bus.disconnect();
    return;
  }

  // Registration, reset and watchdog e-mails go to a sink: MailDev keeps every message in memory
  // and would be measured instead of the services.
  const sink = await startSink();
  const env = sharedEnv({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    KAFKA_TOPIC_PREFIX: PREFIX, MONGO_DB_SUFFIX: SUFFIX, LOG_LEVEL: 'warn',
    RATE_AUTH_PER_IP: '100000000', RATE_AUTH_PER_EMAIL: '100000000', RATE_FILTERS_PER_IP: '100000000', RATE_FILTERS_PER_EMAIL: '100000000',
  });
  const ports = portsFor(PORT_OFFSET);
  const processes = systemProcesses({ ...env, PUBLIC_URL: `http://localhost:${ports.gateway}` }, ports);
  await bundleProcesses(processes);
  const supervisor = new Supervisor(say, '-scale');
  // Analytics starts last, once the others are ready, and warms its report copies as soon as it
  // follows: in production it waits two minutes for the others' starts instead
  // (REPORT_WARM_DELAY_SECONDS), which here are measured first and on their own, and the calls
  // wait for the warming either way.
  const startedLast = processes.filter((p) => p.name === 'analytics');
  for (const p of startedLast) p.env = { ...p.env, REPORT_WARM_DELAY_SECONDS: '0' };
  const others = processes.filter((p) => !startedLast.includes(p));
  say(`starting ${others.length} processes on the seeded data (${elapsed()})…`);
  const readySeconds = await startTimed(supervisor, others, 300_000);
  say(`ready: ${JSON.stringify(readySeconds)}; starting analytics (${elapsed()})…`);
  Object.assign(readySeconds, await startTimed(supervisor, startedLast, 300_000));

  try {
    const gateway = `http://127.0.0.1:${ports.gateway}`;
    const calls = withStatedLoads([...(await callSpecs(accounts, env)), ...offerCalls()], STATED_SECONDS)
      .concat(reportCalls(getGazetteer(), 2000, REPORT_RATES))
      .filter((c) => c.name.includes(args.only!));
    const figures: CallFigures[] = [];
    let reportWarming: WarmingState | null = null;
    // Every call is measured on a running system, after analytics has warmed its report copies (a
    // start-up phase with a figure of its own): warming beside a call took a quarter of a core.
    if (calls.length) reportWarming = await untilReportCopiesWarm(ports.health.analytics);
    // The warm-up's figures are the cold system's: printed and in the last line, not counted as the calls'.
    const warmUp: CallFigures[] = [];
    for (const spec of warmUpRound(calls)) {
      const f = await measureCall(gateway, spec, CONNECTIONS);
      say(`${figuresLine(f)} (not counted)`);
      warmUp.push(f);
    }
    for (const spec of calls) {
      const pids = Object.fromEntries(processes.map((p) => [p.name, supervisor.pidOf(p.name)]).filter(([, pid]) => pid !== undefined)) as Record<string, number>;
      const cpuBefore = sampleCpu(pids, SHARED_SERVERS);
      const f = spec.ratePerSecond ? await measurePaced(gateway, { ...spec, ratePerSecond: spec.ratePerSecond }, CONNECTIONS) : await measureCall(gateway, spec, CONNECTIONS);
      const cpu = cpuPerCall(cpuBefore, sampleCpu(pids, SHARED_SERVERS), f.requests);
      say(`${figuresLine(f)}; CPU ms a call: ${cpu}`);
      figures.push(f);
    }
    const copies = await analyticsDetails(ports.health.analytics);
    if (copies) say(`analytics report copies: ${JSON.stringify({ reportReads: copies.reportReads, held: copies.reportCopiesHeld })}`);
    const rssMB = Object.fromEntries(processes.filter((p) => p.service).map((p) => [p.name, residentMB(supervisor.pidOf(p.name))]));
    say('stopping the system before the notifier burst (it runs its own notifier)…');
    await supervisor.stopAll();
    const burst = Number(args.burst) > 0 ? await notifierBurst({ events: Number(args.burst), recipients: Number(args.burst) / 2, smtp: 'sink', progress: say }) : null;
    const result = {
      users: COUNTS.users,
      watchdogs: COUNTS.watchdogs,
      activeWatchdogs: COUNTS.activeWatchdogs,
      p99ms: Object.fromEntries(figures.map((f) => [f.name, f.p99ms])),
      p50ms: Object.fromEntries(figures.map((f) => [f.name, f.p50ms])),
      unexpected: Object.fromEntries([...warmUp, ...figures].filter((f) => f.unexpected).map((f) => [f.name, f.unexpectedBy])),
      warmUpP99ms: Object.fromEntries(warmUp.map((f) => [f.name, f.p99ms])),
      readySeconds: Object.fromEntries(Object.entries(readySeconds).filter(([name]) => processes.find((p) => p.name === name)?.service)),
      rssMB,
      matcherReadySeconds: readySeconds.matcher,
      reportCopiesWarmSeconds: reportWarming?.seconds ?? null,
      alertsPerSec: burst?.emailsPerSec ?? null,
      alertDuplicates: burst?.duplicates ?? null,
      offers: OFFERS.offers,
      machineSpeedMs: [speedBefore, machineSpeedMs()],
      benchSeconds: Math.round((Date.now() - started) / 1000),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    say('stopping the system…');
    await supervisor.stopAll();
    await accounts.close();
    await offers.close();
    await analytics.close();
    await sink.close();
    await bus.deleteTopicsMatching(runTopic).catch(() => 0);
    await bus.disconnect();
  }
}

/** A marker beside the service's collections says what was seeded (runs add a few registrations). */
const seedMarker = (accounts: mongoose.Connection) => accounts.db!.collection<{ _id: string; counts: typeof COUNTS }>('bench_seed');

/** Whether the accounts database holds exactly this seeding (and `--reseed` was not given). */
async function accountsSeeded(accounts: mongoose.Connection): Promise<boolean> {
  const seededBefore = await seedMarker(accounts).findOne({ _id: 'accounts' });
  return !args.reseed && JSON.stringify(seededBefore?.counts) === JSON.stringify(COUNTS);
}

/**
 * Seeds the accounts unless the database already holds exactly this many. A reused database keeps
 * its watchdog topic when that holds at least the active watchdogs (the calls of earlier runs
 * published their changes to it as the service does); a topic lost or cut short is filled again.
 */
async function seedOrReuse(accounts: mongoose.Connection, reuse: boolean, bus: Bus): Promise<void> {
  const publish = async (watchdogs: Watchdog[]) => {
    if (watchdogs.length) await bus.publishMany('watchdog.changed', watchdogs.map((w) => ({ key: w.id, data: { watchdogId: w.id, watchdog: w } })));
  };
  if (reuse) {
    const onTopic = (await bus.endOffsets('watchdog.changed')).reduce((n, o) => n + Number(o.offset), 0);
    if (onTopic >= COUNTS.activeWatchdogs) {
      say(`accounts: reusing the seeded database and its watchdog topic (${onTopic.toLocaleString('en')} messages)`);
      return;
    }
    say('accounts: reusing the seeded database; publishing the active watchdogs…');
    await republishActive(accounts, publish);
    return;
  }
  say(`accounts: seeding ${COUNTS.users.toLocaleString('en')} users and ${COUNTS.watchdogs.toLocaleString('en')} watchdogs…`);
  await accounts.dropDatabase();
  await seedAccounts(accounts, COUNTS, publish, say);
  await seedMarker(accounts).insertOne({ _id: 'accounts', counts: COUNTS });
  say(`accounts: seeded (${elapsed()})`);
}

type OffersMarker = { _id: string; counts: typeof OFFERS; seededAt?: string; now?: number };

/**
 * Seeds the offers unless the database already holds exactly this many, filing them into the
 * analytics read model (the reports' buckets) as they are generated: the run's topics start
 * empty, so the service could not build it from events. A reused offers database whose read
 * model was not filed from this very seeding has its offers generated again (the seed is
 * deterministic for its counts and start time) and filed, never read back.
 */
async function seedOffersOrReuse(db: mongoose.Connection, analyticsDb: mongoose.Connection): Promise<void> {
  const marker = db.db!.collection<OffersMarker>('bench_seed');
  const analyticsMarker = analyticsDb.db!.collection<{ _id: string; source: string }>('bench_seed');
  const before = await marker.findOne({ _id: 'offers' });
  if (!args.reseed && before && JSON.stringify(before.counts) === JSON.stringify(OFFERS)) {
    say('offers: reusing the seeded database');
    const source = before.seededAt ?? 'before seededAt was recorded';
    if ((await analyticsMarker.findOne({ _id: 'analytics' }))?.source === source) {
      say('analytics: reusing the read model');
      return;
    }
    const first = await db.db!.collection<{ _id: string; body: string }>('offers').findOne({ _id: offerId(0) });
    const now = before.now ?? seedingNowOf((JSON.parse(first!.body) as Offer).foundAt);
    say('analytics: generating the seeded offers again and filing them into the read model\'s buckets…');
    await analyticsDb.dropDatabase();
    const filed = await seedAnalytics(OFFERS, now, analyticsDb, say);
    await analyticsMarker.insertOne({ _id: 'analytics', source });
    say(`analytics: ${filed.offers.toLocaleString('en')} offers in ${filed.buckets.toLocaleString('en')} buckets (${elapsed()})`);
    return;
  }
  say(`offers: seeding ${OFFERS.offers.toLocaleString('en')} offers (${OFFERS.active.toLocaleString('en')} active) and filing them into the analytics read model…`);
  await Promise.all([db.dropDatabase(), analyticsDb.dropDatabase()]);
  const now = Date.now();
  const analytics = new AnalyticsSeed(analyticsDb);
  await seedOffers(db, OFFERS, now, say, (chunk) => analytics.add(chunk));
  const filed = await analytics.finish();
  const seededAt = new Date().toISOString();
  await marker.insertOne({ _id: 'offers', counts: OFFERS, seededAt, now });
  await analyticsMarker.insertOne({ _id: 'analytics', source: seededAt });
  say(`offers: seeded; analytics: ${filed.offers.toLocaleString('en')} offers in ${filed.buckets.toLocaleString('en')} buckets (${elapsed()})`);
}

/** Each call as fast as the clients go (the capacity), then, for `seconds`, paced at its stated national load (national-traffic.ts). */
function withStatedLoads(specs: CallSpec[], seconds: number): CallSpec[] {
  return specs.flatMap((spec) => {
    const rate = statedRate(spec.name);
    return !seconds || rate === null ? [spec] : [spec, pacedAt(spec, rate, Math.round(rate * seconds), spec.requests)];
  });
}

/** The offers API: one offer by id, and page 50 of a region's newest offers. */
function offerCalls(): CallSpec[] {
  const regions = ['CZ010', 'CZ020', 'CZ064', 'CZ080', 'CZ032', 'CZ042'];
  return [
    { name: 'GET /api/offers/:id', requests: 4000, make: (i) => ({ method: 'GET', path: `/api/offers/${offerId((i * 7919) % OFFERS.offers)}` }) },
    { name: 'GET /api/offers?regionCode page 50', requests: 2000, make: (i) => ({ method: 'GET', path: `/api/offers?regionCode=${regions[i % regions.length]}&offset=980&limit=20` }) },
  ];
}

/**
 * Reads the seeded watchdogs back by their ids (`_id $in`, FerretDB's own index) and publishes the
 * active ones (a reused database). Not a keyset walk sorted by `_id`: the embedded database sorts
 * by `_id` from its index only when every `_id` is an ObjectID, and these are strings (a page of
 * 10,000 took 60 s). Watchdogs that earlier runs created are not seeded ones and stay off the topic.
 */
async function republishActive(accounts: mongoose.Connection, publish: (w: Watchdog[]) => Promise<void>): Promise<void> {
  const model = watchdogModel(accounts);
  const PAGE = 2_000;
  let count = 0;
  for (let first = 0; first < COUNTS.watchdogs; first += PAGE) {
    const ids = Array.from({ length: Math.min(PAGE, COUNTS.watchdogs - first) }, (_, k) => watchdogId(first + k));
    const page = (await model.find({ _id: { $in: ids } }).lean().exec()).filter((w) => w.status === 'Active');
    await publish(
      page.map((w) => ({
        id: w._id, userId: w.userId, email: w.email, locale: w.locale, ownerRole: w.ownerRole as Watchdog['ownerRole'], adsConsent: false, name: w.name, criteria: w.criteria,
        status: 'Active', createdAt: w.createdAt.toISOString(), updatedAt: w.updatedAt.toISOString(), expiresAt: w.expiresAt?.toISOString() ?? null,
        lastEmailAt: w.lastEmailAt?.toISOString() ?? null, sentCount: w.sentCount,
      })),
    );
    const before = count;
    count += page.length;
    if (Math.floor(count / 100_000) > Math.floor(before / 100_000)) say(`topic: ${count.toLocaleString('en')} active watchdogs published`);
  }
  say(`topic: ${count.toLocaleString('en')} active watchdogs published`);
}

/**
 * A database seeded before the password cost changed holds hashes at the old cost, and the service
 * stores each anew at a person's first login (one extra hash). The people whose logins are
 * measured get theirs now, so the calls measure logins as they are once everyone has one.
 */
async function bringHashesToCost(accounts: mongoose.Connection, sample: UserRecord[]): Promise<void> {
  const passwords = new Passwords(PASSWORD_COST);
  const outdated = sample.filter((u) => u.passwordHash && passwords.isOutdated(u.passwordHash));
  if (outdated.length === 0) return;
  const passwordHash = await passwords.hash(SCALE_PASSWORD);
  await userModel(accounts).updateMany({ _id: { $in: outdated.map((u) => u._id) } }, { $set: { passwordHash } });
  for (const u of outdated) u.passwordHash = passwordHash;
  say(`accounts: ${outdated.length.toLocaleString('en')} measured people's password hashes brought to today's cost`);
}

/**
 * Watchdogs each creation call asks for in its closed loop. Its people: those, the stated load's
 * (200 at 10/s over 20 s, up to 40 s before they repeat) and the warm-up's (half the closed loop's).
 */
const CREATIONS = 1000;
const CREATORS = CREATIONS + 400 + CREATIONS / 2;

/**
 * People who have not been asked to create this run's watchdog before: each run takes the next
 * 2 × CREATORS seeded people (a run counter beside the seeding marker). With the same people every run,
 * all runs after the first measured the duplicate answer (409, no write, no event) instead of a
 * creation: their watchdog was already there.
 */
async function creatorsOfThisRun(accounts: mongoose.Connection, tokens: SessionTokens, pick: (n: number) => number) {
  const runs = await accounts.db!.collection<{ _id: string; n: number }>('bench_seed').findOneAndUpdate({ _id: 'runs' }, { $inc: { n: 1 } }, { upsert: true, returnDocument: 'after' });
  const runNo = runs?.n ?? 1;
  const first = 2 * SAMPLE + 2 * CREATORS * runNo;
  const ids = Array.from({ length: CREATORS }, (_, i) => userId(pick(first + i)));
  const users = await userModel(accounts).find({ _id: { $in: ids } }).lean<UserRecord[]>().exec();
  const counts = new Map<string, number>();
  for (const w of await watchdogModel(accounts).find({ userId: { $in: ids } }, { userId: 1 }).lean().exec()) counts.set(w.userId!, (counts.get(w.userId!) ?? 0) + 1);
  return {
    loggedIn: users.map((u) => ({ token: tokens.sign(sessionPayloadOf(u, counts.get(u._id) ?? 0)) })),
    anonymous: Array.from({ length: CREATORS }, (_, i) => userEmail(pick(first + CREATORS + i))),
  };
}

async function callSpecs(accounts: mongoose.Connection, env: Record<string, string>): Promise<CallSpec[]> {
  const tokens = new SessionTokens(env.JWT_SECRET, 3600);
  const pick = (n: number) => Math.floor((n * 2654435761) % COUNTS.users);
  const sampleIds = Array.from({ length: SAMPLE }, (_, i) => userId(pick(i + 1)));
  const sample = await userModel(accounts).find({ _id: { $in: sampleIds } }).lean<UserRecord[]>().exec();
  await bringHashesToCost(accounts, sample);
  const owned = await watchdogModel(accounts).find({ userId: { $in: sampleIds } }).lean().exec();
  const byUser = new Map<string, string[]>();
  for (const w of owned) byUser.set(w.userId!, [...(byUser.get(w.userId!) ?? []), w._id]);
  const sessions = sample.map((u) => ({ user: u, token: tokens.sign(sessionPayloadOf(u, byUser.get(u._id)?.length ?? 0)), watchdogs: byUser.get(u._id) ?? [] }));
  const admin = tokens.sign(sessionPayloadOf({ ...sample[0], role: ROLES.ADMIN, roleExpiresAt: null }, 0));
  const adminUser = sample[0];
  // The admin is one of the seeded people with the admin role, as the account service checks roles.
  await userModel(accounts).updateOne({ _id: adminUser._id }, { $set: { role: ROLES.ADMIN, roleExpiresAt: null } });
  const run = Date.now().toString(36);
  const criteria = new Market(getGazetteer(), seeded(7)).watchdog();
  const owners = sessions.filter((x) => x.watchdogs.length);
  const session = (i: number) => sessions[i % sessions.length];
  const creators = await creatorsOfThisRun(accounts, tokens, pick);
  return [
    { name: 'GET /api/user', requests: 4000, make: (i) => ({ method: 'GET', path: '/api/user', token: session(i).token }) },
    { name: 'POST /api/auth/login', requests: 600, make: (i) => ({ method: 'POST', path: '/api/auth/login', body: { email: session(i).user.email, password: SCALE_PASSWORD } }) },
    { name: 'POST /api/auth/reset known', requests: 1000, make: (i) => ({ method: 'POST', path: '/api/auth/reset', body: { email: userEmail(pick(SAMPLE + i + 1)) } }) },
    { name: 'POST /api/auth/reset unknown', requests: 2000, ok: [404], make: (i) => ({ method: 'POST', path: '/api/auth/reset', body: { email: `nobody${i}.${run}@scale.example` } }) },
    { name: 'POST /api/auth/register', requests: 1000, make: (i) => ({ method: 'POST', path: '/api/auth/register', body: { email: `new${i}.${run}@scale.example` } }) },
    { name: 'POST /api/filters logged in', requests: CREATIONS, ok: [200, 201, 409], make: (i) => ({ method: 'POST', path: '/api/filters', token: creators.loggedIn[i % CREATORS].token, body: { criteria } }) },
    { name: 'POST /api/filters anonymous', requests: CREATIONS, ok: [202, 409], make: (i) => ({ method: 'POST', path: '/api/filters', body: { criteria, email: creators.anonymous[i % CREATORS] } }) },
    { name: 'GET /api/filters', requests: 4000, make: (i) => ({ method: 'GET', path: '/api/filters', token: session(i).token }) },
    {
      name: 'PATCH /api/filters/:id',
      requests: 2000,
      make: (i) => {
        const s = owners[i % owners.length];
        return { method: 'PATCH', path: `/api/filters/${s.watchdogs[0]}`, token: s.token, body: { name: `Byt ${i}` } };
      },
    },
    { name: 'admin user search', requests: 2000, make: (i) => ({ method: 'GET', path: `/api/admin/users?q=${encodeURIComponent(`user${(i * 7919) % 10_000}`)}&limit=20`, token: admin }) },
  ];
}

main().catch((err) => {
  say((err as Error).stack ?? String(err));
  process.exit(1);
});
