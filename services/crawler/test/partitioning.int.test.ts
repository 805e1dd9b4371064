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

/** Owner per portal if, over the last `windowMs`, each portal was crawled by one instance only and both instances crawled. */
function steadySplit(crawls: Crawl[], windowMs: number): Map<Portal, string> | null {
  const recent = crawls.filter((c) => c.startedAt >= Date.now() - windowMs);
  const owners = new Map<Portal, Set<string>>();
  for (const c of recent) owners.set(c.portal, (owners.get(c.portal) ?? new Set<string>()).add(c.instanceId));
  const single = PORTALS.every((p) => owners.get(p)?.size === 1);
  const both = new Set(recent.map((c) => c.instanceId)).size === 2;
  return single && both ? new Map(PORTALS.map((p) => [p, [...owners.get(p)!][0]])) : null;
}

/** Crawls of a portal that started less than `minGapMs` after the previous one started: a doubled tick chain. */
function tooClose(crawls: Crawl[], minGapMs: number): Crawl[][] {
  const found: Crawl[][] = [];
  for (const portal of PORTALS) {
    const sorted = crawls.filter((c) => c.portal === portal).sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < sorted.length; i++) if (sorted[i].startedAt - sorted[i - 1].startedAt < minGapMs) found.push([sorted[i - 1], sorted[i]]);
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
    await waitFor('instance b taking over portals', () => crawls.some((c) => c.instanceId === 'crawler-b'), 30_000);
    // Once the rebalance has settled, every portal is crawled by exactly one instance and both have work.
    const owners = await waitFor('a steady split of the portals', () => steadySplit(crawls, 1_500), 30_000);
    const byA = PORTALS.filter((p) => owners.get(p) === 'crawler-a');
    const byB = PORTALS.filter((p) => owners.get(p) === 'crawler-b');
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect(byA.length + byB.length).toBe(PORTALS.length);

    const stoppedAt = Date.now();
    // One tick chain per portal: consecutive crawls start 200 ms apart, across the takeover too.
    expect(tooClose(crawls.filter((c) => c.startedAt < stoppedAt), 150)).toEqual([]);
    await b.stop();
    instances.splice(instances.indexOf(b), 1);
    await waitFor('instance a crawling every portal again', () => portalsBy(crawls.filter((c) => c.startedAt >= stoppedAt), 'crawler-a').size === PORTALS.length, 30_000);
    expect(overlapping(crawls)).toEqual([]);
  });
});
