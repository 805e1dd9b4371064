import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Bus, createLogger } from '@rr/kit';
import { ROLES, type Watchdog } from '@rr/proto';
import { getGazetteer } from '@rr/gazetteer';
import { bundle, bundlePath } from '../system/bundle';
import { MATCHER_PROCESS_ENV, portsFor } from '../system/services';
import { sharedEnv } from '../system/system';
import { areaDrawer } from './matcher-areas';
import { Market, seeded } from './matcher-market';
import { sampleCpu } from './cpu-usage';
import { peakResidentMB, residentMB } from './scale/processes';

/**
 * `npm run bench:replay`: the matcher service's start at national size, alone. Publishes N
 * market-shaped active watchdogs (bench:matcher's criteria, areas drawn on a map included, spread
 * over people holding 1–6 each like bench:scale's) to a scratch compacted `watchdog.changed` topic
 * once — later runs with the same N reuse it — then starts the compiled matcher (on huge pages, as
 * `npm start` runs it) against it and times its health endpoint to ready, with its resident memory
 * then and at its peak. Last line: the JSON figures.
 * Target (issue 13, bench:scale's): ready ≤ 60 s at 1,000,000 active watchdogs; memory bounded.
 *
 * `--watchdogs N` (1,000,000), `--cpu-prof` (writes the matcher's profile to .run/prof/),
 * `--delete-topics` (drop the scratch topics at the end instead of keeping them for the next run),
 * `--node-options '…'` (V8 flags for the matcher's process, to try one, e.g. `--max-semi-space-size=32`).
 * Needs Kafka running (`npm run infra -- start`); it starts nothing but the matcher.
 */
const { values: args } = parseArgs({
  options: {
    watchdogs: { type: 'string', default: '1000000' },
    'cpu-prof': { type: 'boolean', default: false },
    'delete-topics': { type: 'boolean', default: false },
    'node-options': { type: 'string', default: '' },
  },
});
const WATCHDOGS = Number(args.watchdogs);
/** A scratch prefix (`scripts/delete-topics.ts` cleans such topics up; this bench then publishes again). */
const PREFIX = 'benchfeed01.';
const HEALTH_PORT = portsFor(400).health.matcher;
const READY_TIMEOUT_MS = 900_000;
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const ROOT = path.resolve(__dirname, '../..');

const say = (line: string) => process.stderr.write(`[replay] ${line}\n`);
/** Watchdogs per person, 1–6 (bench:scale's weights). */
const HOLDINGS = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 6];
const PAYING = [ROLES.MINI, ROLES.STANDARD, ROLES.PREMIUM, ROLES.PROFI];
const DAY = 86_400_000;

async function main() {
  const bus = new Bus({ clientId: 'bench-replay', brokers: BROKERS, topicPrefix: PREFIX, logger: createLogger('bench-replay', 'warn') });
  await bus.connect();
  try {
    await topicWithWatchdogs(bus);
    const name = 'bench-replay-matcher';
    await bundle([{ name, entry: 'services/matcher/src/main.ts' }]);
    const figures = await timeMatcher(bundlePath(name));
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    if (args['delete-topics']) {
      const deleted = await bus.deleteTopicsMatching((t) => t.startsWith(PREFIX)).catch(() => 0);
      say(`deleted ${deleted} scratch topics`);
    } else {
      say(`kept the ${PREFIX}* topics for the next run (--delete-topics drops them)`);
    }
    await bus.disconnect();
  }
}

/** Publishes the watchdogs unless the topic already holds exactly this many (a run with the same N). */
async function topicWithWatchdogs(bus: Bus): Promise<void> {
  await bus.ensureTopics();
  const held = (await bus.endOffsets('watchdog.changed')).reduce((sum, p) => sum + Number(p.offset), 0);
  if (held === WATCHDOGS) {
    say(`topic: reusing ${bus.topic('watchdog.changed')} with ${held.toLocaleString('en')} watchdogs`);
    return;
  }
  if (held > 0) {
    say(`topic: holds ${held.toLocaleString('en')}, not ${WATCHDOGS.toLocaleString('en')}: making it anew…`);
    await bus.deleteTopicsMatching((t) => t.startsWith(PREFIX));
    await bus.ensureTopics();
  }
  const started = Date.now();
  const market = new Market(getGazetteer(), seeded(20261125));
  const drawArea = areaDrawer();
  const r = seeded(20261127);
  const now = Date.now();
  let person = 0;
  let left = 0;
  let role: number = ROLES.USER;
  const chunk = 5_000;
  for (let first = 0; first < WATCHDOGS; first += chunk) {
    const watchdogs: Watchdog[] = [];
    for (let i = first; i < Math.min(first + chunk, WATCHDOGS); i++) {
      if (left === 0) {
        person++;
        left = HOLDINGS[r.int(0, HOLDINGS.length - 1)];
        role = r.chance(0.06) ? PAYING[r.int(0, PAYING.length - 1)] : ROLES.USER;
      }
      left--;
      const createdAt = new Date(now - r.int(1, 730) * DAY).toISOString();
      watchdogs.push({
        id: `w_replay${i.toString(16).padStart(10, '0')}`, userId: `u_replay${person.toString(16).padStart(10, '0')}`, email: `person${person}@replay.example`,
        locale: r.chance(0.85) ? 'cs' : 'en', ownerRole: role, adsConsent: r.chance(0.3), name: null, criteria: drawArea(market.watchdog()),
        status: 'Active', createdAt, updatedAt: createdAt, expiresAt: role === ROLES.USER ? new Date(now + r.int(20, 30) * DAY).toISOString() : null,
        lastEmailAt: null, sentCount: r.int(0, 40),
      });
    }
    await bus.publishMany('watchdog.changed', watchdogs.map((w) => ({ key: w.id, data: { watchdogId: w.id, watchdog: w } })));
    const done = Math.min(first + chunk, WATCHDOGS);
    if (done % 100_000 === 0 || done === WATCHDOGS) say(`topic: ${done.toLocaleString('en')} watchdogs published (${Math.round((Date.now() - started) / 1000)} s)`);
  }
}

