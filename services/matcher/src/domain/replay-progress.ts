/**
 * Tracks a replay of the compacted watchdog topic up to the end offsets taken at start, so the
 * matcher reports ready (and starts matching offers) only once it knows every watchdog.
 */
export class ReplayProgress {
  private readonly remaining = new Map<number, number>();
  private lastActivity = Date.now();

  /** `ends`: per partition, the offset the next message will get (0 = empty partition). */
  constructor(ends: Array<{ partition: number; offset: string }>, private readonly idleMs = 5_000) {
    for (const { partition, offset } of ends) if (Number(offset) > 0) this.remaining.set(partition, Number(offset));
  }

  record(partition: number, offset: string): void {
    this.lastActivity = Date.now();
    const end = this.remaining.get(partition);
    if (end !== undefined && Number(offset) + 1 >= end) this.remaining.delete(partition);
  }

  get caughtUp(): boolean {
    return this.remaining.size === 0;
  }

  /**
   * Messages the bus dead-letters never reach the handler, so the last offset may never be seen:
   * after a quiet spell the replay counts as done.
   */
  get stalled(): boolean {
    return !this.caughtUp && Date.now() - this.lastActivity > this.idleMs;
  }

  get partitionsBehind(): number[] {
    return [...this.remaining.keys()];
  }
}
