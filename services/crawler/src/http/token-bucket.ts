import type { Clock } from './clock';

export type TokenBucketOptions = { ratePerSecond: number; burst?: number; concurrency: number };

/**
 * Per-host politeness: a token bucket caps the request rate, a semaphore caps requests in flight,
 * and `pauseUntil` holds every request to the host after a 429 / Retry-After.
 * Waiters are served in arrival order.
 */
export class HostLimiter {
  private tokens: number;
  private lastRefill: number;
  private pausedUntil = 0;
  private inFlight = 0;
  private readonly slotWaiters: Array<() => void> = [];
  private tokenQueue: Promise<void> = Promise.resolve();
  private ratePerSecond: number;
  private readonly burst: number;

  constructor(private readonly options: TokenBucketOptions, private readonly clock: Clock) {
    this.ratePerSecond = options.ratePerSecond;
    this.burst = Math.max(1, options.burst ?? Math.min(options.ratePerSecond, options.concurrency));
    this.tokens = this.burst;
    this.lastRefill = clock.now();
  }

  /** robots.txt Crawl-delay may only slow us down, never speed us up. */
  limitTo(minIntervalMs: number): void {
    if (minIntervalMs > 0) this.ratePerSecond = Math.min(this.options.ratePerSecond, 1000 / minIntervalMs);
  }

  get rate(): number {
    return this.ratePerSecond;
  }

  pauseUntil(at: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, at);
  }

  /** Runs `fn` when a slot and a token are free. */
  async schedule<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquireSlot();
    try {
      await this.takeToken(signal);
      return await fn();
    } finally {
      this.releaseSlot();
    }
  }

  private acquireSlot(): Promise<void> {
    if (this.inFlight < this.options.concurrency) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.slotWaiters.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.slotWaiters.shift();
    if (next) next();
    else this.inFlight--;
  }

  private takeToken(signal?: AbortSignal): Promise<void> {
    const turn = this.tokenQueue.then(() => this.waitForToken(signal));
    this.tokenQueue = turn.catch(() => undefined);
    return turn;
  }

  private async waitForToken(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      this.refill(now);
      if (now < this.pausedUntil) {
        await this.clock.sleep(this.pausedUntil - now, signal);
        continue;
      }
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.clock.sleep(Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000), signal);
    }
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.lastRefill) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.ratePerSecond);
    this.lastRefill = now;
  }
}
