import { randomUUID } from 'node:crypto';
import { PORTALS, ROLES, type Delivery, type Watchdog } from '@rr/proto';
import { Bus, createLogger, sleep } from '@rr/kit';
import { portsFor } from '../system/services';
import { startInfrastructure, startServices, tracingEnv, type RunningSystem } from '../system/system';
import { expectedAlerts, type GroundTruth } from './expected-alerts';
import { marketWatchdogs } from './watchdog-market';

/**
 * The whole system on the portal simulator, in a namespace of its own (topic prefix and database
 * suffix), measured from outside: who should get which property is computed from the
 * simulator's ground truth, what people got is read from the mail catcher.
 */

export type RunOptions = {
  name: string;
  watchdogs: number;
  recipients: number;
  perMinute: number;
  durationSeconds: number;
  crossPostShare: number;
  pollSeconds: number;
  /** Called once the stream runs, with the system, to inject faults. */
  during?: (system: RunningSystem, log: (line: string) => void) => Promise<void>;
  /** Called after the measurement, before the system stops (e.g. to read each instance's health). */
  after?: (system: RunningSystem, log: (line: string) => void) => Promise<void>;
  /** The system measured; by default the local one beside `npm start` (ports +1000). */
  system?: PipelineSystem;
  /**
   * Shares of recipients whose alerts are held (issue 19): a digest at one time after the stream,
   * or quiet hours that end then. Each must get every matching property exactly once, at that time.
   */
  held?: { digestShare: number; quietShare: number };
};

/** How to start the system under test and where the measurement reaches it. */
export type PipelineSystem = {
  start: (progress: (line: string) => void, env: Record<string, string>) => Promise<RunningSystem>;
  simulator: string;
  offers: string;
  /** Every matcher instance's health URL (shards hold a share of the watchdogs each). */
  matcherHealth: string[];
};

export type RunFigures = {
  alerts: number;
  duplicates: number;
  missed: number;
  unexpected: number;
  ambiguousSkipped: number;
  properties: number;
  watchdogs: number;
  pipelineP50ms: number;
  pipelineP99ms: number;
  e2eP50ms: number;
  e2eP99ms: number;
  /** With `held`: digest and quiet-hour recipients, their alerts, and those that came before or more than a minute after their time. */
  held?: { digestRecipients: number; quietRecipients: number; alerts: number; emails: number; early: number; late: number; heldAtP50ms: number; heldAtP99ms: number };
};

type MailDevMessage = { id: string; to: Array<{ address: string }>; subject: string; text: string; html: string; time: string; headers: Record<string, string> };

const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);
/** The benchmark's own system runs beside a running `npm start`, on ports shifted by this much. */
const PORT_OFFSET = 1000;
const PORTS = portsFor(PORT_OFFSET);
const MAIL = `http://127.0.0.1:${PORTS.mailWeb}`;
const LOCAL_SYSTEM: PipelineSystem = {
  start: (progress, env) => startServices(progress, env, PORT_OFFSET),
  simulator: `http://127.0.0.1:${PORTS.simulator}`,
  offers: `http://127.0.0.1:${PORTS.normaliserApi}`,
  matcherHealth: [`http://127.0.0.1:${PORTS.health.matcher}/health`],
};
let SIM = LOCAL_SYSTEM.simulator;
let OFFERS = LOCAL_SYSTEM.offers;
let MATCHER_HEALTH = LOCAL_SYSTEM.matcherHealth;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

export async function runPipeline(options: RunOptions): Promise<RunFigures> {
  const target = options.system ?? LOCAL_SYSTEM;
  ({ simulator: SIM, offers: OFFERS, matcherHealth: MATCHER_HEALTH } = target);
  // BENCH_TRACES=on: the services export their traces to the local Jaeger (what tracing costs, and traces to look at).
  const traced = process.env.BENCH_TRACES === 'on';
  startInfrastructure(say, { jaeger: traced });
  const ns = `bench${randomUUID().slice(0, 6)}`;
  const prefix = `${ns}.`;
  const intervals = Object.fromEntries(PORTALS.map((p) => [`PORTAL_INTERVAL_SECONDS_${p.toUpperCase()}`, String(options.pollSeconds)]));
  const log = createLogger(`bench-${options.name}`, 'warn');
  const bus = new Bus({ clientId: `bench-${options.name}`, brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), topicPrefix: prefix, logger: log });
  await bus.connect();
  await bus.ensureTopics();

  const system = await target.start(say, { KAFKA_TOPIC_PREFIX: prefix, MONGO_DB_SUFFIX: `-${ns}`, LOG_LEVEL: 'warn', ...intervals, ...(traced ? tracingEnv() : {}) });
  // Interrupted, the run still stops what it started: orphaned services would hold their ports for the next run.
  const interrupted = () => void system.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await measure(options, system, bus);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await options.after?.(system, say).catch((err: Error) => say(`after: ${err.message}`));
    say('stopping the system…');
    await system.stop();
    await bus.disconnect();
    await deleteTopics(new RegExp(`^${ns}\\.`));
  }
}

