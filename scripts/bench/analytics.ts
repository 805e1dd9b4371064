/**
 * bench:analytics — price reports at national scale through the analytics service's HTTP API
 * (issue 17: a report for any place over 3 months of a national market answers in p99 ≤ 50 ms).
 *
 * The market is bench:scale's: 1,000,000 offers over two years (150,000 still listed), filed into
 * the analytics read model with the service's own code (`seedAnalytics`, the fast bulk seed), in
 * the database `rr-analytics-bench`, which later runs reuse while its counts match (`--reseed`
 * files it again). The analytics service then runs as its own process on that database (as in
 * production: bundled, its Kafka consumer on the run's topics, its own clock) and 20 concurrent
 * clients (autocannon, like bench:scale) ask it for reports: random places of every kind (region,
 * district, municipality, Prague district, a point with a radius) with random filters (offer and
 * property type, layouts), mostly the default 3 months and a quarter with `months` from 1 to 24
 * (as Premium users: longer windows are the trend level's). Every request is a different random
 * query (no few keys repeated), after a warm-up of other random queries. Final line: JSON with
 * p50/p99 in ms. `BENCH_CPU_PROF_DIR=<dir>` writes the service's CPU profile there.
 */
import mongoose from 'mongoose';
import { parseArgs } from 'node:util';
import { getGazetteer, type Place } from '@rr/gazetteer';
import { Bus, createLogger } from '@rr/kit';
import { DISPOSITION_LABELS, ROLES, type DispositionLabel } from '@rr/proto';
import { PriceBucketRepository } from '@rr/analytics/src/repositories/price-bucket.repository';
import { SessionTokens } from '../../services/account/src/auth/session-token';
import { bundle } from '../system/bundle';
import { portsFor, type ProcessSpec } from '../system/services';
import { Supervisor } from '../system/supervisor';
import { sharedEnv } from '../system/system';
import { seeded } from './matcher-market';
import { measureCall } from './scale/calls';
import { startTimed } from './scale/processes';
import { seedAnalytics } from './scale/seed-analytics';

const { values: args } = parseArgs({
  options: {
    offers: { type: 'string', default: '1000000' },
    'active-offers': { type: 'string', default: '150000' },
    requests: { type: 'string', default: '4000' },
    warmup: { type: 'string', default: '400' },
    connections: { type: 'string', default: '20' },
    reseed: { type: 'boolean', default: false },
  },
});
const COUNTS = { offers: Number(args.offers), active: Number(args['active-offers']) };
const SUFFIX = '-bench';
const PREFIX = 'bench-analytics.';
const PORTS = portsFor(700);
const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const NAME = 'analytics-bench';

const say = (line: string) => process.stderr.write(`[analytics] ${line}\n`);
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

type SeedMarker = { _id: string; counts: typeof COUNTS; now: number; buckets: number };

/** Files bench:scale's market into the read model unless this database already holds it. */
async function seedOrReuse(db: mongoose.Connection): Promise<SeedMarker> {
  const marker = db.db!.collection<SeedMarker>('bench_seed');
  const before = await marker.findOne({ _id: 'analytics' });
  if (!args.reseed && before && JSON.stringify(before.counts) === JSON.stringify(COUNTS)) {
    say(`reusing the read model seeded ${new Date(before.now).toISOString()} (${before.buckets.toLocaleString('en')} buckets)`);
    return before;
  }
  say(`filing ${COUNTS.offers.toLocaleString('en')} offers over two years into the read model (a few minutes)…`);
  await db.dropDatabase();
  const now = Date.now();
  const filed = await seedAnalytics(COUNTS, now, db, say);
  const seededMarker = { _id: 'analytics', counts: COUNTS, now, buckets: filed.buckets };
  await marker.insertOne(seededMarker);
  say(`filed ${filed.offers.toLocaleString('en')} offers into ${filed.buckets.toLocaleString('en')} buckets (${elapsed()})`);
  return seededMarker;
}

type Query = { kind: string; path: string; premium: boolean };

/**
 * Random report queries: the kind of place first (each a fifth), then the place, the filters and
 * the window. A point lies near a random municipality's centre with a radius of 1–10 km.
 */
