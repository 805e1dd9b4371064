/**
 * Fixed-window counters in memory: enough for one account instance; several instances behind a
 * balancer would each allow the limit (docs/decisions.md).
 */
export type RateLimit = { limit: number; windowMs: number };

export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit; answers how long to wait (ms) when the key is over its limit, else 0. */
  hit(key: string, { limit, windowMs }: RateLimit): number {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || now - current.startedAt >= windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      this.sweep(now, windowMs);
      return limit >= 1 ? 0 : windowMs;
    }
    current.count += 1;
    return current.count > limit ? current.startedAt + windowMs - now : 0;
  }

  /** Forgets expired windows now and then, so the map does not grow with every address seen. */
  private sweep(now: number, windowMs: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (now - w.startedAt >= windowMs) this.windows.delete(key);
  }
}
