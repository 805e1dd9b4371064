import { createLogger } from '@rr/kit';
import type { ListingFetchedV1, ListingWithdrawnV1 } from '@rr/proto';
import type { PortalClient } from '../adapters/types';
import { CircuitOpenError } from '../http/errors';
import { fakePortal, ids } from '../../test/support/fake-portal';
import { crawlPortal, type CrawlMode, type KnownListing, type ListingChange, type ParseFailure } from './crawl-portal';

const client: PortalClient = { request: async () => ({ status: 200, headers: {}, body: '', url: '' }), render: async () => '' };

function harness() {
  const portal = fakePortal('sreality', 3);
  const known = new Map<string, KnownListing>();
  const out = { fetched: [] as ListingFetchedV1[], withdrawn: [] as ListingWithdrawnV1[], saved: [] as ListingChange[], failures: [] as ParseFailure[] };
  const sink = {
    fetched: async (item: ListingFetchedV1) => void out.fetched.push(item),
    withdrawn: async (items: ListingWithdrawnV1[]) => void out.withdrawn.push(...items),
    saveListings: async (changes: ListingChange[]) => void out.saved.push(...changes),
    saveFailures: async (failures: ParseFailure[]) => void out.failures.push(...failures),
  };
  const crawl = (mode: CrawlMode = 'incremental', maxPages = 10) => {
    portal.resetCalls();
    out.fetched = [];
    out.withdrawn = [];
    out.failures = [];
    return crawlPortal({ portal: 'sreality', adapter: portal.adapter, client, baseUrl: 'http://portal.test', known, sink, mode, maxPages, log: createLogger('test', 'silent') });
  };
  const emittedIds = () => out.fetched.map((e) => e.listing.listingId);
  return { portal, known, out, crawl, emittedIds };
}