type Health = { ok: boolean; details?: { ready?: boolean; watchdogs?: number } };

/** Starts the matcher, waits for /health to answer 200, and reads its memory; stops it again. */
async function timeMatcher(bundled: string) {
  const profDir = path.join(ROOT, '.run/prof');
  if (args['cpu-prof']) mkdirSync(profDir, { recursive: true });
  const env = sharedEnv({ KAFKA_TOPIC_PREFIX: PREFIX, LOG_LEVEL: 'info', HEALTH_PORT: String(HEALTH_PORT), ...MATCHER_PROCESS_ENV });
  const nodeOptions = ['--enable-source-maps', ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), ...args['node-options'].split(' ').filter(Boolean)];
  say(`starting the matcher on ${WATCHDOGS.toLocaleString('en')} watchdogs…`);
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeOptions, bundled], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  try {
    let replayedSeconds: number | null = null;
    let lastSay = 0;
    let peakMB = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the matcher exited with ${child.exitCode}`);
      if (Date.now() - started > READY_TIMEOUT_MS) throw new Error('the matcher was not ready in time');
      peakMB = Math.max(peakMB, residentMB(child.pid) ?? 0);
      const health = await healthOf();
      if (health?.details?.ready && replayedSeconds === null) replayedSeconds = seconds();
      if (health?.ok) break;
      if (Date.now() - lastSay > 10_000) {
        lastSay = Date.now();
        say(`${seconds()} s: ${health ? `${health.details?.watchdogs ?? '?'} watchdogs kept` : 'health not up yet'}, ${residentMB(child.pid)} MB resident`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readySeconds = seconds();
    // The process's CPU, its collector's helper threads included: what the start costs a busy machine.
    const cpuSeconds = Math.round(sampleCpu({ matcher: child.pid! }, {}).byName.matcher * 10) / 10;
    const health = await healthOf();
    const kept = health?.details?.watchdogs ?? null;
    const rssMB = residentMB(child.pid);
    const { heapMB, heapTotalMB, externalMB } = await heapFigures();
    const figures = {
      watchdogs: WATCHDOGS, kept, readySeconds, replayedSeconds, watchdogsPerSec: Math.round(WATCHDOGS / readySeconds),
      cpuSeconds, rssMB, peakRssMB: Math.max(peakMB, peakResidentMB(child.pid) ?? 0), heapMB, heapTotalMB, externalMB,
    };
    say(`ready in ${readySeconds} s (replayed and indexed at ${replayedSeconds} s), ${rssMB} MB resident (peak ${figures.peakRssMB} MB), heap ${heapMB} MB used of ${heapTotalMB} MB, ${externalMB} MB outside it`);
    return figures;
  } finally {
    await stop(child);
    if (args['cpu-prof']) say(`profile written to ${profDir} (open it in Chrome DevTools' Performance panel)`);
  }
}

async function healthOf(): Promise<Health | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${HEALTH_PORT}/health`, { signal: AbortSignal.timeout(5_000) });
    return (await res.json()) as Health;
  } catch {
    return null;
  }
}

/**
 * From the service's own Prometheus metrics: the JS heap in use, the heap V8 holds (used or not),
 * and memory outside the heap (the index's buffers, Kafka's fetched bytes).
 */
async function heapFigures(): Promise<{ heapMB: number | null; heapTotalMB: number | null; externalMB: number | null }> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${HEALTH_PORT}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const mb = (metric: string) => {
      const match = new RegExp(`^${metric}\\s+(\\d+(?:\\.\\d+)?)`, 'm').exec(text);
      return match ? Math.round(Number(match[1]) / 1048576) : null;
    };
    return { heapMB: mb('rr_nodejs_heap_size_used_bytes'), heapTotalMB: mb('rr_nodejs_heap_size_total_bytes'), externalMB: mb('rr_nodejs_external_memory_bytes') };
  } catch {
    return { heapMB: null, heapTotalMB: null, externalMB: null };
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

main().catch((err) => {
  process.stderr.write(`bench:replay failed: ${err instanceof Error ? err.stack ?? err.message : err}\n`);
  process.exit(1);
});
