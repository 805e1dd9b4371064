import type { CrawlReport } from '../crawl/crawl-portal';
import { emptyHealth } from '../repositories/portal-state.model';
import { nextHealth, type CrawlOutcome } from './portal-health';

const report = (overrides: Partial<CrawlReport> = {}): CrawlOutcome => ({
  kind: 'crawled',
  report: { mode: 'incremental', pages: 1, listingsSeen: 20, detailsFetched: 2, emitted: 2, withdrawn: 0, parseFailures: 0, fetchErrors: 0, complete: false, stoppedBy: 'known-page', ...overrides },
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
const ctx = (minute: number) => ({ instanceId: 'crawler-a', now: at(minute), circuit: 'closed', listingsKnown: 100, alertAfterMs: 15 * 60_000 });

describe('portal health', () => {
  it('records the last success, listings seen and totals', () => {
    const { health } = nextHealth(emptyHealth(), report(), ctx(0));
    expect(health).toMatchObject({ lastSuccessAt: at(0), lastProductiveAt: at(0), listingsSeen: 20, emittedTotal: 2, consecutiveFailures: 0, crawledBy: 'crawler-a', alert: null });
  });

  it('counts consecutive failures and resets them on success', () => {
    let { health } = nextHealth(emptyHealth(), { kind: 'failed', error: 'HTTP 503' }, ctx(0));
    health = nextHealth(health, { kind: 'failed', error: 'HTTP 503' }, ctx(1)).health;
    expect(health).toMatchObject({ consecutiveFailures: 2, lastError: 'HTTP 503' });
    expect(nextHealth(health, report(), ctx(2)).health.consecutiveFailures).toBe(0);
  });

  it('raises an alert once when a portal shows zero listings for too long, and clears it when listings return', () => {
    let state = nextHealth(emptyHealth(), report(), ctx(0));
    state = nextHealth(state.health, report({ listingsSeen: 0, emitted: 0 }), ctx(10));
    expect(state.health.alert).toBeNull();
    state = nextHealth(state.health, report({ listingsSeen: 0, emitted: 0 }), ctx(16));
    expect(state.raised).toBe(true);
    expect(state.health.alert?.reason).toMatch(/zero listings for 16 min/);
    expect(state.health.alert?.kind).toBe('zero-results');
    state = nextHealth(state.health, report({ listingsSeen: 0, emitted: 0 }), ctx(20));
    expect(state.raised).toBe(false);
    expect(state.health.alert?.since).toEqual(at(16));
    state = nextHealth(state.health, report(), ctx(21));
    expect(state).toMatchObject({ cleared: true, health: { alert: null } });
  });

  it('alerts when every fetched detail fails to parse', () => {
    let state = nextHealth(emptyHealth(), report({ emitted: 0, parseFailures: 5 }), ctx(0));
    state = nextHealth(state.health, report({ emitted: 0, parseFailures: 5 }), ctx(15));
    expect(state.health.alert?.reason).toMatch(/only parse failures/);
    expect(state.health.alert?.kind).toBe('parse-failures');
  });

  it('does not alert for a quiet portal whose list pages still parse', () => {
    let state = nextHealth(emptyHealth(), report({ emitted: 0, detailsFetched: 0 }), ctx(0));
    state = nextHealth(state.health, report({ emitted: 0, detailsFetched: 0 }), ctx(60));
    expect(state.health.alert).toBeNull();
  });
});
