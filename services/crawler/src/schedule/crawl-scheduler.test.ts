import { createLogger } from '@rr/kit';
import type { Portal } from '@rr/proto';
import type { PortalRunner, RunResult } from '../crawl/portal-runner';
import { emptyHealth, type PortalStateDoc } from '../repositories/portal-state.model';
import type { PortalStateRepository } from '../repositories/portal-state.repository';
import { CrawlScheduler } from './crawl-scheduler';

/** The claim rules of PortalStateRepository, in memory. */
function fakeStates() {
  const docs = new Map<string, PortalStateDoc>();
  const doc = (portal: string) => {
    if (!docs.has(portal)) docs.set(portal, { _id: portal, servedTick: null, nextTickAt: null, leaseHolder: null, leaseUntil: null, stateVersion: 0, lastFullWalkAt: null, paused: null, health: emptyHealth() });
    return docs.get(portal)!;
  };
  const repo = {
    claimTick: async (portal: Portal, requestedAt: Date, holder: string, leaseUntil: Date) => {
      const d = doc(portal);
      const served = d.servedTick && d.servedTick >= requestedAt;
      const leased = d.leaseUntil && d.leaseUntil > new Date() && d.leaseHolder !== holder;
      if (served || leased) return null;
      Object.assign(d, { servedTick: requestedAt, leaseHolder: holder, leaseUntil });
      return { ...d };
    },
    renewLease: async () => true,
    finish: async (portal: Portal, c: { nextTickAt: Date }) => void Object.assign(doc(portal), { nextTickAt: c.nextTickAt, leaseHolder: null, leaseUntil: null }),
    release: async (portal: Portal) => void Object.assign(doc(portal), { leaseHolder: null, leaseUntil: null }),
    skipPaused: async (portal: Portal, _holder: string, nextTickAt: Date) => void Object.assign(doc(portal), { nextTickAt, leaseHolder: null, leaseUntil: null }),
  };
  return { repo: repo as unknown as PortalStateRepository, doc };
}

/** Crawl start and end times, as the runner saw them. */
type CrawlSpans = Array<{ start: number; end: number }>;

function fakeRunner(crawls: string[], instance: string, crawlMs = 20, intervalMs = 60_000, spans: CrawlSpans = []) {
  return {
    intervalMs,
    run: async (_state: PortalStateDoc, signal: AbortSignal): Promise<RunResult> => {
      crawls.push(instance);
      const start = Date.now();
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, crawlMs);
        signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)));
      });
      spans.push({ start, end: Date.now() });
      return { health: emptyHealth(), nextDelayMs: intervalMs };
    },
  } as unknown as PortalRunner;
}

function scheduler(instanceId: string, repo: PortalStateRepository, crawls: string[], ticks: Array<{ portal: Portal; at: Date }>, crawlMs?: number, intervalMs?: number, spans?: CrawlSpans) {
  return new CrawlScheduler({
    instanceId,
    runners: { sreality: fakeRunner(crawls, instanceId, crawlMs, intervalMs, spans) },
    portals: repo,
    publishTick: async (portal, at) => void ticks.push({ portal, at }),
    leaseMs: 10_000,
    log: createLogger('test', 'silent'),
    abort: new AbortController(),
  });
}

