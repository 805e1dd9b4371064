/**
 * Requests per key in fixed one-minute windows, in this gateway instance's memory (the monthly
 * quota is counted by the account service, across instances). With N gateway instances a key
 * can reach N × its per-minute limit; docs/decisions.md, "Public data API".
 */
export class MinuteWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request; answers whether it is within the limit and the RateLimit-* figures. */
  take(keyId: string, limit: number): { allowed: boolean; remaining: number; resetSeconds: number } {
    const now = this.now();
    const start = now - (now % 60_000);
    let w = this.windows.get(keyId);
    if (!w || w.start !== start) {
      if (this.windows.size > 50_000) this.forgetBefore(start);
      w = { start, count: 0 };
      this.windows.set(keyId, w);
    }
    w.count++;
    return { allowed: w.count <= limit, remaining: Math.max(0, limit - w.count), resetSeconds: Math.ceil((start + 60_000 - now) / 1000) };
  }

  private forgetBefore(start: number): void {
    for (const [key, w] of this.windows) if (w.start < start) this.windows.delete(key);
  }
}
