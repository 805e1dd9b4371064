import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import { SMTPServer } from 'smtp-server';
import { Bus, createLogger, sleep } from '@rr/kit';
import { ROLES, type AdCampaignBody, type Offer } from '@rr/proto';
import { EXAMPLES } from '@rr/proto/examples';
import { signAdToken, verifyAdToken } from '@rr/ad-serving/src/domain/ad-token';
import { solidPng } from '@rr/ad-serving/src/domain/png';
import { pricePerView } from '@rr/ad-serving/src/domain/pricing';
import { bundleProcesses } from '../system/bundle';
import { portsFor, systemProcesses } from '../system/services';
import { Supervisor, waitHealthy } from '../system/supervisor';
import { sharedEnv, startInfrastructure } from '../system/system';

/**
 * bench:ads — e-mail banner advertising end to end on its own namespace (topics, databases, ports):
 * advertisers with prepaid credit (ad-credit.purchased, as billing announces it) and many targeted
 * campaigns created, uploaded, submitted and approved through the gateway; a stream of alert
 * e-mails through the real notifier, which asks ad-serving for each banner; then the banners'
 * image loads and clicks fired at the gateway (reloads, HEAD, prefetch and scanner-instant
 * clicks at delivery, bot fetches, forged and expired signatures). What the bench did is what it
 * expects; what ad-serving counted and charged is read back from its database. Finally the
 * decision's capacity on the internal endpoint. Prints
 * {"decisionsPerSec","decisionP99us","impressionsPerSec","counted","expected","charged","ledgerBalanced",…}.
 */
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const PORT_OFFSET = Number(process.env.BENCH_ADS_PORT_OFFSET ?? 700);
const ADVERTISERS = Number(process.env.BENCH_ADS_ADVERTISERS ?? 40);
const CAMPAIGNS_EACH = Number(process.env.BENCH_ADS_CAMPAIGNS_EACH ?? 5);
const EMAILS = Number(process.env.BENCH_ADS_EMAILS ?? 4_000);
const CREDIT = 5_000_000; // haléře per advertiser: 50 000 Kč, far more than the bench's views cost
const PREFETCH_S = 5;
const SCANNER_S = 10;
const PERSON_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const REGIONS = ['CZ010', 'CZ020', 'CZ031', 'CZ032', 'CZ041', 'CZ042', 'CZ051', 'CZ052', 'CZ053', 'CZ063', 'CZ064', 'CZ071', 'CZ072', 'CZ080'];
const say = (line: string) => process.stderr.write(`[bench:ads] ${line}\n`);

type Reply = { status: number; type: string; location: string; bytes: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function call(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), location: String(res.headers.location ?? ''), bytes }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function json<T>(base: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if ((res.statusCode ?? 500) >= 300) return reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 200)}`));
        resolve((JSON.parse(text) as { data: T }).data);
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `fn` over `items` with at most `width` at a time. */
async function pool<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  }));
}

/** The alert e-mails the notifier sends: the banner's signed token read out of each one's HTML. */
type Mail = { index: number; token: string; campaignId: string; issuedAt: number; receivedAt: number };
async function startSink(onMail: (token: string | null, receivedAt: number) => void) {
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      // The bench's people are person<n>@…; the advertisers' review e-mails go elsewhere.
      const isAlert = session.envelope.rcptTo.some((r) => r.address.startsWith('person'));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Quoted-printable soft breaks and escapes, undone just enough to read the URL.
        const raw = Buffer.concat(chunks).toString().replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
        if (isAlert) onMail(/\/a\/i\/([A-Za-z0-9_.-]+)\/d\.png/.exec(raw)?.[1] ?? null, Date.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as { port: number }).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function offerFor(n: number, ns: string): Offer {
  const base = EXAMPLES['match.found'].offer;
  const regionCode = REGIONS[n % REGIONS.length];
  return {
    ...base, id: `p_${ns}${n.toString(36)}`, title: `${base.title} (${n})`, adType: n % 3 === 0 ? 'Rent' : 'Sale',
    location: { ...base.location, regionCode, districtCode: `${regionCode}1`, pragueDistrictCode: null },
    sources: base.sources.map((s) => ({ ...s, listingId: `${ns}${n}` })),
  };
}

/** Campaign `k`: a quarter nationwide, half one region, a quarter one region and sales only. */
function campaignBody(k: number, now: number): AdCampaignBody {
  const region = REGIONS[k % REGIONS.length];
  const targeting = k % 4 === 0 ? { regions: [], districts: [], adTypes: [], realEstateTypes: [] }
    : k % 4 === 3 ? { regions: [region], districts: [], adTypes: ['Sale' as const], realEstateTypes: [] }
      : { regions: [region], districts: [], adTypes: [], realEstateTypes: [] };
  return {
    name: `Bench ${k}`, alt: `Bench banner ${k}`, targetUrl: `https://advertiser.example/landing/${k}`, targeting,
    startsAt: new Date(now - 10 * 86_400_000).toISOString(), endsAt: new Date(now + 86_400_000).toISOString(), pricing: 'per-view', budget: 2_000_000,
  };
}

