import type { Logger } from '@rr/kit';
import type { Portal } from '@rr/proto';
import type { PortalStateDoc } from '../repositories/portal-state.model';
import type { PortalStateRepository } from '../repositories/portal-state.repository';
import type { TickPublisher } from './crawl-scheduler';

export type SeederOptions = {
  portals: PortalStateRepository;
  /** Enabled portals and their crawl interval. */
  intervals: Partial<Record<Portal, number>>;
  graceMs: number;
  checkEveryMs: number;
  publishTick: TickPublisher;
  log: Logger;
};

/**
 * Starts a portal's tick chain when it has none: at first start, and when a chain died (an
 * instance killed between claiming a tick and publishing the next one, or Kafka refused it).
 * Every instance runs one; the conditional update on `nextTickAt` lets a single one seed.
 */
export class TickSeeder {
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(private readonly options: SeederOptions) {}

  start(): void {
    const loop = () => {
      const checking = this.check().then(
        () => undefined,
        (err) => this.options.log.warn({ err }, 'seed check failed'),
      );
      this.checking = checking;
      void checking.then(() => {
        if (this.timer) this.timer = setTimeout(loop, this.options.checkEveryMs);
      });
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.checking;
  }

  async check(now = new Date()): Promise<Portal[]> {
    const seeded: Portal[] = [];
    for (const state of await this.options.portals.all()) {
      const portal = state._id as Portal;
      const interval = this.options.intervals[portal];
      if (interval === undefined || !needsSeed(state, now, Math.max(this.options.graceMs, 3 * interval))) continue;
      const previous = state.nextTickAt ? new Date(state.nextTickAt) : null;
      const at = new Date(Math.max(now.getTime(), new Date(state.servedTick ?? 0).getTime() + 1));
      if (!(await this.options.portals.markSeeded(portal, previous, at))) continue;
      await this.options.publishTick(portal, at);
      seeded.push(portal);
    }
    if (seeded.length > 0) this.options.log.info({ portals: seeded }, 'seeded crawl ticks');
    return seeded;
  }
}

/** No chain yet, or the next tick is overdue by more than the grace and nobody holds a lease. */
export function needsSeed(state: Pick<PortalStateDoc, 'nextTickAt' | 'leaseUntil'>, now: Date, graceMs: number): boolean {
  const leased = state.leaseUntil !== null && new Date(state.leaseUntil).getTime() > now.getTime();
  if (leased) return false;
  if (!state.nextTickAt) return true;
  return now.getTime() - new Date(state.nextTickAt).getTime() > graceMs;
}
