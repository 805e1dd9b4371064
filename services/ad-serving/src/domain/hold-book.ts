/**
 * Banners sent in the last `windowMs` and not fetched yet, per key (a campaign, an advertiser):
 * credit they may still use, reserved at decision time so the last credit is not promised twice.
 * Counted in minute buckets by the minute a banner was sent; buckets older than the window drop.
 */
export class HoldBook {
  private readonly buckets = new Map<string, Map<number, number>>();

  constructor(private readonly windowMs: number) {}

  sent(key: string, at: number): void {
    this.add(key, at, 1);
  }

  /** A banner sent at `sentAt` was fetched: its hold is released (if still in the window). */
  fetched(key: string, sentAt: number, now: number): void {
    if (sentAt > now - this.windowMs) this.add(key, sentAt, -1);
  }

  held(key: string, now: number): number {
    const mine = this.buckets.get(key);
    if (!mine) return 0;
    const oldest = Math.floor((now - this.windowMs) / 60_000);
    let sum = 0;
    for (const [minute, n] of mine) {
      if (minute <= oldest) mine.delete(minute);
      else sum += n;
    }
    if (mine.size === 0) this.buckets.delete(key);
    return Math.max(0, sum);
  }

  private add(key: string, at: number, n: number): void {
    const minute = Math.floor(at / 60_000);
    let mine = this.buckets.get(key);
    if (!mine) this.buckets.set(key, (mine = new Map()));
    mine.set(minute, (mine.get(minute) ?? 0) + n);
  }
}
