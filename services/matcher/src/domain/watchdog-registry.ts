import { entitlementsOf, type MatchFoundV1, type Offer, type Watchdog } from '@rr/proto';
import { FilterIndex } from './filter-index';
import { shardOf } from './shard';

export type MatchReason = MatchFoundV1['reason'];
export type Shard = { index: number; count: number };

/**
 * The active watchdogs of this instance's shard and the index over them. Pure: it is told about
 * changes and offers and answers with the matches to emit, one per recipient.
 */
export class WatchdogRegistry {
  private index = new FilterIndex();
  private readonly watchdogs = new Map<string, Watchdog>();
  /** While replaying, states only land in the map; the index is bulk-built once at the end. */
  private loading: boolean;

  constructor(private readonly shard: Shard = { index: 0, count: 1 }, options: { loading?: boolean } = {}) {
    this.loading = options.loading ?? false;
  }

  get size(): number {
    return this.watchdogs.size;
  }

  /** Applies the latest state of a watchdog (null: deleted). Returns whether this shard keeps it. */
  apply(watchdogId: string, watchdog: Watchdog | null, now = new Date()): boolean {
    if (!watchdog || !this.keeps(watchdog, now)) {
      this.forget(watchdogId);
      return false;
    }
    if (!this.loading) {
      const previous = this.watchdogs.get(watchdogId);
      if (previous) this.index.remove(watchdogId, previous.criteria);
      this.index.add(watchdogId, watchdog.criteria);
    }
    this.watchdogs.set(watchdogId, watchdog);
    if (!this.loading && this.index.needsRebuild) this.rebuild();
    return true;
  }

  /** Ends the replay: builds the index over every watchdog kept. */
  finishLoading(): void {
    if (!this.loading) return;
    this.loading = false;
    this.rebuild();
  }

  /** A fresh bulk-built index; after much churn it is faster and smaller than the patched one. */
  rebuild(): void {
    const index = new FilterIndex();
    for (const [id, watchdog] of this.watchdogs) index.add(id, watchdog.criteria);
    index.seal();
    this.index = index;
  }

  /**
   * The watchdogs to alert about an offer: new offers go to every matching watchdog, price drops
   * only to those that opted in and whose owner's tier allows it. One per recipient.
   */
  match(offer: Offer, reason: MatchReason, now = new Date()): Watchdog[] {
    if (!offer.active) return [];
    this.finishLoading();
    const byRecipient = new Map<string, Watchdog>();
    for (const id of this.index.match(offer)) {
      const watchdog = this.watchdogs.get(id)!;
      if (isExpired(watchdog, now)) {
        this.forget(id);
        continue;
      }
      if (reason === 'priceDrop' && !(watchdog.criteria.priceDrops && entitlementsOf(watchdog.ownerRole).priceDropAlerts)) continue;
      const email = watchdog.email.toLowerCase();
      const kept = byRecipient.get(email);
      // The oldest watchdog speaks for the person, so a redelivered offer names the same one.
      if (!kept || watchdog.createdAt < kept.createdAt || (watchdog.createdAt === kept.createdAt && watchdog.id < kept.id)) byRecipient.set(email, watchdog);
    }
    return [...byRecipient.values()];
  }

  /** Drops watchdogs whose time ran out, so the index does not keep finding them. */
  expire(now = new Date()): number {
    let expired = 0;
    for (const [id, watchdog] of this.watchdogs) if (isExpired(watchdog, now)) (this.forget(id), expired++);
    return expired;
  }

  private keeps(watchdog: Watchdog, now: Date): boolean {
    return watchdog.status === 'Active' && !isExpired(watchdog, now) && shardOf(watchdog.email, this.shard.count) === this.shard.index;
  }

  private forget(watchdogId: string): void {
    const previous = this.watchdogs.get(watchdogId);
    if (!previous) return;
    this.watchdogs.delete(watchdogId);
    if (!this.loading) this.index.remove(watchdogId, previous.criteria);
  }
}

const isExpired = (watchdog: Watchdog, now: Date) => watchdog.expiresAt != null && Date.parse(watchdog.expiresAt) <= now.getTime();