type Expect = { fetched: Set<string>; net: Set<string>; clicks: Set<string> };
type Planned = { method: 'GET' | 'HEAD'; path: string; ua: string; kind: 'image' | 'click'; harmless: boolean };

export async function benchAds() {
  const ns = `ads${randomUUID().slice(0, 6)}`;
  const prefix = `${ns}.`;
  const ports = portsFor(PORT_OFFSET);
  const gw = `http://127.0.0.1:${ports.gateway}`;
  const env = sharedEnv({ KAFKA_TOPIC_PREFIX: prefix, MONGO_DB_SUFFIX: `-${ns}`, LOG_LEVEL: 'warn', PUBLIC_URL: gw });
  const log = createLogger('bench-ads', 'warn');
  const bus = new Bus({ clientId: 'bench-ads', brokers: BROKERS, topicPrefix: prefix, logger: log });
  await bus.connect();
  await bus.ensureTopics();

  const mails: Mail[] = [];
  const withoutBanner = { count: 0 };
  const expect: Expect = { fetched: new Set(), net: new Set(), clicks: new Set() };
  const early: Array<Promise<unknown>> = [];
  const sink = await startSink((token, receivedAt) => {
    if (!token) return void (withoutBanner.count += 1);
    const check = verifyAdToken(env.AD_TOKEN_SECRET, token, Date.now());
    if (!check.ok) throw new Error(`the bench cannot read a token the service signed: ${check.reason}`);
    const mail: Mail = { index: mails.length, token, campaignId: check.claims.campaignId, issuedAt: check.claims.issuedAt, receivedAt };
    mails.push(mail);
    early.push(...deliveryTime(gw, mail, expect));
  });

  const specs = systemProcesses(env, ports).filter((p) => ['ad-serving', 'notifier', 'gateway'].includes(p.name));
  for (const s of specs) {
    if (s.name !== 'gateway') s.env.SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
    if (s.name === 'notifier' && process.env.BENCH_ADS_DECISION_TIMEOUT_MS) s.env.AD_DECISION_TIMEOUT_MS = process.env.BENCH_ADS_DECISION_TIMEOUT_MS;
    if (s.name === 'ad-serving') Object.assign(s.env, { ADS_PREFETCH_SECONDS: String(PREFETCH_S), ADS_SCANNER_SECONDS: String(SCANNER_S), ADS_CAP_PER_DAY: '3' });
  }
  await bundleProcesses(specs);
  const supervisor = new Supervisor(say, `-${ns}`);
  const adsHealth = specs.find((s) => s.name === 'ad-serving')!.healthUrl;
  const db = await mongoose.createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: `rr-ad-serving-${ns}` }).asPromise();
  try {
    for (const s of specs) supervisor.start(s);
    for (const s of specs) if (!(await waitHealthy(s.healthUrl, 90_000))) throw new Error(`${s.name} did not start (see .run/logs/${s.name}-*.log)`);

    // Advertisers with credit, and their campaigns through the gateway as a person's browser would send them.
    const sign = (sub: string, role: number) => jwt.sign({ email: `${sub}@${ns}.bench.example`, locale: 'cs', role }, env.JWT_SECRET, { algorithm: 'HS256', subject: sub, expiresIn: 3600 });
    const admin = sign(`admin-${ns}`, ROLES.ADMIN);
    const advertisers = Array.from({ length: ADVERTISERS }, (_, i) => ({ id: `adv${i}-${ns}`, token: sign(`adv${i}-${ns}`, 1) }));
    const desktop = solidPng(520, 250, [11, 92, 173, 255]);
    const mobile = solidPng(320, 150, [11, 92, 173, 255]);
    const now = Date.now();
    say(`${ADVERTISERS} advertisers, ${ADVERTISERS * CAMPAIGNS_EACH} campaigns…`);
    await pool(advertisers, 8, async (a, i) => {
      await json(gw, 'PUT', '/api/ads/advertiser', a.token, { company: `Bench ${i} s.r.o.`, termsAccepted: true });
      await bus.publish('ad-credit.purchased', a.id, { paymentId: `pay_${ns}_${i}`, userId: a.id, email: `${a.id}@${ns}.bench.example`, locale: 'cs', amount: CREDIT, at: new Date().toISOString() });
    });
    const campaigns = advertisers.flatMap((a, i) => Array.from({ length: CAMPAIGNS_EACH }, (_, j) => ({ a, k: i * CAMPAIGNS_EACH + j })));
    await pool(campaigns, 8, async ({ a, k }) => {
      const c = await json<{ id: string }>(gw, 'POST', '/api/ads/campaigns', a.token, campaignBody(k, now));
      for (const [size, png] of [['desktop', desktop], ['mobile', mobile]] as const) {
        const r = await call(gw, 'PUT', `/api/ads/campaigns/${c.id}/banners/${size}`, { authorization: `Bearer ${a.token}`, 'content-type': 'image/png' }, png);
        if (r.status !== 200) throw new Error(`banner upload answered ${r.status}`);
      }
      await json(gw, 'POST', `/api/ads/campaigns/${c.id}/submit`, a.token, {});
      await json(gw, 'POST', `/api/ads/admin/campaigns/${c.id}/approve`, admin, {});
    });
    for (const a of advertisers) {
      while ((await json<{ balance: number }>(gw, 'GET', '/api/ads/credit', a.token)).balance < CREDIT) await sleep(200);
    }
    say('campaigns approved and credit booked');

    // The stream: one alert per person, offers all over the country, banners allowed.
    const at = new Date().toISOString();
    const batch = Array.from({ length: EMAILS }, (_, i) => {
      const email = `person${i}@${ns}.bench.example`;
      return { key: email, data: { ...EXAMPLES['match.found'], recipient: { email, locale: 'cs' as const, userId: null }, watchdogId: `w_${ns}_${i}`, offer: offerFor(i, ns), matchedAt: at, fetchedAt: at, withAds: true } };
    });
    for (let i = 0; i < batch.length; i += 2_000) await bus.publishMany('match.found', batch.slice(i, i + 2_000));
    say(`${EMAILS} alerts published; waiting for the e-mails…`);
    let seen = -1;
    let quietSince = Date.now();
    while (mails.length + withoutBanner.count < EMAILS && Date.now() - quietSince < 60_000) {
      if (mails.length !== seen) (seen = mails.length), (quietSince = Date.now());
      await sleep(1_000);
    }
    await Promise.all(early);
    say(`${mails.length} e-mails with a banner, ${withoutBanner.count} without`);

    // Past the prefetch and scanner windows of the last e-mail: what people do.
    const lastIssued = Math.max(...mails.map((m) => m.issuedAt));
    await sleep(Math.max(0, lastIssued + (SCANNER_S + 3) * 1000 - Date.now()));
    const planned = later(mails, expect, env.AD_TOKEN_SECRET);
    say(`${planned.length} image and click requests at the gateway…`);
    const started = Date.now();
    let wrong = 0;
    await pool(planned, 64, async (p) => {
      const r = await call(gw, p.method, p.path, { 'user-agent': p.ua });
      const ok = p.kind === 'image' ? r.status === 200 && r.type.startsWith('image/') && (!p.harmless || r.bytes < 200)
        : r.status === 302 && (p.harmless ? new URL(r.location).pathname === '/' : r.location.startsWith('https://advertiser.example/'));
      if (!ok) wrong += 1;
    });
    const loadSeconds = (Date.now() - started) / 1000;

    // What ad-serving counted, charged and holds, once its counting loop has caught up.
    // Summed here rather than by $group: FerretDB's $sum skipped fields a document gained by a later $inc.
    const sums = async () => {
      const t = { sent: 0, fetched: 0, views: 0, clicks: 0, spend: 0, free: 0 };
      for (const d of await db.collection('daily_stats').find({}).toArray()) for (const k of Object.keys(t) as Array<keyof typeof t>) t[k] += (d[k] as number | undefined) ?? 0;
      return t;
    };
    let counted = await sums();
    for (let stable = 0, last = ''; stable < 5; await sleep(400)) {
      counted = await sums();
      const key = JSON.stringify(counted);
      stable = key === last ? stable + 1 : 0;
      last = key;
    }
    const ledger = await db.collection('credit_ledger').find({}).toArray();
    const accounts = await db.collection('credit_accounts').find({}).toArray();
    const charges = ledger.filter((e) => e.kind === 'charge');
    const chargedViews = charges.reduce((s, e) => s + (e.views as number), 0);
    const balanced = accounts.length === ADVERTISERS && accounts.every((acc) => {
      const mine = ledger.filter((e) => e.advertiserId === acc._id);
      const deposited = mine.filter((e) => e.kind === 'deposit').reduce((s, e) => s + (e.amount as number), 0);
      const charged = mine.filter((e) => e.kind !== 'deposit').reduce((s, e) => s + (e.amount as number), 0);
      return acc.deposited === deposited && acc.charged === charged && acc.balance === deposited - charged;
    }) && charges.every((e) => e.amount === (e.views as number) * pricePerView(CREDIT));
    const health = async () => ((await (await fetch(adsHealth)).json()) as { details: { decisions: number; decisionP99us: number; emptyDecisions: Record<string, number> } }).details;
    const { decisions: streamDecisions, emptyDecisions } = await health();

    // The decision's capacity: the notifier's question straight at ad-serving's internal endpoint.
    say('decision capacity on /internal/decide…');
    let n = 0;
    const cannon = await autocannon({
      url: `http://127.0.0.1:${ports.adsApi}`, connections: 16, duration: 8,
      requests: [{
        method: 'POST', path: '/internal/decide', headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          n += 1;
          return { ...req, body: JSON.stringify({ emailId: `cap${n}`, recipient: `cap${n}@${ns}.bench.example`, locale: 'cs', offers: [{ regionCode: REGIONS[n % 14], districtCode: null, adType: n % 3 ? 'Sale' : 'Rent', realEstateType: 'Apartment' }] }) };
        },
      }],
    });
    const after = await health();
    return {
      decisionsPerSec: Math.round(cannon.requests.average),
      decisionP99us: after.decisionP99us,
      impressionsPerSec: Math.round(planned.length / loadSeconds),
      counted: counted.views,
      expected: expect.net.size,
      charged: chargedViews,
      ledgerBalanced: balanced,
      fetchedCounted: counted.fetched, fetchedExpected: expect.fetched.size,
      clicksCounted: counted.clicks, clicksExpected: expect.clicks.size,
      sentCounted: counted.sent, emailsWithBanner: mails.length, emailsWithoutBanner: withoutBanner.count,
      streamDecisions, emptyDecisions, freeViews: counted.free, wrongAnswers: wrong, requests: planned.length, campaigns: campaigns.length, decisionErrors: cannon.non2xx + cannon.errors,
    };
  } finally {
    await supervisor.stopAll();
    await sink.close();
    agent.destroy();
    await db.dropDatabase().catch(() => undefined);
    await db.close();
    const notifierDb = await mongoose.createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: `rr-notifier-${ns}` }).asPromise();
    await notifierDb.dropDatabase().catch(() => undefined);
    await notifierDb.close();
    await bus.deleteTopicsMatching(new RegExp(`^${ns}\\.`)).catch(() => 0);
    await bus.disconnect();
  }
}

