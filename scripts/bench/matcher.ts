import { readFileSync } from 'node:fs';
import { loadGazetteer } from '@rr/gazetteer';
import type { Offer } from '@rr/proto';
import { FilterIndex } from '@rr/matcher/src/domain/filter-index';
import { WordFilter } from '@rr/matcher/src/domain/word-filter';
import { AreaFilter } from '@rr/matcher/src/domain/area-filter';
import { CandidateChecks } from '@rr/matcher/src/domain/candidate-checks';
import { areaDrawer } from './matcher-areas';
import { Market, seeded } from './matcher-market';

/**
 * `npm run bench:matcher`: one million market-shaped watchdogs into the matcher's index (about
 * one in five asking for or refusing words, one in twenty with an area drawn on a map), then a stream of offers with titles and descriptions
 * through it and the words check of the candidates, on one thread (single-threaded GC). Last
 * line: the JSON figures.
 * Targets: ≥ 50,000 offers/s, p99 ≤ 200 µs, build ≤ 3 s, heap ≤ 600 MB.
 */

const WATCHDOGS = Number(process.env.BENCH_WATCHDOGS ?? 1_000_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 200_000);
const DISTINCT_OFFERS = 20_000;
/** `BENCH_WORDS=off`: the index alone, neither the words nor the areas asked (to see what they cost). */
const CHECKS_ON = process.env.BENCH_WORDS !== 'off';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const info = (message: string) => process.stderr.write(`${message}\n`);

/**
 * Times the index alone, as the matcher builds it from the watchdogs it replayed: criteria are
 * generated in chunks outside the clock.
 */
function build(market: Market): { index: FilterIndex; checks: CandidateChecks; seconds: number } {
  // The registry files each watchdog's words and area beside its index slot, the words' short codes in its rows.
  const checks = new CandidateChecks(new WordFilter(), new AreaFilter());
  const { words, areas } = checks;
  // Sized up front, as the registry does from the number of watchdogs it replayed.
  const index = new FilterIndex({ expectedWatchdogs: WATCHDOGS, narrowCodeOf: (c) => words.codeOf(c.words) });
  const drawArea = areaDrawer();
  const chunk = 50_000;
  let spent = 0n;
  for (let done = 0; done < WATCHDOGS; done += chunk) {
    const criteria = Array.from({ length: Math.min(chunk, WATCHDOGS - done) }, () => drawArea(market.watchdog()));
    const start = process.hrtime.bigint();
    // The matcher's registry keeps watchdog ↔ slot in the map it replays into; the index files criteria.
    for (let i = 0; i < criteria.length; i++) {
      const slot = index.insert(criteria[i]);
      words.set(slot, criteria[i].words);
      if (criteria[i].mapArea) areas.set(slot, criteria[i].mapArea!);
    }
    spent += process.hrtime.bigint() - start;
  }
  const start = process.hrtime.bigint();
  index.seal();
  spent += process.hrtime.bigint() - start;
  return { index, checks, seconds: Number(spent) / 1e9 };
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

function run(): void {
  const market = new Market(loadGazetteer(), seeded(20261122));
  const started = Date.now();
  const { index, checks, seconds } = build(market);
  info(`${checks.areas.count} watchdogs with an area drawn on a map`);
  info(`built ${index.size} watchdogs: index ${seconds.toFixed(2)} s (with generation ${((Date.now() - started) / 1000).toFixed(2)} s)`);
  gc();
  // The index keeps its entries in typed arrays, outside the JS heap proper: count both.
  const memory = process.memoryUsage();
  const heapMB = (memory.heapUsed + memory.arrayBuffers) / 2 ** 20;
  info(`on huge pages: ${hugePagesMB()} MB (the matcher's environment asks for them: scripts/system/services.ts)`);

  const offers = Array.from({ length: DISTINCT_OFFERS }, (_, i) => market.offer(i));
  for (const offer of offers) matchOffer(index, checks, offer);

  const latencies = new Float64Array(OFFERS);
  let matches = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < OFFERS; i++) {
    const start = process.hrtime.bigint();
    matches += matchOffer(index, checks, offers[i % DISTINCT_OFFERS]);
    latencies[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  const total = Number(process.hrtime.bigint() - t0) / 1e9;
  latencies.sort();
  const at = (q: number) => Math.round(latencies[Math.min(OFFERS - 1, Math.floor(q * OFFERS))] * 10) / 10;
  info(`${OFFERS} offers, ${(matches / OFFERS).toFixed(1)} matches per offer on average, max ${at(1)} µs`);
  process.stdout.write(`${JSON.stringify({
    watchdogs: index.size,
    offersPerSec: Math.round(OFFERS / total),
    p50us: at(0.5),
    p99us: at(0.99),
    buildSeconds: Math.round(seconds * 100) / 100,
    heapMB: Math.round(heapMB),
  })}\n`);
}

run();