/** The run's topics go when it ends: thousands of leftover partitions slow the broker down. */
async function deleteTopics(pattern: RegExp): Promise<void> {
  const bus = new Bus({ clientId: 'bench-cleanup', brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), logger: createLogger('bench-cleanup', 'error') });
  await bus.connect();
  await bus.deleteTopicsMatching(pattern).catch(() => 0);
  await bus.disconnect();
}

async function measure(options: RunOptions, system: RunningSystem, bus: Bus): Promise<RunFigures> {
  // What the pipeline reports about itself, for latencies: when each offer was fetched, when each alert was accepted.
  const fetchedAt = new Map<string, number>();
  const acceptedAt = new Map<string, number>();
  // Where the time goes, stage by stage (envelope times), for the notes on stderr.
  const stages = { fetchToListingEvent: [] as number[], fetchToOfferEvent: [] as number[], offerToMatch: [] as number[], matchToSent: [] as number[] };
  const offerPublishedAt = new Map<string, number>();
  const matchedAt = new Map<string, number>();
  await bus.subscribe({
    group: `bench.listings-${randomUUID()}`,
    events: ['listing.fetched'],
    fromBeginning: true,
    handle: async (e) => void stages.fetchToListingEvent.push(Date.parse(e.occurredAt) - Date.parse(e.data.fetchedAt)),
  });
  await bus.subscribe({
    group: `bench.matches-${randomUUID()}`,
    events: ['match.found'],
    fromBeginning: true,
    handle: async (e) => {
      const at = Date.parse(e.occurredAt);
      matchedAt.set(`${e.data.recipient.email.toLowerCase()} ${e.data.offer.id}`, at);
      const published = offerPublishedAt.get(e.data.offer.id);
      if (published) stages.offerToMatch.push(at - published);
    },
  });
  await bus.subscribe({
    group: `bench.offers-${randomUUID()}`,
    events: ['offer.published'],
    fromBeginning: true,
    handle: async (e) => {
      fetchedAt.set(e.data.offer.id, Date.parse(e.data.fetchedAt));
      offerPublishedAt.set(e.data.offer.id, Date.parse(e.occurredAt));
      stages.fetchToOfferEvent.push(Date.parse(e.occurredAt) - Date.parse(e.data.fetchedAt));
    },
  });
  await bus.subscribe({
    group: `bench.alerts-${randomUUID()}`,
    events: ['alert.sent'],
    fromBeginning: true,
    handle: async (e) => {
      for (const offerId of e.data.offerIds) {
        const key = `${e.data.recipientEmail.toLowerCase()} ${offerId}`;
        if (!acceptedAt.has(key)) acceptedAt.set(key, Date.parse(e.data.sentAt));
        const matched = matchedAt.get(key);
        if (matched) stages.matchToSent.push(Date.parse(e.data.sentAt) - matched);
      }
    },
  });

  const watchdogs = marketWatchdogs(options.watchdogs, options.recipients, `${options.name}-${Date.now()}`);
  const domain = watchdogs[0].email.split('@')[1];
  const held = options.held ? holdSome(watchdogs, options.held, Date.now() + options.durationSeconds * 1000) : null;
  if (held) say(`${held.digest.size} digest and ${held.quiet.size} quiet-hour recipients, due at ${new Date(held.at).toISOString()}`);
  say(`publishing ${watchdogs.length} watchdogs of ${new Set(watchdogs.map((w) => w.email)).size} recipients…`);
  await bus.publishMany('watchdog.changed', watchdogs.map((w) => ({ key: w.id, data: { watchdogId: w.id, watchdog: w } })));
  await waitForMatcher(watchdogs.length);

  const streamStart = Date.now();
  await json(`${SIM}/admin/stream`, {
    method: 'POST',
    body: JSON.stringify({ seed: 7, perMinute: options.perMinute, crossPostShare: options.crossPostShare, durationSeconds: options.durationSeconds, priceChangeShare: 0, withdrawShare: 0 }),
  });
  say(`stream: ${options.perMinute} properties a minute for ${options.durationSeconds} s, ${Math.round(options.crossPostShare * 100)} % cross-posted; polling every ${options.pollSeconds} s`);
  if (options.during) await options.during(system, say);
  const streamEnd = streamStart + options.durationSeconds * 1000;
  while (Date.now() < streamEnd) await sleep(1000);

  const truth = await json<GroundTruth>(`${SIM}/admin/ground-truth`);
  const expected = expectedAlerts(truth, watchdogs);
  say(`${truth.properties.length} properties published; ${expected.pairs.size} alerts expected (${expected.ambiguous.size} borderline pairs not judged)`);

  // Held alerts come at their time: the catcher is quiet until then, so the drain starts after it.
  if (held) while (Date.now() < held.at + 5_000) await sleep(1000);
  const mails = await drain(domain, expected.pairs.size, options.pollSeconds);
  const received = await receivedPairs(mails, truth);

  let duplicates = 0;
  const seen = new Set<string>();
  for (const pair of received.pairs) (seen.has(pair.key) ? duplicates++ : seen.add(pair.key));
  const missed = [...expected.pairs.keys()].filter((k) => !seen.has(k));
  const unexpected = [...seen].filter((k) => !expected.pairs.has(k) && !expected.ambiguous.has(k));
  if (missed.length) {
    say(`missed, e.g.: ${missed.slice(0, 5).join('; ')}`);
    await explainMissed(missed.slice(0, 3), truth, watchdogs);
  }
  if (unexpected.length) say(`unexpected, e.g.: ${unexpected.slice(0, 5).join('; ')}`);

  const pipeline: number[] = [];
  const e2e: number[] = [];
  const heldFigures = held ? heldOutcome(held, mails, received.pairs) : undefined;
  for (const pair of received.pairs) {
    // Held alerts wait by design; the latency figures are the instant ones'.
    if (held && (held.digest.has(pair.email) || held.quiet.has(pair.email))) continue;
    const accepted = acceptedAt.get(`${pair.email} ${pair.offerId}`);
    const fetched = fetchedAt.get(pair.offerId);
    const published = expected.publishedAt.get(pair.propertyId);
    if (accepted && fetched) pipeline.push(accepted - fetched);
    if (accepted && published) e2e.push(accepted - published);
  }
  for (const [stage, values] of Object.entries(stages)) {
    say(`stage ${stage}: p50 ${percentile(values, 0.5)} ms, p99 ${percentile(values, 0.99)} ms (${values.length})`);
  }
  return {
    alerts: received.pairs.length,
    duplicates,
    missed: missed.length,
    unexpected: unexpected.length,
    ambiguousSkipped: expected.ambiguous.size,
    properties: truth.properties.length,
    watchdogs: watchdogs.length,
    pipelineP50ms: percentile(pipeline, 0.5),
    pipelineP99ms: percentile(pipeline, 0.99),
    e2eP50ms: percentile(e2e, 0.5),
    e2eP99ms: percentile(e2e, 0.99),
    ...(heldFigures ? { held: heldFigures } : {}),
  };
}

