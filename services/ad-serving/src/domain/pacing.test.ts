import { allowedSpend, serveProbability } from './pacing';

const H = 3_600_000;
const base = { budget: 100_000, startsAt: 0, endsAt: 100 * H, pricePerView: 50 };

describe('pacing', () => {
  it('allows the elapsed share of the budget plus a little slack', () => {
    expect(allowedSpend({ ...base, now: 50 * H })).toBe(50_000 + 2_000);
    expect(allowedSpend({ ...base, now: 100 * H })).toBe(100_000);
  });

  it('serves freely while behind the schedule', () => {
    expect(serveProbability({ ...base, now: 50 * H, committed: 10_000 })).toBe(1);
  });

  it('throttles near the schedule and stops at it', () => {
    const near = serveProbability({ ...base, now: 50 * H, committed: 51_000 });
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(1);
    expect(serveProbability({ ...base, now: 50 * H, committed: 52_000 })).toBe(0);
  });

  it('serves again as time passes', () => {
    expect(serveProbability({ ...base, now: 60 * H, committed: 52_000 })).toBe(1);
  });

  it('never serves before the start, after the end, or past the budget', () => {
    expect(serveProbability({ ...base, now: -1, committed: 0 })).toBe(0);
    expect(serveProbability({ ...base, now: 100 * H, committed: 0 })).toBe(0);
    expect(serveProbability({ ...base, now: 99 * H, committed: 99_990 })).toBe(0);
  });
});
