import { entitlementsOf, type MatchFoundV1, type Offer, type Watchdog } from '@rr/proto';
import { FilterIndex } from './filter-index';
import { shardOf } from './shard';
import { WordFilter } from './word-filter';

export type MatchReason = MatchFoundV1['reason'];
export type Shard = { index: number; count: number };

/** A kept watchdog with what a match needs, worked out once; `slot` is its place in the index (-1 while loading). */
type Kept = { watchdog: Watchdog; email: string; expiresAt: number; slot: number };

/**
 * The active watchdogs of this instance's shard and the index over them. Pure: it is told about
 * changes and offers and answers with the matches to emit, one per recipient.
 */
export class WatchdogRegistry {
  private index = new FilterIndex();
  /** The word criteria, by the same slots (checked on the index's candidates). */
  private words = new WordFilter();
  private readonly watchdogs = new Map<string, Kept>();
  /** By index slot, so a lookup's results need no map. */
  private bySlot: Array<Kept | undefined> = [];
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
    const previous = this.watchdogs.get(watchdogId);
    if (previous) this.unfile(previous);
    const kept: Kept = { watchdog, email: watchdog.email.toLowerCase(), expiresAt: watchdog.expiresAt == null ? Infinity : Date.parse(watchdog.expiresAt), slot: -1 };
    this.watchdogs.set(watchdogId, kept);
    if (!this.loading) {
      this.file(this.index, this.words, kept);
      if (this.index.needsRebuild) this.rebuild();
    }
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
    const index = new FilterIndex({ expectedWatchdogs: this.watchdogs.size });
    const words = new WordFilter();
    this.bySlot = [];
    for (const kept of this.watchdogs.values()) this.file(index, words, kept);
    index.seal();
    this.index = index;
    this.words = words;
  }

  /**
   * The watchdogs to alert about an offer: new offers go to every matching watchdog, price drops
   * only to those that opted in and whose owner's tier allows it. One per recipient.
   */
  match(offer: Offer, reason: MatchReason, now = new Date()): Watchdog[] {
    if (!offer.active) return [];
    this.finishLoading();
    // The index asks the words about the candidates that passed everything else.
    this.words.begin(offer);
    const count = this.index.matchSlots(offer, this.words);
    const slots = this.index.slots.slice(0, count);
    const time = now.getTime();
    const byRecipient = new Map<string, Watchdog>();
    for (let k = 0; k < count; k++) {
      const slot = slots[k];
      const { watchdog, email, expiresAt } = this.bySlot[slot]!;
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
    const time = now.getTime();
    for (const [id, kept] of this.watchdogs) if (kept.expiresAt <= time) (this.forget(id), expired++);
    return expired;
  }

  private keeps(watchdog: Watchdog, now: Date): boolean {
    return watchdog.status === 'Active' && !isExpired(watchdog, now) && shardOf(watchdog.email, this.shard.count) === this.shard.index;
  }

  private file(index: FilterIndex, words: WordFilter, kept: Kept): void {
    kept.slot = index.insert(kept.watchdog.criteria);
    this.bySlot[kept.slot] = kept;
    if (kept.watchdog.criteria.words) words.set(kept.slot, kept.watchdog.criteria.words);
  }

  private unfile(kept: Kept): void {
    if (kept.slot < 0 || this.bySlot[kept.slot] !== kept) return;
    this.index.delete(kept.slot);
    this.bySlot[kept.slot] = undefined;
    kept.slot = -1;
  }

  private forget(watchdogId: string): void {
    const kept = this.watchdogs.get(watchdogId);
    if (!kept) return;
    this.watchdogs.delete(watchdogId);
    this.unfile(kept);
  }
}

const isExpired = (watchdog: Watchdog, now: Date) => watchdog.expiresAt != null && Date.parse(watchdog.expiresAt) <= now.getTime();