type Held = { digest: Set<string>; quiet: Set<string>; at: number };

const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);

/**
 * Makes a share of the people digest readers (all their watchdogs, one digest time) and another
 * share sleepers (instant, in quiet hours from now until that time). The time is the first whole
 * minute at least 60 s after the stream ends, in UTC; the owners get a tier with digests.
 */
function holdSome(watchdogs: Watchdog[], shares: NonNullable<RunOptions['held']>, streamEnd: number): Held {
  const at = Math.ceil((streamEnd + 60_000) / 60_000) * 60_000;
  const people = [...new Set(watchdogs.map((w) => w.email.toLowerCase()))];
  const digest = new Set(people.filter((_, i) => i % 100 < shares.digestShare * 100));
  const quiet = new Set(people.filter((_, i) => i % 100 >= 50 && i % 100 < 50 + shares.quietShare * 100));
  const schedule = { timeZone: 'UTC', digestTimes: [hhmm(at)], quietHours: null };
  for (const w of watchdogs) {
    const email = w.email.toLowerCase();
    let delivery: Delivery | null = null;
    if (digest.has(email)) delivery = { mode: 'digest', schedule };
    else if (quiet.has(email)) delivery = { mode: 'instant', schedule: { ...schedule, digestTimes: ['12:00'], quietHours: { start: hhmm(Date.now() - 120_000), end: hhmm(at) } } };
    if (delivery) Object.assign(w, { ownerRole: ROLES.STANDARD, delivery });
  }
  return { digest, quiet, at };
}

/** When the held recipients' e-mails came (MailDev's receipt time) against their time. */
function heldOutcome(held: Held, mails: MailDevMessage[], pairs: ReceivedPair[]): NonNullable<RunFigures['held']> {
  const isHeld = (email: string) => held.digest.has(email) || held.quiet.has(email);
  const heldMails = mails.filter((m) => isHeld(m.to[0].address.toLowerCase()));
  const delays = heldMails.map((m) => Date.parse(m.time) - held.at);
  return {
    digestRecipients: held.digest.size,
    quietRecipients: held.quiet.size,
    alerts: pairs.filter((p) => isHeld(p.email)).length,
    emails: heldMails.length,
    // The catcher stamps receipt; a second of slack for its clock and the SMTP hop.
    early: delays.filter((d) => d < -1_000).length,
    late: delays.filter((d) => d > 60_000).length,
    heldAtP50ms: percentile(delays, 0.5),
    heldAtP99ms: percentile(delays, 0.99),
  };
}

