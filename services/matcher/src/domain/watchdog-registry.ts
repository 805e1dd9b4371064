import { entitlementsOf, type MatchFoundV1, type Offer, type Watchdog } from '@rr/proto';
import { FilterIndex } from './filter-index';
import { shardOf } from './shard';

export type MatchReason = MatchFoundV1['reason'];
export type Shard = { index: number; count: number };

/** What a match needs of a watchdog, worked out once when it is filed rather than per match. */
type Filed = { watchdog: Watchdog; email: string; expiresAt: number };

/**
 * The active watchdogs of this instance's shard and the index over them. Pure: it is told about
 * changes and offers and answers with the matches to emit, one per recipient.
 */
export class WatchdogRegistry {
  private index = new FilterIndex();
  private readonly watchdogs = new Map<string, Watchdog>();
  /** By index slot, so a lookup's results need no map. */
  private bySlot: Array<Filed | undefined> = [];
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
      this.unfile(watchdogId);
      this.file(this.index, watchdogId, watchdog);
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
    this.bySlot = [];
    for (const [id, watchdog] of this.watchdogs) this.file(index, id, watchdog);
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
    const count = this.index.matchSlots(offer);
    const slots = this.index.slots.slice(0, count);
    const time = now.getTime();
    const byRecipient = new Map<string, Watchdog>();
    for (let k = 0; k < count; k++) {
      const { watchdog, email, expiresAt } = this.bySlot[slots[k]]!;
      if (expiresAt <= time) {
        this.forget(watchdog.id);
        continue;
      }
      if (reason === 'priceDrop' && !(watchdog.criteria.priceDrops && entitlementsOf(watchdog.ownerRole).priceDropAlerts)) continue;
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

  private file(index: FilterIndex, id: string, watchdog: Watchdog): void {
    const expiresAt = watchdog.expiresAt == null ? Infinity : Date.parse(watchdog.expiresAt);
    this.bySlot[index.add(id, watchdog.criteria)] = { watchdog, email: watchdog.email.toLowerCase(), expiresAt };
  }

  private unfile(id: string): void {
    const slot = this.index.slotOf(id);
    if (slot === undefined) return;
    this.index.remove(id);
    this.bySlot[slot] = undefined;
  }

  private forget(watchdogId: string): void {
    if (!this.watchdogs.delete(watchdogId)) return;
    if (!this.loading) this.unfile(watchdogId);
  }
}

const isExpired = (watchdog: Watchdog, now: Date) => watchdog.expiresAt != null && Date.parse(watchdog.expiresAt) <= now.getTime();
