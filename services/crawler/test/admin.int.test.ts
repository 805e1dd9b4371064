import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Bus, createLogger } from '@rr/kit';
import { ROLES, type Envelope, type EventData } from '@rr/proto';
import { ADAPTERS } from '../src/adapters';
import { isolatedEnv, portalsEnv, startInstance, startReader, waitFor, type CrawlerInstance } from './support/harness';
import { startSimulator } from './support/simulator';

jest.setTimeout(90_000);

const flat = { adType: 'Sale' as const, realEstateType: 'Apartment' as const, disposition: '2+kk' as const, area: 54, price: 5_490_000, municipalityCode: '554782' };

describe('crawler administration: figures, pause and resume', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let reader: Awaited<ReturnType<typeof startReader>>;
  let env: Record<string, string>;
  let crawler: CrawlerInstance | null = null;
  let audit: Bus;
  const audited: Array<Envelope<EventData<'admin-action.recorded'>>> = [];
  const crawls: string[] = [];

  const token = (role: number) => jwt.sign({ sub: `u_${role}`, email: `role${role}@example.cz`, role, locale: 'cs' }, env.JWT_SECRET, { algorithm: 'HS256', expiresIn: 600 });
  const call = (path: string, role: number | null, method = 'GET') =>
    fetch(`http://127.0.0.1:${crawler!.crawler.apiPort}${path}`, { method, headers: role === null ? {} : { authorization: `Bearer ${token(role)}` } });
  const start = async () => {
    crawler = await startInstance(env, { adapters: ADAPTERS, onCrawled: (e) => void crawls.push(e.portal) });
  };

  beforeAll(async () => {
    sim = await startSimulator();
    env = isolatedEnv({ ...portalsEnv(['sreality'], sim.origin), CRAWL_FULL_WALK_SECONDS: '1' });
    reader = await startReader(env);
    audit = new Bus({ clientId: 'crawler-admin-test', brokers: env.KAFKA_BROKERS.split(','), topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await audit.connect();
    await audit.subscribe({ group: `test.audit-${randomUUID().slice(0, 8)}`, events: ['admin-action.recorded'], fromBeginning: true, handle: async (e) => void audited.push(e) });
    await start();
  });

  afterAll(async () => {
    await crawler?.stop();
    await audit?.disconnect();
    await reader?.close();
    await sim?.close();
  });

  it('refuses the figures without a session (401) and to a non-admin (403)', async () => {
    expect((await call('/admin/crawlers', null)).status).toBe(401);
    const res = await call('/admin/crawlers', ROLES.PREMIUM);
    expect(res.status).toBe(403);
    expect((await call('/admin/crawlers/sreality/pause', ROLES.USER, 'POST')).status).toBe(403);
  });

  it('counts crawls and emitted listings per hour for the figures and charts', async () => {
    const published = sim.sim.publish({ ...flat, portals: ['sreality'] });
    await waitFor('listing emitted', () => reader.fetched.some((e) => e.data.listing.listingId === published.listings[0].listingId));
    type View = { hours: Array<{ portal: string; emitted: number; crawls: number }>; portals: Array<Record<string, unknown>> };
    const body: View = await waitFor('hourly counters', async () => {
      const b = ((await (await call('/admin/crawlers', ROLES.ADMIN)).json()) as { data: View }).data;
      // The counters are written as a crawl ends, its health just after.
      const done = b.hours.some((h) => h.portal === 'sreality' && h.emitted > 0) && !!b.portals.find((p) => p.portal === 'sreality')?.lastSuccessAt;
      return done ? b : null;
    });
    const sreality = body.portals.find((p) => p.portal === 'sreality')!;
    expect(sreality).toMatchObject({ enabled: true, paused: null, lastSuccessAt: expect.any(String), emitted24h: expect.any(Number), recentFailures: [], alerts: [] });
    expect(sreality.emitted24h as number).toBeGreaterThan(0);
    expect(body.portals).toHaveLength(7);
  });

  it('answers 404 for an unknown portal', async () => {
    const res = await call('/admin/crawlers/nowhere/pause', ROLES.ADMIN, 'POST');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/unknown portal "nowhere"/);
  });

  it('stops crawling a paused portal, keeps it paused across a restart, audits it, and crawls again once resumed', async () => {
    const paused = await call('/admin/crawlers/sreality/pause', ROLES.ADMIN, 'POST');
    expect(paused.status).toBe(200);
    await waitFor('pause audited', () => audited.some((e) => e.data.action === 'crawler.paused'));
    expect(audited.find((e) => e.data.action === 'crawler.paused')!.data).toMatchObject({ targetType: 'portal', targetId: 'sreality', adminEmail: `role${ROLES.ADMIN}@example.cz`, before: { paused: false }, after: { paused: true } });

    // A crawl running at the moment of the pause may end; after it, none starts.
    await new Promise((r) => setTimeout(r, 1_500));
    await crawler!.stop();
    crawler = null;
    const before = crawls.length;
    await start();
    const published = sim.sim.publish({ ...flat, price: 4_100_000, portals: ['sreality'] });
    const listingId = published.listings[0].listingId;
    await new Promise((r) => setTimeout(r, 3_000));
    expect(crawls.length).toBe(before);
    expect(reader.fetched.some((e) => e.data.listing.listingId === listingId)).toBe(false);
    const view = (await (await call('/admin/crawlers', ROLES.ADMIN)).json()) as { data: { portals: Array<{ portal: string; paused: { by: string } | null }> } };
    expect(view.data.portals.find((p) => p.portal === 'sreality')!.paused).toMatchObject({ by: `role${ROLES.ADMIN}@example.cz` });

    expect((await call('/admin/crawlers/sreality/resume', ROLES.ADMIN, 'POST')).status).toBe(200);
    await waitFor('listing emitted after resume', () => reader.fetched.some((e) => e.data.listing.listingId === listingId), 20_000);
    await waitFor('resume audited', () => audited.some((e) => e.data.action === 'crawler.resumed'));
  });
});
