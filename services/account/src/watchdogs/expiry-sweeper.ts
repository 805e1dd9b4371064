import type { Logger } from '@rr/kit';
import type { AccountLifecycle } from '../users/account-lifecycle';
import type { WatchdogPublisher } from './watchdog.publisher';
import type { WatchdogRepository } from './watchdog.repository';
import type { WatchdogService } from './watchdog.service';

/** Watchdogs read per query of a sweep, and pages per sweep at most (the next sweep goes on). */
const SWEEP_PAGE = 500;
const MAX_PAGES = 200;

/**
 * Periodic housekeeping: watchdogs past their expiry switch off (the alert e-mail's prolong link
 * brings them back), expired paid roles end, and changes whose publishing failed are published.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly repo: WatchdogRepository,
    private readonly service: WatchdogService,
    private readonly publisher: WatchdogPublisher,
    private readonly lifecycle: AccountLifecycle,
    private readonly log: Logger,
    private readonly pageSize = SWEEP_PAGE,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<{ expired: number; republished: number; roles: number }> {
    if (this.running) return { expired: 0, republished: 0, roles: 0 };
    this.running = true;
    const ctx = { correlationId: `sweep-${now.getTime()}` };
    try {
      const roles = await this.lifecycle.expireRoles(ctx);
      // Pages by index: a disabled watchdog leaves the range, so each page starts at the front.
      let expired = 0;
      for (let round = 0; round < MAX_PAGES; round++) {
        const page = await this.repo.dueToExpire(now, this.pageSize);
        for (const w of page) await this.service.disable(w, 'expired', ctx);
        expired += page.length;
        if (page.length < this.pageSize) break;
      }
      const unpublished = await this.repo.unpublished(this.pageSize);
      for (const w of unpublished) await this.publisher.changed(w, ctx.correlationId);
      if (expired || unpublished.length || roles) this.log.info({ expired, republished: unpublished.length, roles }, 'sweep done');
      return { expired, republished: unpublished.length, roles };
    } catch (err) {
      this.log.warn({ err }, 'sweep failed; next round retries');
      return { expired: 0, republished: 0, roles: 0 };
    } finally {
      this.running = false;
    }
  }
}
