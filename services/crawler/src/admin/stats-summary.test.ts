import { summarise } from './stats-summary';

const hour = (iso: string, emitted: number, extra: Record<string, number> = {}) => ({
  portal: 'bazos', hour: new Date(iso), crawls: 1, failedCrawls: 0, listingsSeen: 10, emitted, withdrawn: 0, parseFailures: 0, fetchErrors: 0, ...extra,
});

describe('summarise', () => {
  const now = new Date('2026-11-25T10:20:00Z');

  it('counts the last full hour apart from the running one', () => {
    const s = summarise([hour('2026-11-25T09:00:00Z', 7), hour('2026-11-25T10:00:00Z', 3)], now);
    expect(s.listingsLastHour).toBe(7);
    expect(s.emitted24h).toBe(10);
  });

  it('leaves hours older than 24 out of the day figures and averages over 24 hours', () => {
    const s = summarise([
      hour('2026-11-24T10:00:00Z', 1000, { parseFailures: 50 }),
      hour('2026-11-24T11:00:00Z', 48, { parseFailures: 2, failedCrawls: 1 }),
      hour('2026-11-25T10:00:00Z', 0),
    ], now);
    expect(s.emitted24h).toBe(48);
    expect(s.listingsPerHour24h).toBe(2);
    expect(s.parseFailures24h).toBe(2);
    expect(s.failedCrawls24h).toBe(1);
    expect(s.crawls24h).toBe(2);
  });

  it('answers zeros for a portal without counters', () => {
    expect(summarise([], now)).toEqual({ listingsLastHour: 0, listingsPerHour24h: 0, emitted24h: 0, parseFailures24h: 0, failedCrawls24h: 0, crawls24h: 0 });
  });
});