/**
 * At delivery (seconds after the decision): every 7th banner is prefetched (a gross fetch, not a
 * view) and every 5th click link followed by a scanner (nothing). Fired only while well inside
 * the windows, so what is expected does not hang on the machine's speed.
 */
function deliveryTime(gw: string, m: Mail, expect: Expect): Array<Promise<unknown>> {
  const age = Date.now() - m.issuedAt;
  const out: Array<Promise<unknown>> = [];
  const id = `${m.campaignId}|${m.token}`;
  if (m.index % 7 === 0 && age < (PREFETCH_S - 2) * 1000) {
    expect.fetched.add(id);
    out.push(call(gw, 'GET', `/a/i/${m.token}/d.png`, { 'user-agent': PERSON_UA }));
  }
  if (m.index % 5 === 0 && age < (SCANNER_S - 3) * 1000) out.push(call(gw, 'GET', `/a/c/${m.token}`, { 'user-agent': PERSON_UA }));
  return out;
}

/** What people (and bots) do later, shuffled: first loads, reloads, HEAD, clicks, forged and expired links. */
function later(mails: Mail[], expect: Expect, secret: string): Planned[] {
  const out: Planned[] = [];
  const img = (token: string, v: 'd' | 'm', method: 'GET' | 'HEAD' = 'GET', ua = PERSON_UA, harmless = false): Planned => ({ method, path: `/a/i/${token}/${v}.png`, ua, kind: 'image', harmless });
  const click = (token: string, method: 'GET' | 'HEAD' = 'GET', harmless = false): Planned => ({ method, path: `/a/c/${token}`, ua: PERSON_UA, kind: 'click', harmless });
  for (const m of mails) {
    const id = `${m.campaignId}|${m.token}`;
    if (m.index % 4 === 0) {
      if (m.index % 8 === 0) {
        out.push(img(m.token, 'd', 'GET', BOT_UA));
        expect.fetched.add(id);
      }
    } else {
      out.push(img(m.token, 'd'), img(m.token, 'd'), img(m.token, 'm'), img(m.token, 'd', 'HEAD'));
      expect.fetched.add(id);
      expect.net.add(id);
    }
    if (m.index % 3 === 0) {
      out.push(click(m.token), click(m.token), click(m.token, 'HEAD'));
      expect.clicks.add(id);
    }
    if (m.index % 10 === 0) {
      const forged = `${m.token.slice(0, -2)}${m.token.endsWith('AA') ? 'BB' : 'AA'}`;
      const expired = signAdToken(secret, { campaignId: m.campaignId, emailId: `${m.index}x`, issuedAt: m.issuedAt - 40 * 86_400_000, expiresAt: Date.now() - 1_000 });
      out.push(img(forged, 'd', 'GET', PERSON_UA, true), click(forged, 'GET', true), img(expired, 'd', 'GET', PERSON_UA, true), click(expired, 'GET', true));
    }
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

if (require.main === module) {
  startInfrastructure(say);
  benchAds()
    .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
    .catch((err) => {
      say((err as Error).stack ?? String(err));
      process.exit(1);
    });
}
