import { seriesOf } from './crawler-series';

const hour = (portal: string, iso: string, emitted: number, parseFailures = 0) => ({
  portal, hour: iso, crawls: 1, failedCrawls: 0, listingsSeen: 0, emitted, withdrawn: 0, parseFailures, fetchErrors: 0,
});

describe('seriesOf', () => {
  const now = new Date('2026-11-25T10:20:00Z');

  it('gives 24 hourly buckets ending with the running hour, zeros where nothing was counted', () => {
    const s = seriesOf([hour('bazos', '2026-11-25T10:00:00.000Z', 4), hour('bazos', '2026-11-24T11:00:00.000Z', 2)], ['bazos', 'idnes'], now, 'day', 'emitted');
    expect(s.x).toHaveLength(24);
    expect(new Date(s.x[23]).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(s.lines[0].values[23]).toBe(4);
    expect(s.lines[0].values[0]).toBe(2);
    expect(s.lines[1].values.every((v) => v === 0)).toBe(true);
  });

  it('sums hours into 7 UTC days and drops what is older', () => {
    const hours = [
      hour('idnes', '2026-11-25T01:00:00.000Z', 1, 3),
      hour('idnes', '2026-11-25T09:00:00.000Z', 1, 2),
      hour('idnes', '2026-11-17T09:00:00.000Z', 100, 100),
    ];
    const s = seriesOf(hours, ['idnes'], now, 'week');
    expect(s.x).toHaveLength(7);
    expect(s.lines[0].values).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(seriesOf(hours, ['idnes'], now, 'week', 'parseFailures').lines[0].values[6]).toBe(5);
  });
});
