import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadGazetteer } from '@rr/gazetteer';
import type { Offer } from '@rr/proto';
import { FilterIndex } from '@rr/matcher/src/domain/filter-index';
import { WordFilter } from '@rr/matcher/src/domain/word-filter';
import { AreaFilter } from '@rr/matcher/src/domain/area-filter';
import { CandidateChecks } from '@rr/matcher/src/domain/candidate-checks';
import { shardOf } from '@rr/matcher/src/domain/shard';
import { areaDrawer } from './matcher-areas';
import { Market, seeded } from './matcher-market';

/**
 * `npm run bench:matcher`: one million market-shaped watchdogs into the matcher's index (about
 * one in five asking for or refusing words, one in twenty with an area drawn on a map), then a
 * stream of offers with titles and descriptions through it and the candidate checks.
 *
 * Two shapes, both printed (docs/decisions.md, "Matcher scaling"):
 * - **single**: one instance holds every watchdog, on one thread (single-threaded GC);
 * - **scaled out** (`BENCH_SHARDS` × `BENCH_REPLICAS` processes, default 2 × 1: one per core of
 *   this 2-core machine, the shape that meets every target), all at once: a shard builds the index of its share of the same
 *   watchdogs (by recipient, the service's `shardOf`) and sees every offer; its replicas split
 *   the offers between them, as Kafka splits a shard's offer groups' partitions. Offers/s is
 *   offers finished per second of wall time; an offer's latency is its slowest shard's. The union
 *   of the shards' matches is checked against the single index's on a sample.
 * Last line: the scaled-out figures with the single instance's as `single` (`BENCH_REPLICAS=1`
 * and `BENCH_SHARDS=1`: the single instance's alone, as before).
 * Targets: ≥ 50,000 offers/s, p99 ≤ 200 µs, build ≤ 3 s, heap ≤ 600 MB.
 */

const WATCHDOGS = Number(process.env.BENCH_WATCHDOGS ?? 1_000_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 200_000);
const SHARDS = Number(process.env.BENCH_SHARDS ?? 2);
const REPLICAS = Number(process.env.BENCH_REPLICAS ?? 1);
/** Processes of the scaled-out run: every shard's replicas. */
const PROCESSES = SHARDS * REPLICAS;
const DISTINCT_OFFERS = 20_000;
/** Offers whose matches the shards and the single index must agree on. */
const SAMPLE = 2_000;
/** `BENCH_WORDS=off`: the index alone, neither the words nor the areas asked (to see what they cost). */
const CHECKS_ON = process.env.BENCH_WORDS !== 'off';
/** Set in a process of the scaled-out run: which shard it builds, and which of its replicas it is. */
const SHARD_INDEX = process.env.BENCH_SHARD_INDEX;
const REPLICA_INDEX = Number(process.env.BENCH_REPLICA_INDEX ?? 0);

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const info = (message: string) => process.stderr.write(`${message}\n`);
/** The bench's people: two watchdogs each; shards keep a watchdog by its recipient, as the service does. */
const recipientOf = (watchdog: number) => `person${watchdog >> 1}@bench.example`;

type Built = { index: FilterIndex; checks: CandidateChecks; seconds: number; watchdogOf: Int32Array };

/**
 * Times the index alone, as the matcher builds it from the watchdogs it replayed: criteria are
 * generated in chunks outside the clock. Every shard generates all of them (the same stream) and
 * files those it keeps.
 */
function build(market: Market, shard = 0, shards = 1): Built {
  // The registry files each watchdog's words and area beside its index slot, the words' short codes in its rows.
  const checks = new CandidateChecks(new WordFilter(), new AreaFilter());
  const { words, areas } = checks;
  // Sized up front, as the registry does from the number of watchdogs it replayed.
  const index = new FilterIndex({ expectedWatchdogs: Math.ceil(WATCHDOGS / shards), narrowCodeOf: (c) => words.codeOf(c.words) });
  const watchdogOf = new Int32Array(WATCHDOGS);
  const drawArea = areaDrawer();
  const chunk = 50_000;
  let spent = 0n;
  for (let done = 0; done < WATCHDOGS; done += chunk) {
    const size = Math.min(chunk, WATCHDOGS - done);
    const criteria = Array.from({ length: size }, () => drawArea(market.watchdog()));
    const kept = criteria.map((_, i) => shardOf(recipientOf(done + i), shards) === shard);
    const start = process.hrtime.bigint();
    // The matcher's registry keeps watchdog ↔ slot in the map it replays into; the index files criteria.
    for (let i = 0; i < size; i++) {
      if (!kept[i]) continue;
      const slot = index.insert(criteria[i]);
      watchdogOf[slot] = done + i;
      words.set(slot, criteria[i].words);
      if (criteria[i].mapArea) areas.set(slot, criteria[i].mapArea!);
    }
    spent += process.hrtime.bigint() - start;
  }
  const start = process.hrtime.bigint();
  index.seal();
  spent += process.hrtime.bigint() - start;
  return { index, checks, seconds: Number(spent) / 1e9, watchdogOf };
}