/** Polls until the probe holds: a deadline, not a count of 5 ms sleeps, which a loaded machine stretches past a 300 ms crawl. */
const until = async (probe: () => boolean, timeoutMs = 4_000) => {
  for (const deadline = Date.now() + timeoutMs; !probe(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
  }
};

describe('CrawlScheduler', () => {
  it('crawls a tick once and publishes the next one an interval later', async () => {
    const { repo } = fakeStates();
    const crawls: string[] = [];
    const ticks: Array<{ portal: Portal; at: Date }> = [];
    const s = scheduler('a', repo, crawls, ticks);
    expect(s.accept('sreality', new Date())).toBe('processed');
    await until(() => ticks.length === 1);
    expect(crawls).toEqual(['a']);
    expect(ticks[0].at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(s.held()).toEqual([]);
  });

  it('keeps the rhythm from crawl start to crawl start, and follows a crawl longer than the interval at once', async () => {
    const { repo } = fakeStates();
    const ticks: Array<{ portal: Portal; at: Date }> = [];
    const spans: CrawlSpans = [];
    scheduler('a', repo, [], ticks, 300, 10_000, spans).accept('sreality', new Date());
    await until(() => ticks.length === 1);
    // Due one interval after the crawl began, not one interval after its 300 ms ended. The bounds
    // come from the crawl's own clock readings, so a slow machine moves both sides alike; the
    // interval is long so that only a stall of seconds in the crawl would make it due at its end.
    const [{ start, end }] = spans;
    expect(end - start).toBeGreaterThanOrEqual(250);
    expect(ticks[0].at.getTime()).toBeLessThanOrEqual(start + 10_000);
    expect(ticks[0].at.getTime()).toBeGreaterThan(start + 9_900);

    // A crawl longer than its interval: the next tick is due the moment it ended.
    const slow: Array<{ portal: Portal; at: Date }> = [];
    const slowSpans: CrawlSpans = [];
    scheduler('b', fakeStates().repo, [], slow, 300, 100, slowSpans).accept('sreality', new Date());
    await until(() => slow.length === 1);
    expect(slow[0].at.getTime()).toBeGreaterThanOrEqual(slowSpans[0].end);
    expect(slow[0].at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('does not crawl a paused portal but keeps its ticks coming at the interval, and crawls again once resumed', async () => {
    const { repo, doc } = fakeStates();
    doc('sreality').paused = { at: new Date(), by: 'admin@example.cz' };
    const crawls: string[] = [];
    const ticks: Array<{ portal: Portal; at: Date }> = [];
    const s = scheduler('a', repo, crawls, ticks, 20, 1_000);
    // The skip reads the clock after this, so its tick is due at least an interval after it however late it runs.
    const accepted = Date.now();
    s.accept('sreality', new Date());
    await until(() => ticks.length === 1);
    expect(crawls).toEqual([]);
    expect(ticks[0].at.getTime()).toBeGreaterThanOrEqual(accepted + 1_000);
    expect(doc('sreality')).toMatchObject({ leaseHolder: null, nextTickAt: ticks[0].at });

    doc('sreality').paused = null;
    s.accept('sreality', new Date());
    await until(() => ticks.length === 2);
    expect(crawls).toEqual(['a']);
  });

  it('drops a tick for a portal that is already waiting or crawling here', async () => {
    const { repo } = fakeStates();
    const s = scheduler('a', repo, [], []);
    expect(s.accept('sreality', new Date(Date.now() + 60_000))).toBe('processed');
    expect(s.accept('sreality', new Date())).toBe('skipped');
    await s.stop();
  });

  it('lets only one of two instances crawl a tick delivered to both', async () => {
    const { repo } = fakeStates();
    const crawls: string[] = [];
    const ticks: Array<{ portal: Portal; at: Date }> = [];
    const at = new Date();
    scheduler('a', repo, crawls, ticks).accept('sreality', at);
    scheduler('b', repo, crawls, ticks).accept('sreality', at);
    await until(() => ticks.length >= 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(crawls).toHaveLength(1);
    expect(ticks).toHaveLength(1);
  });

  it('does not crawl a tick older than one already served', async () => {
    const { repo, doc } = fakeStates();
    doc('sreality').servedTick = new Date();
    const crawls: string[] = [];
    const s = scheduler('a', repo, crawls, []);
    s.accept('sreality', new Date(Date.now() - 1_000));
    await until(() => s.held().length === 0);
    expect(crawls).toEqual([]);
  });

  it('hands its portals on with a tick due now when it stops, and refuses new ticks meanwhile', async () => {
    const { repo } = fakeStates();
    const crawls: string[] = [];
    const ticks: Array<{ portal: Portal; at: Date }> = [];
    const s = scheduler('a', repo, crawls, ticks, 10_000);
    s.accept('sreality', new Date());
    await until(() => crawls.length === 1);
    // Due at the stop, not after the 10 s crawl or an interval: between the clock before and after it.
    const stopped = Date.now();
    const stopping = s.stop();
    expect(() => s.accept('sreality', new Date())).toThrow(/stopping/);
    await stopping;
    expect(ticks).toHaveLength(1);
    expect(ticks[0].at.getTime()).toBeGreaterThanOrEqual(stopped);
    expect(ticks[0].at.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
