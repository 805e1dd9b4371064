import { fakeClock } from './clock';
import { HostLimiter } from './token-bucket';

describe('HostLimiter', () => {
  it('spaces requests to the configured rate once the burst is spent', async () => {
    const clock = fakeClock();
    const limiter = new HostLimiter({ ratePerSecond: 2, concurrency: 1 }, clock);
    const startedAt: number[] = [];
    for (let i = 0; i < 5; i++) await limiter.schedule(async () => void startedAt.push(clock.now()));
    expect(startedAt).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('never has more requests in flight than the concurrency cap', async () => {
    const limiter = new HostLimiter({ ratePerSecond: 1000, concurrency: 2 }, fakeClock());
    let inFlight = 0;
    let peak = 0;
    const task = () =>
      limiter.schedule(async () => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
      });
    await Promise.all(Array.from({ length: 8 }, task));
    expect(peak).toBe(2);
  });

  it('holds every request to the host until a pause ends', async () => {
    const clock = fakeClock(1_000);
    const limiter = new HostLimiter({ ratePerSecond: 10, concurrency: 1 }, clock);
    limiter.pauseUntil(31_000);
    let ranAt = 0;
    await limiter.schedule(async () => void (ranAt = clock.now()));
    expect(ranAt).toBe(31_000);
  });

  it('slows down to a robots.txt crawl delay but never speeds up past the configured rate', async () => {
    const clock = fakeClock();
    const limiter = new HostLimiter({ ratePerSecond: 4, concurrency: 1 }, clock);
    limiter.limitTo(2_000);
    expect(limiter.rate).toBe(0.5);
    limiter.limitTo(10);
    expect(limiter.rate).toBe(4);
  });

  it('stops waiting when the service shuts down', async () => {
    const limiter = new HostLimiter({ ratePerSecond: 0.001, concurrency: 1 }, {
      now: () => Date.now(),
      sleep: (ms, signal) => new Promise((resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    await limiter.schedule(async () => undefined);
    const controller = new AbortController();
    const waiting = limiter.schedule(async () => 'ran', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('aborted');
  });
});
