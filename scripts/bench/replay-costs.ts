import { randomUUID } from 'node:crypto';
import { Envelope, EVENTS, ROLES, parseEventData, type Watchdog, type WatchdogChangedV1 } from '@rr/proto';
import { getGazetteer } from '@rr/gazetteer';
import { areaDrawer } from './matcher-areas';
import { Market, seeded } from './matcher-market';
import { WatchdogRegistry } from '../../services/matcher/src/domain/watchdog-registry';

/**
 * What one replayed `watchdog.changed` costs the matcher, step by step, in one process (no Kafka):
 * N market-shaped events as bench:replay publishes them, through JSON, the envelope's schema, the
 * event's schema (zod, and the fast parser the bus uses) and the registry; then the heap the
 * registry keeps per watchdog. `N` (100,000) in the environment. Run with `--expose-gc`:
 * `npx tsx --expose-gc scripts/bench/replay-costs.ts`.
 */
const N = Number(process.env.N ?? 100_000);
const gc = () => (global.gc as (() => void) | undefined)?.();
const heapMB = () => process.memoryUsage().heapUsed / 1048576;

function events(): Buffer[] {
  const market = new Market(getGazetteer(), seeded(20261125));
  const drawArea = areaDrawer();
  const r = seeded(20261127);
  const now = Date.now();
  const DAY = 86_400_000;
  const out: Buffer[] = [];
  for (let i = 0; i < N; i++) {
    const person = i >> 1;
    const createdAt = new Date(now - r.int(1, 730) * DAY).toISOString();
    const role = r.chance(0.06) ? ROLES.STANDARD : ROLES.USER;
    const w: Watchdog = {
      id: `w_replay${i.toString(16).padStart(10, '0')}`, userId: `u_replay${person.toString(16).padStart(10, '0')}`, email: `person${person}@replay.example`,
      locale: r.chance(0.85) ? 'cs' : 'en', ownerRole: role, adsConsent: r.chance(0.3), name: null, criteria: drawArea(market.watchdog()),
      status: 'Active', createdAt, updatedAt: createdAt, expiresAt: role === ROLES.USER ? new Date(now + r.int(20, 30) * DAY).toISOString() : null,
      lastEmailAt: null, sentCount: r.int(0, 40),
    };
    const envelope = { id: randomUUID(), type: 'watchdog.changed', version: 1, occurredAt: new Date().toISOString(), producer: 'account', correlationId: randomUUID(), key: w.id, data: { watchdogId: w.id, watchdog: w } };
    out.push(Buffer.from(JSON.stringify(envelope)));
  }
  return out;
}

function time<T>(label: string, fn: () => T): T {
  const started = process.hrtime.bigint();
  const result = fn();
  console.log(`${label}: ${(Number(process.hrtime.bigint() - started) / 1000 / N).toFixed(2)} µs/event`);
  return result;
}

const buffers = events();
console.log(`${N.toLocaleString('en')} events, ${Math.round(buffers.reduce((s, b) => s + b.length, 0) / N)} bytes each`);
for (let round = 1; round <= 2; round++) {
  console.log(`round ${round}`);
  gc();
  const before = heapMB();
  const json = time('toString + JSON.parse', () => buffers.map((b) => JSON.parse(b.toString('utf8')) as unknown));
  const envelopes = time('envelope (zod)', () => json.map((j) => Envelope.parse(j)));
  time('watchdog.changed (zod)', () => envelopes.map((e) => EVENTS['watchdog.changed'].schema.parse(e.data)));
  const data = time('watchdog.changed (parseEventData)', () => envelopes.map((e) => parseEventData('watchdog.changed', e.data)).map((p) => (p.success ? p.data : null)));
  const registry = new WatchdogRegistry({ index: 0, count: 1 }, { loading: true });
  time('registry.apply', () => data.forEach((d: WatchdogChangedV1 | null) => d && registry.apply(d.watchdogId, d.watchdog)));
  json.length = 0;
  envelopes.length = 0;
  data.length = 0;
  gc();
  const kept = heapMB();
  console.log(`registry keeps ${Math.round(((kept - before) * 1048576) / registry.size)} bytes a watchdog (${registry.size.toLocaleString('en')} kept)`);
}
