import type { Logger } from '@rr/kit';
import type { AccountLifecycle } from '../users/account-lifecycle';
import type { WatchdogPublisher } from './watchdog.publisher';
import type { WatchdogRepository } from './watchdog.repository';
import type { WatchdogService } from './watchdog.service';

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
      const expired = await this.repo.find({ status: 'Active', expiresAt: { $ne: null, $lte: now } });
      for (const w of expired) await this.service.disable(w, 'expired', ctx);
      const unpublished = await this.repo.find({ unpublished: true });
      for (const w of unpublished) await this.publisher.changed(w, ctx.correlationId);
      if (expired.length || unpublished.length || roles) this.log.info({ expired: expired.length, republished: unpublished.length, roles }, 'sweep done');
      return { expired: expired.length, republished: unpublished.length, roles };
    } catch (err) {
      this.log.warn({ err }, 'sweep failed; next round retries');
      return { expired: 0, republished: 0, roles: 0 };
    } finally {
      this.running = false;
    }
  }
}
