import { RateLimiter } from './rate-limiter';

describe('rate limiter', () => {
  it('allows the limit within a window, refuses the next hit and forgives after the window', () => {
    let now = 1_000;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 3, windowMs: 60_000 };
    expect([1, 2, 3].map(() => limiter.hit('ip:1', rule))).toEqual([0, 0, 0]);
    now += 10_000;
    expect(limiter.hit('ip:1', rule)).toBe(50_000);
    expect(limiter.hit('ip:2', rule)).toBe(0);
    now += 50_000;
    expect(limiter.hit('ip:1', rule)).toBe(0);
  });
});