/**
 * One offer through the matcher as the registry asks: the index, which asks the candidate checks
 * (words, areas drawn on a map) about the candidates whose rows say they have some.
 */
function matchOffer(index: FilterIndex, checks: CandidateChecks, offer: Offer): number {
  if (!CHECKS_ON) return index.matchSlots(offer);
  checks.begin(offer);
  return index.matchSlots(offer, checks);
}

/** Anonymous memory of this process on transparent huge pages (Linux; 0 where unknown). */
function hugePagesMB(): number {
  try {
    const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
    return Math.round(Number(/AnonHugePages:\s+(\d+) kB/.exec(rollup)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Builds one shard's index (all watchdogs when `shards` is 1), warms it up, and is ready to time offers. */
function prepare(shard: number, shards: number) {
  const market = new Market(loadGazetteer(), seeded(20261122));
  const started = Date.now();
  const built = build(market, shard, shards);
  const label = shards > 1 ? `shard ${shard} of ${shards}` : 'single';
  info(`${label}: ${built.checks.areas.count} watchdogs with an area drawn on a map`);
  info(`${label}: built ${built.index.size} watchdogs: index ${built.seconds.toFixed(2)} s (with generation ${((Date.now() - started) / 1000).toFixed(2)} s)`);
  gc();
  // The index keeps its entries in typed arrays, outside the JS heap proper: count both.
  const memory = process.memoryUsage();
  const heapMB = (memory.heapUsed + memory.arrayBuffers) / 2 ** 20;
  info(`${label}: on huge pages ${hugePagesMB()} MB (the matcher's environment asks for them: scripts/system/services.ts)`);
  const offers = Array.from({ length: DISTINCT_OFFERS }, (_, i) => market.offer(i));
  for (const offer of offers) matchOffer(built.index, built.checks, offer);
  return { ...built, offers, heapMB };
}

type Prepared = ReturnType<typeof prepare>;

/**
 * Times the offers `replica`, `replica + replicas`, … of the `OFFERS` (a replica gets the offers
 * of its share of the partitions); each one's latency in µs (0 for the others').
 */
function timeOffers({ index, checks, offers }: Prepared, replica = 0, replicas = 1) {
  const latencies = new Float64Array(OFFERS);
  let matches = 0;
  const started = process.hrtime.bigint();
  for (let i = replica; i < OFFERS; i += replicas) {
    const start = process.hrtime.bigint();
    matches += matchOffer(index, checks, offers[i % DISTINCT_OFFERS]);
    latencies[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  const ended = process.hrtime.bigint();
  return { latencies, matches, started, ended };
}

/** The watchdogs (by number) each of the first `SAMPLE` offers matches, sorted. */
function sampleMatches({ index, checks, offers, watchdogOf }: Prepared): number[][] {
  return offers.slice(0, SAMPLE).map((offer) => {
    const count = matchOffer(index, checks, offer);
    return Array.from(index.slots.subarray(0, count), (slot) => watchdogOf[slot]).sort((a, b) => a - b);
  });
}

function quantiles(latencies: Float64Array) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { p50us: at(0.5), p99us: at(0.99), maxUs: at(1) };
}

/** The whole index in this process, on one thread. */
function runSingle() {
  const prepared = prepare(0, 1);
  const { latencies, matches, started, ended } = timeOffers(prepared);
  const { p50us, p99us, maxUs } = quantiles(latencies);
  info(`single: ${OFFERS} offers, ${(matches / OFFERS).toFixed(1)} matches per offer on average, max ${maxUs} µs`);
  const figures = {
    watchdogs: prepared.index.size,
    offersPerSec: Math.round(OFFERS / (Number(ended - started) / 1e9)),
    p50us,
    p99us,
    buildSeconds: Math.round(prepared.seconds * 100) / 100,
    heapMB: Math.round(prepared.heapMB),
  };
  return { figures, sample: PROCESSES > 1 ? sampleMatches(prepared) : [] };
}

type FromShard =
  | { kind: 'built'; watchdogs: number; buildSeconds: number; heapMB: number }
  | { kind: 'timed'; latencies: Float64Array; matches: number; started: bigint; ended: bigint; sample: number[][] };

/** In a shard's process: build, say so, wait for the start, time the offers, report. */
function runShard(shard: number): void {
  const prepared = prepare(shard, SHARDS);
  process.once('message', () => {
    const timed = timeOffers(prepared, REPLICA_INDEX, REPLICAS);
    // Disconnected once the (large) report is through, so the process can end.
    process.send!({ kind: 'timed', ...timed, sample: sampleMatches(prepared) } satisfies FromShard, () => process.disconnect());
  });
  process.send!({ kind: 'built', watchdogs: prepared.index.size, buildSeconds: prepared.seconds, heapMB: prepared.heapMB } satisfies FromShard);
}

/**
 * Every shard's replicas in a process of their own (one per core), built at once and started
 * together: a replica times its share of the offers (as Kafka splits a group's partitions), a
 * shard every offer.
 */
async function runScaledOut() {
  const children: ChildProcess[] = Array.from({ length: PROCESSES }, (_, k) =>
    fork(process.argv[1], [], { env: { ...process.env, BENCH_SHARD_INDEX: String(Math.floor(k / REPLICAS)), BENCH_REPLICA_INDEX: String(k % REPLICAS) }, serialization: 'advanced' }),
  );
  const next = (child: ChildProcess) =>
    new Promise<FromShard>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`a shard exited (${code}) before reporting`));
      child.once('exit', exited);
      child.once('message', (m) => {
        child.off('exit', exited);
        resolve(m as FromShard);
      });
    });
  const builtAt = Date.now();
  const built = (await Promise.all(children.map(next))) as Array<Extract<FromShard, { kind: 'built' }>>;
  info(`${PROCESSES} processes built and warmed up in ${((Date.now() - builtAt) / 1000).toFixed(1)} s of wall time`);
  const timing = children.map(next);
  for (const child of children) child.send('go');
  const timed = (await Promise.all(timing)) as Array<Extract<FromShard, { kind: 'timed' }>>;
  const started = timed.reduce((min, t) => (t.started < min ? t.started : min), timed[0].started);
  const ended = timed.reduce((max, t) => (t.ended > max ? t.ended : max), timed[0].ended);
  // An offer is done when its slowest shard is (in each shard, the one replica that had it).
  const slowest = new Float64Array(OFFERS);
  for (let i = 0; i < OFFERS; i++) for (const t of timed) slowest[i] = Math.max(slowest[i], t.latencies[i]);
  const { p50us, p99us, maxUs } = quantiles(slowest);
  const matches = timed.reduce((sum, t) => sum + t.matches, 0);
  info(`scaled out: ${OFFERS} offers on ${SHARDS} shard(s) × ${REPLICAS} replica(s), ${(matches / OFFERS).toFixed(1)} matches per offer on average, max ${maxUs} µs`);
  const ofReplica0 = built.filter((_, k) => k % REPLICAS === 0);
  return {
    figures: {
      watchdogs: ofReplica0.reduce((sum, b) => sum + b.watchdogs, 0),
      shards: SHARDS,
      replicas: REPLICAS,
      offersPerSec: Math.round(OFFERS / (Number(ended - started) / 1e9)),
      p50us,
      p99us,
      buildSeconds: Math.round(Math.max(...built.map((b) => b.buildSeconds)) * 100) / 100,
      heapMB: Math.round(Math.max(...built.map((b) => b.heapMB))),
      perProcess: built.map((b, k) => ({ shard: Math.floor(k / REPLICAS), watchdogs: b.watchdogs, buildSeconds: Math.round(b.buildSeconds * 100) / 100, heapMB: Math.round(b.heapMB) })),
    },
    samples: timed.filter((_, k) => k % REPLICAS === 0).map((t) => t.sample),
  };
}

/** The shards together must find exactly what the single index finds: each watchdog in one shard. */
function checkUnion(single: number[][], shards: number[][][]): void {
  for (let i = 0; i < single.length; i++) {
    const union = shards.flatMap((s) => s[i]).sort((a, b) => a - b);
    if (union.length !== single[i].length || union.some((w, k) => w !== single[i][k])) {
      throw new Error(`offer ${i}: the shards matched ${union.length} watchdogs, the single index ${single[i].length}`);
    }
  }
  info(`the shards' matches together equal the single index's on ${single.length} offers`);
}

async function main(): Promise<void> {
  if (SHARD_INDEX !== undefined) return runShard(Number(SHARD_INDEX));
  const single = runSingle();
  if (PROCESSES <= 1) {
    process.stdout.write(`${JSON.stringify(single.figures)}\n`);
    return;
  }
  const scaled = await runScaledOut();
  checkUnion(single.sample, scaled.samples);
  process.stdout.write(`${JSON.stringify({ ...scaled.figures, single: single.figures })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