describe('crawlPortal', () => {
  it('emits every listing of a new portal once and nothing on the next crawl', async () => {
    const h = harness();
    h.portal.publish(...ids(7));
    await h.crawl();
    expect(h.emittedIds().sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const report = await h.crawl();
    expect(h.emittedIds()).toEqual([]);
    expect(h.portal.calls.detail).toEqual([]);
    expect(report.stoppedBy).toBe('known-page');
  });

  it('stops at the first page holding only known listings', async () => {
    const h = harness();
    h.portal.publish(...ids(9));
    await h.crawl();
    h.portal.publish({ id: '100', price: 1 }, { id: '101', price: 2 }, { id: '102', price: 3 }, { id: '103', price: 4 });
    const report = await h.crawl();
    expect(h.emittedIds().sort()).toEqual(['100', '101', '102', '103']);
    expect(h.portal.calls.list).toEqual([0, 1, 2]);
    expect(report.stoppedBy).toBe('known-page');
  });

  /** A crawl whose first detail waits for `release`, recording list and detail calls in order. */
  async function gatedCrawl(h: ReturnType<typeof harness>, mode: CrawlMode) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    const first = (await h.portal.adapter.listPage(client, '', 0)).refs[0].listingId;
    h.portal.resetCalls();
    const adapter = {
      ...h.portal.adapter,
      listPage: async (...args: Parameters<typeof h.portal.adapter.listPage>) => {
        events.push(`list ${args[2]}`);
        return h.portal.adapter.listPage(...args);
      },
      fetchDetail: async (...args: Parameters<typeof h.portal.adapter.fetchDetail>) => {
        if (args[2].listingId === first) await gate;
        events.push(`detail ${args[2].listingId}`);
        return h.portal.adapter.fetchDetail(...args);
      },
    };
    const sink = { fetched: async () => undefined, withdrawn: async () => undefined, saveListings: async () => undefined, saveFailures: async () => undefined };
    const crawl = crawlPortal({ portal: 'sreality', adapter, client, baseUrl: '', known: h.known, sink, mode, maxPages: 10, log: createLogger('test', 'silent') });
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    return { events, first, release, crawl };
  }

  it('asks for the next list page while this page\'s details are still coming', async () => {
    const h = harness();
    h.portal.publish(...ids(9));
    const { events, first, release, crawl } = await gatedCrawl(h, 'incremental');
    expect(events).toContain('list 1');
    expect(events).not.toContain('list 2');
    expect(events).not.toContain(`detail ${first}`);
    release();
    expect(await crawl).toMatchObject({ pages: 3, detailsFetched: 9, stoppedBy: 'last-page' });
  });

  it('reads two list pages ahead on a full walk', async () => {
    const h = harness();
    h.portal.publish(...ids(9));
    const { events, first, release, crawl } = await gatedCrawl(h, 'full');
    expect(events.filter((e) => e.startsWith('list'))).toEqual(['list 0', 'list 1', 'list 2']);
    expect(events).not.toContain(`detail ${first}`);
    release();
    expect(await crawl).toMatchObject({ pages: 3, detailsFetched: 9, stoppedBy: 'last-page', complete: true });
  });

  it('does not stop on a page of promoted known listings', async () => {
    const h = harness();
    h.portal.publish(...ids(6));
    h.portal.set('6', { promoted: true });
    h.portal.set('5', { promoted: true });
    h.portal.set('4', { promoted: true });
    await h.crawl();
    h.portal.publish({ id: '50', price: 1 });
    await h.crawl();
    expect(h.emittedIds()).toEqual(['50']);
    expect(h.portal.calls.list).toEqual([0, 1, 2]);
  });

  it('fetches again and re-emits a listing whose price changed', async () => {
    const h = harness();
    h.portal.publish(...ids(3));
    await h.crawl();
    h.portal.set('2', { price: 4_200_000 });
    await h.crawl();
    expect(h.portal.calls.detail).toEqual(['2']);
    expect(h.out.fetched.map((e) => e.listing.price)).toEqual([4_200_000]);
  });

  it('records a detail page that does not parse, skips it and carries on', async () => {
    const h = harness();
    h.portal.publish(...ids(3));
    h.portal.set('2', { broken: true });
    const report = await h.crawl();
    expect(h.emittedIds().sort()).toEqual(['1', '3']);
    expect(h.out.failures).toEqual([expect.objectContaining({ portal: 'sreality', url: 'http://portal.test/sreality/2', reason: expect.stringContaining('price element missing') })]);
    expect(report.parseFailures).toBe(1);
    await h.crawl();
    expect(h.portal.calls.detail).toEqual([]);
  });

  it('tries a failed listing again on the next full walk', async () => {
    const h = harness();
    h.portal.publish(...ids(3));
    h.portal.set('2', { broken: true });
    await h.crawl();
    h.portal.set('2', { broken: false });
    await h.crawl('full');
    expect(h.emittedIds()).toEqual(['2']);
  });

  it('refuses a listing the adapter built wrongly instead of publishing it', async () => {
    const h = harness();
    h.portal.publish({ id: '1', price: -5 });
    await h.crawl();
    expect(h.emittedIds()).toEqual([]);
    expect(h.out.failures[0].reason).toMatch(/not a valid raw listing: listing.price/);
  });

  it('records a list page that does not parse and stops walking', async () => {
    const h = harness();
    h.portal.publish(...ids(9));
    h.portal.breakListPage(1);
    const report = await h.crawl();
    expect(report.stoppedBy).toBe('list-parse-failure');
    expect(h.emittedIds()).toHaveLength(3);
    expect(h.out.failures[0].url).toContain('page=1');
  });

  it('detects a withdrawn listing on a full walk after its detail page confirms it', async () => {
    const h = harness();
    h.portal.publish(...ids(7));
    await h.crawl();
    h.portal.set('3', { gone: true });
    const incremental = await h.crawl();
    expect(incremental.withdrawn).toBe(0);
    const full = await h.crawl('full');
    expect(h.out.withdrawn).toEqual([expect.objectContaining({ portal: 'sreality', listingId: '3' })]);
    expect(full.withdrawn).toBe(1);
    expect(h.known.get('3')?.status).toBe('withdrawn');
    await h.crawl('full');
    expect(h.out.withdrawn).toEqual([]);
  });

  it('does not call anything withdrawn when the full walk could not reach the last page', async () => {
    const h = harness();
    h.portal.publish(...ids(9));
    await h.crawl();
    h.portal.set('1', { gone: true });
    const report = await h.crawl('full', 2);
    expect(report.complete).toBe(false);
    expect(h.out.withdrawn).toEqual([]);
  });

  it('ends the crawl when the portal circuit opens', async () => {
    const h = harness();
    h.portal.publish(...ids(3));
    h.portal.adapter.fetchDetail = async () => {
      throw new CircuitOpenError('sreality', Date.now() + 1000);
    };
    await expect(h.crawl()).rejects.toBeInstanceOf(CircuitOpenError);
  });

  it('skips a listing whose detail request failed and fetches it next time', async () => {
    const h = harness();
    h.portal.publish(...ids(2));
    const original = h.portal.adapter.fetchDetail;
    h.portal.adapter.fetchDetail = async (c, b, ref) => {
      if (ref.listingId === '1') throw new Error('HTTP 503 after retries');
      return original(c, b, ref);
    };
    const report = await h.crawl();
    expect(report.fetchErrors).toBe(1);
    expect(h.emittedIds()).toEqual(['2']);
    h.portal.adapter.fetchDetail = original;
    await h.crawl();
    expect(h.emittedIds()).toEqual(['1']);
  });
});
