import { PORTALS, type Portal } from '@rr/proto';
import type { PortalAdapter } from '../src/adapters/types';
import { fakePortal, ids } from './support/fake-portal';
import { ensureTopics, isolatedEnv, portalsEnv, startInstance, waitFor, type CrawlerInstance } from './support/harness';

jest.setTimeout(90_000);

type Crawl = { portal: Portal; instanceId: string; startedAt: number; endedAt: number };

/** Each portal's crawls must never overlap in time, whichever instances ran them. */
function overlapping(crawls: Crawl[]): Crawl[][] {
  const found: Crawl[][] = [];
  for (const portal of PORTALS) {
    const sorted = crawls.filter((c) => c.portal === portal).sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < sorted.length; i++) if (sorted[i].startedAt < sorted[i - 1].endedAt) found.push([sorted[i - 1], sorted[i]]);
  }
  return found;
}

const portalsBy = (crawls: Crawl[], instanceId: string) => new Set(crawls.filter((c) => c.instanceId === instanceId).map((c) => c.portal));

describe('crawl work partitioned by portal over Kafka', () => {
  const adapters = Object.fromEntries(
    PORTALS.map((portal) => {
      const fake = fakePortal(portal, 5);
      fake.publish(...ids(12));
      return [portal, fake.adapter];
    }),
  ) as Record<Portal, PortalAdapter>;
  const env = isolatedEnv({ ...portalsEnv(PORTALS, 'http://portal.test', 0.2), CRAWL_FULL_WALK_SECONDS: '3600' });
  const crawls: Crawl[] = [];
  const instances: CrawlerInstance[] = [];
  const start = async (id: string) => {
    const instance = await startInstance({ ...env, CRAWLER_INSTANCE_ID: id }, { adapters, onCrawled: (c) => void crawls.push(c) });
    instances.push(instance);
    return instance;
  };

  beforeAll(() => ensureTopics(env));

  afterAll(async () => {
    for (const instance of instances) await instance.stop();
  });

  it('splits the portals between two instances without crawling any portal twice at once, and hands them back on stop', async () => {
    await start('crawler-a');
    await waitFor('instance a crawling all seven portals', () => portalsBy(crawls, 'crawler-a').size === PORTALS.length, 30_000);

    const b = await start('crawler-b');
    const joinedAt = Date.now();
    await waitFor('instance b taking over portals', () => crawls.some((c) => c.instanceId === 'crawler-b'), 30_000);
    // Let the rebalance settle, then watch a window in which every portal is crawled several times.
    await new Promise((r) => setTimeout(r, 2_000));
    const windowStart = Date.now();
    await waitFor('every portal crawled three times in the window', () =>
      PORTALS.every((p) => crawls.filter((c) => c.portal === p && c.startedAt >= windowStart).length >= 3), 30_000);
    const window = crawls.filter((c) => c.startedAt >= windowStart);
    const byA = portalsBy(window, 'crawler-a');
    const byB = portalsBy(window, 'crawler-b');
    expect(byA.size).toBeGreaterThan(0);
    expect(byB.size).toBeGreaterThan(0);
    expect([...byA].filter((p) => byB.has(p))).toEqual([]);
    expect(new Set([...byA, ...byB]).size).toBe(PORTALS.length);
    expect(crawls.filter((c) => c.startedAt >= joinedAt).length).toBeGreaterThan(0);

    await b.stop();
    instances.splice(instances.indexOf(b), 1);
    const stoppedAt = Date.now();
    await waitFor('instance a crawling every portal again', () => portalsBy(crawls.filter((c) => c.startedAt >= stoppedAt), 'crawler-a').size === PORTALS.length, 30_000);
    expect(overlapping(crawls)).toEqual([]);
  });
});
