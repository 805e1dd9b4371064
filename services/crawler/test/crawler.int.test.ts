import { connectDatabase, createLogger, databaseNameOf } from '@rr/kit';
import { ADAPTERS } from '../src/adapters';
import { ListingStateRepository } from '../src/repositories/listing-state.repository';
import { isolatedEnv, portalsEnv, startInstance, startReader, waitFor, type CrawlerInstance } from './support/harness';
import { startSimulator } from './support/simulator';

jest.setTimeout(60_000);

type Sim = Awaited<ReturnType<typeof startSimulator>>;
type Reader = Awaited<ReturnType<typeof startReader>>;

const flat = { adType: 'Sale' as const, realEstateType: 'Apartment' as const, disposition: '2+kk' as const, area: 54, price: 5_490_000, municipalityCode: '554782' };

describe('crawler against the portal simulator', () => {
  let sim: Sim;
  let reader: Reader;
  let env: Record<string, string>;
  let crawler: CrawlerInstance | null = null;
  const crawls: Array<{ portal: string; endedAt: number }> = [];

  const start = async () => {
    crawler = await startInstance(env, { adapters: ADAPTERS, onCrawled: (e) => void crawls.push(e) });
    return crawler;
  };
  /** Waits until the portal has been crawled `n` more times, so "nothing happened" is a real observation. */
  const crawlsMore = async (n: number) => {
    const target = crawls.length + n;
    await waitFor(`${n} more crawls`, () => crawls.length >= target);
  };
  const fetchedOf = (listingId: string) => reader.fetched.filter((e) => e.data.listing.listingId === listingId);

  beforeAll(async () => {
    sim = await startSimulator();
    env = isolatedEnv({ ...portalsEnv(['sreality'], sim.origin), CRAWL_FULL_WALK_SECONDS: '1', CRAWL_CIRCUIT_FAILURES: '50', CRAWL_ALERT_AFTER_SECONDS: '3' });
    reader = await startReader(env);
    await start();
  });

  afterAll(async () => {
    await crawler?.stop();
    await reader?.close();
    await sim?.close();
  });

  it('emits a new listing once, keyed by portal and listing id, however often the portal is crawled', async () => {
    const published = sim.sim.publish({ ...flat, portals: ['sreality'] });
    const listingId = published.listings[0].listingId;
    const [event] = await waitFor('listing.fetched', () => fetchedOf(listingId).length > 0 && fetchedOf(listingId));
    expect(event.key).toBe(`sreality:${listingId}`);
    expect(event.data.listing).toMatchObject({ portal: 'sreality', listingId, price: expect.any(Number) });
    await crawlsMore(4);
    expect(fetchedOf(listingId)).toHaveLength(1);
  });

  it('emits a listing again when its price changes', async () => {
    const published = sim.sim.publish({ ...flat, price: 7_000_000, portals: ['sreality'] });
    const listingId = published.listings[0].listingId;
    await waitFor('first emission', () => fetchedOf(listingId).length === 1);
    sim.sim.store.setPrice(published.propertyId, 6_500_000);
    const events = await waitFor('re-emission', () => fetchedOf(listingId).length === 2 && fetchedOf(listingId));
    expect(events[1].data.listing.price).toBe(6_500_000);
  });

  it('reports a withdrawn listing once', async () => {
    const published = sim.sim.publish({ ...flat, portals: ['sreality'] });
    const listingId = published.listings[0].listingId;
    await waitFor('first emission', () => fetchedOf(listingId).length === 1);
    sim.sim.store.withdraw(published.propertyId);
    const withdrawn = await waitFor('listing.withdrawn', () => reader.withdrawn.filter((e) => e.data.listingId === listingId).length > 0 && reader.withdrawn);
    expect(withdrawn.find((e) => e.data.listingId === listingId)?.key).toBe(`sreality:${listingId}`);
    await crawlsMore(4);
    expect(reader.withdrawn.filter((e) => e.data.listingId === listingId)).toHaveLength(1);
  });

  it('backs off on 429 for as long as Retry-After says and still gets the listing', async () => {
    sim.sim.faults.set('sreality', { mode: 'rate-limit', retryAfterSeconds: 1, count: 2 });
    const since = Date.now();
    const published = sim.sim.publish({ ...flat, portals: ['sreality'] });
    const listingId = published.listings[0].listingId;
    await waitFor('listing after 429s', () => fetchedOf(listingId).length === 1, 20_000);
    expect(Date.now() - since).toBeGreaterThanOrEqual(2_000);
    const details = (await crawler!.crawler.snapshot.refresh()) as { portals: Record<string, { requestsHere: { throttled: number } }> };
    expect(details.portals.sreality.requestsHere.throttled).toBe(2);
  });

  it('records a page that no longer parses, keeps running, alerts after a while and recovers', async () => {
    type Details = { alerts: string[]; portals: Record<string, { alert: string | null; parseFailures: number }> };
    const details = async () => (await crawler!.crawler.snapshot.refresh()) as Details;
    sim.sim.faults.set('sreality', { mode: 'layout-change' });
    const alerted = await waitFor('layout-change alert', async () => {
      const d = await details();
      return d.portals.sreality.alert && d;
    });
    expect(alerted.alerts).toEqual([expect.stringMatching(/^sreality: .*layout change/)]);
    expect(alerted.portals.sreality.parseFailures).toBeGreaterThan(0);

    const db = await connectDatabase(env.MONGO_URL, databaseNameOf('crawler', { MONGO_DB_SUFFIX: env.MONGO_DB_SUFFIX }), createLogger('test', 'silent'));
    const [failure] = await new ListingStateRepository(db).recentFailures('sreality', 1);
    await db.close();
    expect(failure).toMatchObject({ portal: 'sreality', url: expect.stringContaining('/sreality/'), reason: expect.stringMatching(/\S/) });

    sim.sim.faults.set('sreality', { mode: 'none' });
    const published = sim.sim.publish({ ...flat, portals: ['sreality'] });
    await waitFor('emission after the layout is back', () => fetchedOf(published.listings[0].listingId).length === 1);
    await waitFor('alert cleared', async () => (await details()).alerts.length === 0);
  });

  it('does not emit known listings again after a restart', async () => {
    const before = reader.fetched.length;
    await crawler!.stop();
    crawler = null;
    await start();
    await crawlsMore(3);
    expect(reader.fetched.length).toBe(before);
  });

  it('shows per-portal health in the health endpoint', async () => {
    const res = await fetch(`http://127.0.0.1:${crawler!.healthPort}/health`);
    const body = (await res.json()) as { ok: boolean; details: { portals: Record<string, Record<string, unknown>>; alerts: string[] } };
    expect(body.ok).toBe(true);
    expect(body.details.alerts).toEqual([]);
    expect(body.details.portals.sreality).toMatchObject({ crawled: true, consecutiveFailures: 0, circuit: 'closed', alert: null, lastSuccessAt: expect.any(String) });
    expect(body.details.portals.sreality.listingsSeen).toBeGreaterThan(0);
    expect(body.details.portals.bazos).toMatchObject({ crawled: false });
  });
});
