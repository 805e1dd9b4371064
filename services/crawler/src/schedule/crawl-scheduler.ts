import { AppError, type Logger } from '@rr/kit';
import type { Portal } from '@rr/proto';
import type { PortalRunner } from '../crawl/portal-runner';
import type { PortalStateRepository } from '../repositories/portal-state.repository';

export type TickPublisher = (portal: Portal, requestedAt: Date) => Promise<void>;

type Job = { requestedAt: Date; timer: NodeJS.Timeout | null; running: Promise<void> | null };

export type SchedulerOptions = {
  instanceId: string;
  runners: Partial<Record<Portal, PortalRunner>>;
  portals: PortalStateRepository;
  publishTick: TickPublisher;
  leaseMs: number;
  log: Logger;
  /** Shared with the portal clients, so stopping also ends requests and backoff waits. */
  abort: AbortController;
};

/**
 * Turns `crawl.requested` ticks into crawls on this instance. A tick is waited for locally until
 * its `requestedAt`, then claimed in the database (so a tick delivered twice, or to two instances
 * across a rebalance, is crawled once), crawled, and followed by the portal's next tick, which
 * Kafka delivers to whichever instance owns the portal's partition by then (due one interval after
 * this crawl started). One job per portal:
 * a tick that arrives while the portal is already waiting or running is dropped, which merges
 * duplicate chains (e.g. two instances seeding at once) back into one.
 */
export class CrawlScheduler {
  private readonly jobs = new Map<Portal, Job>();
  private stopping = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** Called by the crawl.requested handler; never blocks the partition for the wait or the crawl. */
  accept(portal: Portal, requestedAt: Date): 'processed' | 'skipped' {
    // Left uncommitted while stopping, so the partition's next owner reads the tick.
    if (this.stopping) throw new AppError('UNAVAILABLE', `crawler ${this.options.instanceId} is stopping; ${portal} tick left for the next owner`, { retriable: true });
    if (!this.options.runners[portal] || this.jobs.has(portal)) return 'skipped';
    const job: Job = { requestedAt, timer: null, running: null };
    job.timer = setTimeout(() => {
      job.timer = null;
      job.running = this.runTick(portal, job);
    }, Math.max(0, requestedAt.getTime() - Date.now()));
    this.jobs.set(portal, job);
    return 'processed';
  }

  /** Portals waiting or crawling on this instance. */
  held(): Portal[] {
    return [...this.jobs.keys()];
  }

  private async runTick(portal: Portal, job: Job): Promise<void> {
    try {
      await this.crawlTick(portal, job);
    } catch (err) {
      // The chain of this portal ends here; the seeder restarts it after the grace period.
      if (!this.options.abort.signal.aborted) this.options.log.error({ portal, err }, 'crawl tick failed');
    } finally {
      if (!this.stopping) this.forget(portal, job);
    }
  }

  private async crawlTick(portal: Portal, job: Job): Promise<void> {
    const { instanceId, portals, leaseMs, log } = this.options;
    const state = await portals.claimTick(portal, job.requestedAt, instanceId, new Date(Date.now() + leaseMs));
    if (!state) {
      log.debug({ portal, requestedAt: job.requestedAt }, 'tick already served or portal leased elsewhere');
      return;
    }
    if (state.paused) return this.skipPaused(portal, job);
    const renew = setInterval(() => void portals.renewLease(portal, instanceId, new Date(Date.now() + leaseMs)).catch(() => undefined), leaseMs / 3);
    try {
      const startedAt = Date.now();
      const result = await this.options.runners[portal]!.run(state, this.options.abort.signal);
      const served = new Date(state.servedTick ?? 0).getTime();
      // Ticks keep their rhythm from crawl start to crawl start: a portal polled "every 15 s" is
      // looked at every 15 s however long its details took (the rate limit still paces requests),
      // and a crawl longer than the interval is followed at once.
      const nextTickAt = new Date(Math.max(startedAt + result.nextDelayMs, Date.now(), served + 1));
      await portals.finish(portal, { holder: instanceId, nextTickAt, health: result.health, fullWalkAt: result.fullWalkAt });
      // Forget the job before publishing, or our own consumer could drop the next tick as a duplicate.
      this.forget(portal, job);
      await this.publishWithRetry(portal, nextTickAt);
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * A paused portal keeps its tick chain at the configured interval without fetching anything:
   * resuming needs no seed and takes effect at the next tick, on whichever instance owns it.
   */
  private async skipPaused(portal: Portal, job: Job): Promise<void> {
    const nextTickAt = new Date(Date.now() + this.options.runners[portal]!.intervalMs);
    await this.options.portals.skipPaused(portal, this.options.instanceId, nextTickAt);
    this.forget(portal, job);
    await this.publishWithRetry(portal, nextTickAt);
  }

  private forget(portal: Portal, job: Job): void {
    if (this.jobs.get(portal) === job) this.jobs.delete(portal);
  }

  private async publishWithRetry(portal: Portal, at: Date): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.options.publishTick(portal, at);
      } catch (err) {
        // The seeder starts the chain again after the grace period if this keeps failing.
        if (attempt >= 3 || this.stopping) return this.options.log.error({ portal, err }, 'could not publish the next crawl tick');
        await new Promise((r) => setTimeout(r, 500 * attempt));
      }
    }
  }

  /**
   * Graceful stop: abort running crawls, then hand every portal this instance held to the next
   * owner by publishing a tick that is due now (the handler leaves it uncommitted meanwhile).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.options.abort.abort(new Error('crawler stopping'));
    const held = [...this.jobs.entries()];
    for (const [, job] of held) if (job.timer) clearTimeout(job.timer);
    await Promise.allSettled(held.map(([, job]) => job.running));
    const now = new Date();
    for (const [portal, job] of held) {
      const at = new Date(Math.max(now.getTime(), job.requestedAt.getTime()));
      await this.options.portals.release(portal, this.options.instanceId, at).catch(() => undefined);
      await this.options.publishTick(portal, at).catch((err) => this.options.log.warn({ portal, err }, 'hand-off tick not published; the seeder will restart the portal'));
    }
    this.jobs.clear();
    if (held.length > 0) this.options.log.info({ portals: held.map(([p]) => p) }, 'handed portals on');
  }
}
