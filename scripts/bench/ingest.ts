/**
 * `npm run bench:ingest`: the portal simulator publishes a realistic set of properties on all 7
 * portals (a share cross-posted), the crawler crawls them and the normaliser turns them into
 * offers; the result is compared with the simulator's ground truth. Prints a final JSON line:
 * {"portals":7,"listings":…,"listingsPerSec":…,"dedupePrecision":…,"dedupeRecall":…,"geoMunicipalityCorrect":…}
 *
 * Env: BENCH_PROPERTIES (default 3000), BENCH_CROSS_POST_SHARE (0.3), BENCH_SEED (7),
 * BENCH_MODE=crawler|direct (default crawler when the crawler exists). `direct` runs each
 * simulator listing through its portal's adapter here and publishes the raw listings straight to
 * Kafka, measuring the normaliser alone. BENCH_CRAWL_INTERVAL_SECONDS (5), BENCH_RATE_MULTIPLIER
 * (200); diagnostics: BENCH_LOG_DIR (+ BENCH_SERVICE_LOG_LEVEL=info) keeps each service's log,
 * BENCH_CPU_PROF_DIR writes a V8 CPU profile per service.
 *
 * listingsPerSec counts listings normalised from the first listing on Kafka (crawler mode) or the
 * first publish (direct mode) to the last one normalised; the figure with the crawler's start-up
 * is printed beside it. Notes on stderr give the CPU seconds of every process (from /proc; Kafka
 * and FerretDB are shared with other users) and, below 500/s, the CPU per listing that explains it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { Bus, createLogger, REPO_ROOT, sleep } from '@rr/kit';
import { PORTALS, type Offer, type Portal, type RawListing, RawListing as RawListingSchema } from '@rr/proto';
import { bundle, bundlePath } from '../system/bundle';
import { INGEST_PROCESS_ENV } from '../system/services';
import { cpuMsPer, describeCpu, sampleCpu, type CpuSample } from './cpu-usage';
import { freePort } from './free-port';
import { machineSpeedMs } from './machine-speed';

type TruthListing = { portal: Portal; listingId: string; propertyId: string; url: string; active: boolean };
type TruthProperty = { id: string; municipalityCode: string };
type GroundTruth = { properties: TruthProperty[]; listings: TruthListing[] };

const env = process.env;
const PROPERTIES = Number(env.BENCH_PROPERTIES ?? 3000);
const CROSS_POST = Number(env.BENCH_CROSS_POST_SHARE ?? 0.3);
const SEED = Number(env.BENCH_SEED ?? 7);
const CRAWLER_MAIN = path.join(REPO_ROOT, 'services/crawler/src/main.ts');
const MODE = env.BENCH_MODE ?? (existsSync(CRAWLER_MAIN) ? 'crawler' : 'direct');
/** The processes this benchmark starts, each compiled as `npm start` and the images run it (not under tsx). */
const PROCESSES = { 'portal-simulator': 'services/portal-simulator', normaliser: 'services/normaliser', crawler: 'services/crawler' } as const;
type ProcessName = keyof typeof PROCESSES;
const bundleName = (name: ProcessName) => `bench-ingest-${name}`;
const run = randomUUID().slice(0, 6);
/** A scratch namespace (`scripts/delete-topics.ts` knows it): the run deletes its topics at its end. */
const prefix = `bench${run}.`;
const dbSuffix = `-bench-${run}`;
const BROKERS = (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const log = createLogger('bench-ingest', env.LOG_LEVEL ?? 'warn');
const children: ChildProcess[] = [];
const pids: Record<string, number> = {};
// Servers shared with everyone on the machine: their CPU includes other users' traffic.
const SHARED_SERVERS = { 'ferretdb (shared)': /ferretdb-sqlite/, 'kafka (shared)': /kafka\.Kafka/ };

const say = (msg: string) => process.stderr.write(`[bench:ingest] ${msg}\n`);

async function main(): Promise<void> {
  const speedBefore = machineSpeedMs();
  say(`machine speed: ${speedBefore} ms for the fixed workload (lower is faster)`);
  await bundle(Object.entries(PROCESSES).map(([name, dir]) => ({ name: bundleName(name as ProcessName), entry: `${dir}/src/main.ts` })));
  const bus = new Bus({ clientId: 'bench-ingest', brokers: BROKERS, topicPrefix: prefix, logger: log });
  await bus.connect();
  await bus.ensureTopics();

  const simPort = await freePort();
  const sim = `http://127.0.0.1:${simPort}`;
  start('portal-simulator', { PORT: String(simPort), SIM_ORIGIN: sim, SIM_SEED: String(SEED) });
  await waitFor(async () => (await fetch(`${sim}/admin/stream`)).ok, 30_000, 'the simulator to listen');
  const published = await post(`${sim}/admin/stream`, { seed: SEED, count: PROPERTIES, crossPostShare: CROSS_POST });
  say(`simulator published ${JSON.stringify(published)}`);
  const truth = (await (await fetch(`${sim}/admin/ground-truth`)).json()) as GroundTruth;
  const portalsLive = [...new Set(truth.listings.map((l) => l.portal))];

  const healthPort = await freePort();
  const common = { KAFKA_TOPIC_PREFIX: prefix, MONGO_DB_SUFFIX: dbSuffix, LOG_LEVEL: env.BENCH_SERVICE_LOG_LEVEL ?? 'warn' };
  start('normaliser', { ...common, ...INGEST_PROCESS_ENV, HEALTH_PORT: String(healthPort), OFFERS_API_PORT: '0', NORMALISER_FROM_BEGINNING: 'true' });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${healthPort}/health`)).ok, 60_000, 'the normaliser to start');

  let crawled: Portal[];
  let started: number;
  if (MODE === 'crawler') {
    crawled = await crawledPortals();
    say(`mode: crawler → normaliser over ${crawled.join(', ')}`);
    const perPortal = Object.fromEntries(PORTALS.flatMap((p) => [
      [`PORTAL_BASE_URL_${p.toUpperCase()}`, `${sim}/${p}`],
      [`PORTAL_INTERVAL_SECONDS_${p.toUpperCase()}`, env.BENCH_CRAWL_INTERVAL_SECONDS ?? '5'],
    ]));
    started = Date.now();
    cpuBefore = sampleCpu(pids, SHARED_SERVERS);
    start('crawler', {
      ...INGEST_PROCESS_ENV,
      ...common, ...perPortal, HEALTH_PORT: '0', CRAWLER_API_PORT: '0', JWT_SECRET: randomUUID() + randomUUID(), CRAWL_RATE_MULTIPLIER: env.BENCH_RATE_MULTIPLIER ?? '200',
      CRAWL_MAX_PAGES: '5000', CRAWL_SEED_CHECK_SECONDS: '1',
    });
  } else {
    crawled = await adapterPortals();
    say(`mode: direct (no crawler): adapter output for simulator listings published straight to Kafka, normaliser measured alone, over ${crawled.join(', ')}`);
    const raws = await adapterOutput(sim, truth.listings.filter((l) => crawled.includes(l.portal)));
    started = Date.now();
    cpuBefore = sampleCpu(pids, SHARED_SERVERS);
    const fetchedAt = new Date().toISOString();
    for (let i = 0; i < raws.length; i += 500) {
      await bus.publishMany('listing.fetched', raws.slice(i, i + 500).map((listing) => ({ key: `${listing.portal}:${listing.listingId}`, data: { listing, fetchedAt } })));
    }
  }

  const expected = truth.listings.filter((l) => crawled.includes(l.portal)).length;
  const emitted = watchEmitted(bus, expected, started);
  const processed = await waitForNormaliser(healthPort, expected);
  emitted.stop();
  const cpuAfter = sampleCpu(pids, SHARED_SERVERS);
  // Throughput is measured from the first listing on Kafka to the last one normalised: the
  // crawler's start (compiling TypeScript, joining the consumer group, the first tick) is not
  // throughput, and is printed separately below.
  const seconds = (processed.at - (MODE === 'crawler' && emitted.firstAt ? emitted.firstAt : started)) / 1000;
  const withStart = (processed.at - started) / 1000;

  const metrics = await evaluate(truth, crawled);
  await bus.disconnect();
  const line = {
    portals: crawled.length,
    listings: metrics.listings,
    listingsPerSec: Math.round(processed.count / seconds),
    dedupePrecision: round(metrics.precision),
    dedupeRecall: round(metrics.recall),
    geoMunicipalityCorrect: round(metrics.geo),
    machineSpeedMs: [speedBefore, machineSpeedMs()],
  };
  say(`mode ${MODE}; portals live in the simulator: ${portalsLive.length}; listings expected ${expected}, normalised ${processed.count} in ${seconds.toFixed(1)} s from ${MODE === 'crawler' ? 'the first listing on Kafka' : 'the first publish'} (${withStart.toFixed(1)} s with the ${MODE === 'crawler' ? "crawler's" : "bench's"} start-up: ${Math.round(processed.count / withStart)}/s); offers ${metrics.offers}, properties ${metrics.properties}`);
  say(describeCpu(cpuBefore, cpuAfter, availableParallelism()));
  const window = MODE === 'crawler' && cpuAtFirst ? cpuAtFirst : cpuBefore;
  say(`CPU per listing from the first listing on Kafka on: ${perListingNote(window, cpuAfter, processed.count)}`);
  if (line.listingsPerSec < TARGET_PER_SEC) say(whyBelowTarget(window, cpuAfter, processed.count, line.listingsPerSec));
  say(`listing events on Kafka: ${emitted.count} after ${(emitted.lastAt - started) / 1000} s${MODE === 'crawler' ? ' (crawler alone)' : ' (published by the bench)'}`);
  const d = lastDetails as Record<string, number>;
  say(`normaliser: ${d.batches} batches (${d.journaled} journaled, ${d.conflicts} conflicts); deciding ${d.decideMs} ms, journaling and storing ${d.writeMs} ms, waiting for publishes ${d.publishWaitMs} ms in total`);
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

const TARGET_PER_SEC = 500;

/**
 * The note printed when throughput misses the target: CPU per listing of each process (ours and
 * the shared servers), and the best this machine could do if every core were ours.
 */
function whyBelowTarget(before: CpuSample, after: CpuSample, listings: number, perSec: number): string {
  const total = cpuMsPer(before, after, listings).reduce((s, [, ms]) => s + ms, 0);
  const cores = availableParallelism();
  const wall = (after.at - before.at) / 1000;
  const share = Object.keys(after.byName).reduce((s, k) => s + after.byName[k] - (before.byName[k] ?? 0), 0) / wall;
  return `below ${TARGET_PER_SEC}/s (${perSec}/s): the run is CPU-bound at ${total.toFixed(1)} ms of CPU per listing over all processes; `
    + `with all ${cores} cores ours that is at most ${Math.round((cores * 1000) / total)} listings/s, and this run got ${share.toFixed(2)} cores `
    + `(the rest went to other users). ${TARGET_PER_SEC}/s needs ≤ ${((cores * 1000) / TARGET_PER_SEC).toFixed(1)} ms per listing.`;
}

function perListingNote(before: CpuSample, after: CpuSample, listings: number): string {
  const parts = cpuMsPer(before, after, listings);
  return `${parts.reduce((s, [, ms]) => s + ms, 0).toFixed(2)} ms (${parts.map(([k, ms]) => `${k} ${ms.toFixed(2)}`).join(', ')})`;
}

/** Portals the crawler has an adapter for (the others are not crawled yet). */
async function crawledPortals(): Promise<Portal[]> {
  return adapterPortals();
}

async function adapterPortals(): Promise<Portal[]> {
  const { ADAPTERS } = await import('../../services/crawler/src/adapters');
  return PORTALS.filter((p) => ADAPTERS[p]);
}

/** Each listing fetched and parsed by its portal's adapter, as the crawler would. */
async function adapterOutput(sim: string, listings: TruthListing[]): Promise<RawListing[]> {
  const { ADAPTERS } = await import('../../services/crawler/src/adapters');
  const client = {
    async request(url: string, options: { headers?: Record<string, string>; body?: string; method?: 'GET' | 'POST' } = {}) {
      const r = await fetch(url, { method: options.method ?? 'GET', headers: options.headers, body: options.body });
      return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text(), url: r.url };
    },
    async render(url: string) {
      return (await fetch(url)).text();
    },
  };
  const out: RawListing[] = [];
  let failed = 0;
  const queue = [...listings];
  await Promise.all(Array.from({ length: 16 }, async () => {
    for (let l = queue.shift(); l; l = queue.shift()) {
      try {
        const result = await ADAPTERS[l.portal]!.fetchDetail(client, `${sim}/${l.portal}`, { listingId: l.listingId, url: l.url, fingerprint: '', promoted: false });
        if (result.kind === 'listing') out.push(RawListingSchema.parse(result.listing));
      } catch {
        failed++;
      }
    }
  }));
  if (failed) say(`${failed} listings did not parse and were skipped`);
  return out;
}

let lastDetails: Record<string, unknown> = {};
let cpuBefore: CpuSample;
let cpuAtFirst: CpuSample | null = null;

/** Follows the end offsets of the listing topics: when the producer side (crawler or bench) had emitted everything. */
function watchEmitted(bus: Bus, expected: number, started: number) {
  const state = { count: 0, firstAt: 0, lastAt: started, stopped: false, stop: () => void (state.stopped = true) };
  void (async () => {
    while (!state.stopped) {
      const offsets = await bus.endOffsets('listing.fetched').catch(() => []);
      const count = offsets.reduce((s, o) => s + Number(o.offset), 0);
      if (count > 0 && state.count === 0) {
        state.firstAt = Date.now();
        // The window listingsPerSec measures starts here: the crawler's start-up is behind us.
        cpuAtFirst = sampleCpu(pids, SHARED_SERVERS);
      }
      if (count > state.count) Object.assign(state, { count, lastAt: Date.now() });
      if (count >= expected) return;
      await sleep(state.count === 0 ? 50 : 250);
    }
  })();
  return state;
}

/** Polls the normaliser's health details until it has seen every expected listing or goes quiet. */
async function waitForNormaliser(port: number, expected: number): Promise<{ count: number; at: number }> {
  let last = { count: 0, at: Date.now() };
  const quietMs = Number(env.BENCH_QUIET_SECONDS ?? 30) * 1000;
  for (;;) {
    await sleep(250);
    const report = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { details?: { listings?: number; unchanged?: number } };
    lastDetails = report.details ?? {};
    const count = (report.details?.listings ?? 0) - (report.details?.unchanged ?? 0);
    if (count > last.count) last = { count, at: Date.now() };
    if (count >= expected) return last;
    if (Date.now() - last.at > quietMs) {
      say(`normaliser quiet for ${quietMs / 1000} s at ${count}/${expected} listings; measuring what arrived`);
      return last;
    }
  }
}

/** Pairwise dedupe precision and recall over the listings the normaliser stored, and municipality accuracy per offer. */
async function evaluate(truth: GroundTruth, crawled: Portal[]) {
  const connection = await mongoose.createConnection(env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: `rr-normaliser${dbSuffix}` }).asPromise();
  // The normaliser's stored state (offer-store.model.ts): bodies are JSON.
  const bodies = async <T>(name: string) => (await connection.collection<{ body: string }>(name).find({}).toArray()).map((d) => JSON.parse(d.body) as T);
  const listings = (await bodies<{ key: string; offerId: string }>('listings')).map((r) => ({ _id: r.key, offerId: r.offerId }));
  const offers = await bodies<Offer>('offers');
  await connection.close();

  const propertyOf = new Map(truth.listings.map((l) => [`${l.portal}:${l.listingId}`, l.propertyId]));
  const municipalityOf = new Map(truth.properties.map((p) => [p.id, p.municipalityCode]));
  const predicted = new Map<string, number>();
  const actual = new Map<string, number>();
  const both = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let counted = 0;
  for (const l of listings) {
    const property = propertyOf.get(String(l._id));
    if (!property) continue;
    counted++;
    bump(predicted, String(l.offerId));
    bump(actual, property);
    bump(both, `${l.offerId}|${property}`);
  }
  const pairs = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + (n * (n - 1)) / 2, 0);
  const tp = pairs(both);
  const predictedPairs = pairs(predicted);
  const actualPairs = pairs(actual);

  let geoRight = 0;
  for (const o of offers) {
    const first = o.sources[0];
    const property = propertyOf.get(`${first.portal}:${first.listingId}`);
    if (property && municipalityOf.get(property) === o.location.municipalityCode) geoRight++;
  }
  void crawled;
  return {
    listings: counted,
    offers: offers.length,
    properties: actual.size,
    precision: predictedPairs === 0 ? 1 : tp / predictedPairs,
    recall: actualPairs === 0 ? 1 : tp / actualPairs,
    geo: offers.length === 0 ? 0 : geoRight / offers.length,
  };
}

function start(name: ProcessName, extra: Record<string, string>): void {
  // BENCH_LOG_DIR keeps each service's log (with BENCH_SERVICE_LOG_LEVEL=info: per-crawl timings).
  const out = env.BENCH_LOG_DIR ? openSync(path.join(env.BENCH_LOG_DIR, `${name}.log`), 'w') : 'ignore';
  // BENCH_CPU_PROF_DIR writes a V8 CPU profile of each service (open in Chrome DevTools).
  const profile = env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.join(env.BENCH_CPU_PROF_DIR, name)}`] : [];
  const [command, args] = [process.execPath, ['--enable-source-maps', ...profile, bundlePath(bundleName(name))]];
  const child = spawn(command, args, { env: { ...env, ...extra }, stdio: ['ignore', out, 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => say(`${name}: ${d.toString().trim().slice(0, 500)}`));
  child.on('exit', (code) => code && code !== 0 && say(`${name} exited with ${code}`));
  children.push(child);
  if (child.pid) pids[name] = child.pid;
}

async function post(url: string, body: unknown): Promise<unknown> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${url} answered ${r.status}: ${await r.text()}`);
  return r.json();
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

function stopChildren(): void {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}

/**
 * The run's topics and databases, once its services have stopped (the crawler writes its state
 * until then, so a database dropped earlier came back). Left behind, every run's ~80 partitions
 * kept the broker busy (27 runs: 22 % of a core while idle, against 13 % without them).
 */
async function cleanUpRun(): Promise<void> {
  const started = Date.now();
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((resolve) => c.once('exit', resolve)) : null)));
  say(`services stopped in ${((Date.now() - started) / 1000).toFixed(1)} s; deleting the run's topics and databases…`);
  const admin = new Bus({ clientId: 'bench-ingest-cleanup', brokers: BROKERS, logger: log });
  await admin.connect();
  try {
    await admin.deleteTopicsMatching((topic) => topic.startsWith(prefix));
  } finally {
    await admin.disconnect();
  }
  const connection = await mongoose.createConnection(env.MONGO_URL ?? 'mongodb://127.0.0.1:27017').asPromise();
  try {
    for (const service of ['crawler', 'normaliser']) await connection.useDb(`rr-${service}${dbSuffix}`).dropDatabase();
  } finally {
    await connection.close();
  }
}

main()
  .catch((err: Error) => {
    say(`failed: ${err.message}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    stopChildren();
    setTimeout(() => {
      say(`gave up cleaning up after 60 s: the run's topics (${prefix}*) or databases (*${dbSuffix}) may be left`);
      process.exit();
    }, 60_000).unref();
    await cleanUpRun().catch((err: Error) => say(`the run's topics (${prefix}*) or databases (*${dbSuffix}) were not deleted: ${err.message}`));
    process.exit();
  });