/**
 * What the pipeline made of a missed pair's property, beside the simulator's facts and the
 * person's watchdogs: usually a place or a price that came out differently.
 */
async function explainMissed(missed: string[], truth: GroundTruth, watchdogs: Watchdog[]): Promise<void> {
  const offers: Array<{ id: string; sources: Array<{ portal: string; listingId: string }>; [k: string]: unknown }> = [];
  for (let offset = 0; offset <= 10_000; offset += 100) {
    const page = await json<{ data: { items: typeof offers; total: number } }>(`${OFFERS}/offers?active=all&limit=100&offset=${offset}`).catch(() => null);
    if (!page) break;
    offers.push(...page.data.items);
    if (offset + 100 >= page.data.total) break;
  }
  for (const key of missed) {
    const [email, propertyId] = key.split(' ');
    const property = truth.properties.find((p) => p.id === propertyId);
    const listings = truth.listings.filter((l) => l.propertyId === propertyId);
    const offer = offers.find((o) => o.sources.some((s) => listings.some((l) => l.portal === s.portal && l.listingId === s.listingId)));
    say(`  ${propertyId} on ${listings.map((l) => `${l.portal}:${l.listingId}`).join(', ')}: ${JSON.stringify(property)}`);
    say(`    offer: ${offer ? JSON.stringify({ id: offer.id, location: offer.location, price: offer.price, area: offer.area, landArea: offer.landArea, dispositionLabel: offer.dispositionLabel, adType: offer.adType, realEstateType: offer.realEstateType, sources: offer.sources }) : 'none'}`);
    for (const w of watchdogs.filter((x) => x.email.toLowerCase() === email)) say(`    watchdog ${w.id}: ${JSON.stringify(w.criteria)}`);
  }
}

async function waitForMatcher(count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const health = (await Promise.all(MATCHER_HEALTH.map((url) => fetch(url).then((r) => r.json()).catch(() => null)))) as Array<{ details?: { watchdogs?: number } } | null>;
    if (health.reduce((sum, h) => sum + (h?.details?.watchdogs ?? 0), 0) >= count) return;
    await sleep(500);
  }
  throw new Error(`the matcher did not load ${count} watchdogs within 60 s`);
}

/** Waits until the mail catcher has been quiet for a while after the stream (or a cap). */
async function drain(domain: string, expected: number, pollSeconds: number): Promise<MailDevMessage[]> {
  const quietMs = Math.max(20_000, pollSeconds * 2_000);
  const deadline = Date.now() + 180_000;
  let last = -1;
  let lastChange = Date.now();
  for (;;) {
    const mails = (await json<MailDevMessage[]>(`${MAIL}/email`)).filter((m) => m.to.some((t) => t.address.endsWith(`@${domain}`)));
    if (mails.length !== last) ((last = mails.length), (lastChange = Date.now()));
    if (Date.now() - lastChange > quietMs || Date.now() > deadline) {
      say(`${mails.length} alert e-mails in the catcher (${expected} alerts expected)`);
      return mails;
    }
    await sleep(2_000);
  }
}

type ReceivedPair = { key: string; email: string; offerId: string; propertyId: string };

/** Every (recipient, property) an alert e-mail carried: offer links → normaliser's sources → simulator property. */
async function receivedPairs(mails: MailDevMessage[], truth: GroundTruth): Promise<{ pairs: ReceivedPair[] }> {
  const propertyOfListing = new Map(truth.listings.map((l) => [`${l.portal}:${l.listingId}`, l.propertyId]));
  const propertyOfOffer = new Map<string, string | null>();
  const pairs: ReceivedPair[] = [];
  for (const mail of mails) {
    const email = mail.to[0].address.toLowerCase();
    const offerIds = [...new Set([...(mail.text ?? '').matchAll(/\/detail\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]))];
    for (const offerId of offerIds) {
      if (!propertyOfOffer.has(offerId)) {
        const offer = await json<{ data?: { sources: Array<{ portal: string; listingId: string }> }; sources?: Array<{ portal: string; listingId: string }> }>(`${OFFERS}/offers/${offerId}`).catch(() => null);
        const sources = offer?.data?.sources ?? offer?.sources ?? [];
        propertyOfOffer.set(offerId, sources.map((s) => propertyOfListing.get(`${s.portal}:${s.listingId}`)).find(Boolean) ?? null);
      }
      const propertyId = propertyOfOffer.get(offerId);
      if (propertyId) pairs.push({ key: `${email} ${propertyId}`, email, offerId, propertyId });
    }
  }
  return { pairs };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);
}

export type { Watchdog };