function queries(count: number, seed: number): Query[] {
  const gazetteer = getGazetteer();
  const r = seeded(seed);
  const kinds = ['region', 'district', 'municipality', 'pragueDistrict', 'point'] as const;
  const lists: Record<string, readonly Place[]> = Object.fromEntries(kinds.filter((k) => k !== 'point').map((k) => [k, gazetteer.list(k)]));
  const out: Query[] = [];
  for (let i = 0; i < count; i++) {
    const kind = r.pick(kinds);
    const params = new URLSearchParams();
    if (kind === 'point') {
      const m = r.pick(gazetteer.list('municipality'));
      params.set('lat', (m.point.lat + (r.next() - 0.5) * 0.02).toFixed(4));
      params.set('lon', (m.point.lon + (r.next() - 0.5) * 0.03).toFixed(4));
      params.set('radiusKm', String(r.pick([1, 2, 2, 5, 10])));
    } else {
      const place = r.pick(lists[kind]);
      params.set('placeKind', place.kind);
      params.set('placeCode', place.code);
    }
    const adType = r.weighted([['Sale', 0.6], ['Rent', 0.4]] as const);
    const realEstateType = adType === 'Rent' ? r.weighted([['Apartment', 0.85], ['House', 0.15]] as const) : r.weighted([['Apartment', 0.55], ['House', 0.3], ['Land', 0.15]] as const);
    params.set('adType', adType);
    params.set('realEstateType', realEstateType);
    if (realEstateType === 'Apartment' && r.chance(0.5)) {
      const layouts = new Set<DispositionLabel>(Array.from({ length: r.int(1, 3) }, () => r.pick(DISPOSITION_LABELS.slice(0, 9))));
      params.set('dispositions', [...layouts].join(','));
    }
    const premium = r.chance(0.25);
    if (premium) params.set('months', String(r.int(1, 24)));
    out.push({ kind, path: `/analytics/report?${params.toString()}`, premium });
  }
  return out;
}

async function main() {
  const db = await mongoose.createConnection(MONGO_URL, { dbName: `rr-analytics${SUFFIX}` }).asPromise();
  const log = createLogger('bench-analytics', 'warn');
  const bus = new Bus({ clientId: 'bench-analytics', brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), topicPrefix: PREFIX, logger: log });
  const supervisor = new Supervisor(say, '-bench');
  try {
    const seed = await seedOrReuse(db);
    const buckets = await new PriceBucketRepository(db).model.estimatedDocumentCount();
    await bus.connect();
    await bus.ensureTopics();
    const env = sharedEnv({ KAFKA_TOPIC_PREFIX: PREFIX, MONGO_DB_SUFFIX: SUFFIX, LOG_LEVEL: 'warn', HEALTH_PORT: String(PORTS.health.analytics), ANALYTICS_API_PORT: String(PORTS.analyticsApi) });
    const spec: ProcessSpec = { name: NAME, dir: 'services/analytics', healthUrl: `http://127.0.0.1:${PORTS.health.analytics}/health`, env, service: true };
    await bundle([{ name: NAME, entry: 'services/analytics/src/main.ts' }]);
    say(`starting the analytics service on the read model (${elapsed()})…`);
    const ready = await startTimed(supervisor, [spec], 120_000);
    if (ready[NAME] === null) throw new Error(`the analytics service did not get ready; see .run/logs/${NAME}-bench.log`);

    // Windows over 3 months are the trend level's (Premium); the rest ask as visitors.
    const premium = new SessionTokens(env.JWT_SECRET, 3600).sign({
      apiAccess: [], email: 'bench@analytics.example', emailPreferences: [], filters: 0, id: 'us_benchanalytics', locale: 'cs', name: null, role: ROLES.PREMIUM,
      roleExpiresAt: null, state: 'Active', surname: null, telephone: null, timezone: 'Europe/Prague',
    });
    const call = (name: string, list: Query[]) => ({ name, requests: list.length, make: (i: number) => ({ method: 'GET' as const, path: list[i % list.length].path, token: list[i % list.length].premium ? premium : null }) });
    const base = `http://127.0.0.1:${PORTS.analyticsApi}`;
    const connections = Number(args.connections);
    say(`warm-up: ${args.warmup} random reports…`);
    await measureCall(base, call('warm-up', queries(Number(args.warmup), 1)), connections);
    const measured = queries(Number(args.requests), 17);
    say(`measuring ${measured.length} random reports at ${connections} concurrent clients…`);
    const f = await measureCall(base, call('GET /analytics/report', measured), connections);
    // How much the service answered from its read model's memory (it reports the reads in its health details).
    const health = (await (await fetch(spec.healthUrl)).json()) as { details?: { reportReads?: Record<string, number> } };
    const mix = (key: (q: Query) => string) => measured.reduce<Record<string, number>>((m, q) => ({ ...m, [key(q)]: (m[key(q)] ?? 0) + 1 }), {});
    process.stdout.write(`${JSON.stringify({
      bench: 'analytics', offers: COUNTS.offers, seededAt: new Date(seed.now).toISOString(), buckets, requests: f.requests, connections,
      reportP50Ms: f.p50ms, reportP99Ms: f.p99ms, perSecond: f.perSecond, unexpected: f.unexpectedBy,
      kinds: mix((q) => q.kind), longerWindows: mix((q) => (q.premium ? 'months' : 'default')).months ?? 0, reportReads: health.details?.reportReads ?? null,
    })}\n`);
  } finally {
    await supervisor.stopAll();
    await db.close();
    await bus.deleteTopicsMatching((t) => t.startsWith(PREFIX)).catch(() => 0);
    await bus.disconnect().catch(() => undefined);
  }
}

void main().catch((err: Error) => {
  say(`failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
