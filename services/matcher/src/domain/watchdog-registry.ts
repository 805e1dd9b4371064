import { entitlementsOf, type AlertReason, type Offer, type Watchdog } from '@rr/proto';
import { FilterIndex } from './filter-index';
import { shardOf } from './shard';
import { CandidateChecks } from './candidate-checks';
import { WordFilter } from './word-filter';
import { AreaFilter } from './area-filter';
import { CriteriaPool, KeptWatchdog, type AlertingWatchdog } from './kept-watchdog';

export type { AlertingWatchdog } from './kept-watchdog';

export type MatchReason = AlertReason;
/** A watchdog to alert, and why. */
export type Hit = { watchdog: AlertingWatchdog; reason: MatchReason };

/**
 * Whether the owner asked for this kind of alert about offers already seen, and their tier allows it
 * (docs/decisions.md, "Alert kinds"). New offers go to every matching watchdog.
 */
export function wants(watchdog: AlertingWatchdog, reason: MatchReason): boolean {
  if (reason === 'new') return true;
  const { criteria } = watchdog;
  const entitled = entitlementsOf(watchdog.ownerRole);
  switch (reason) {
    case 'priceDrop': return criteria.priceDrops && entitled.priceDropAlerts;
    case 'backOnMarket': return criteria.backOnMarket === true && entitled.backOnMarketAlerts;
    case 'noLongerActive': return criteria.noLongerActive === true && entitled.noLongerActiveNotices;
  }
}
export type Shard = { index: number; count: number };

/** An index whose rows carry the short codes of the word criteria `words` knows (see `Narrowing`). */
const indexOver = (words: WordFilter, expectedWatchdogs = 0) =>
  new FilterIndex({ expectedWatchdogs, narrowCodeOf: (criteria) => words.codeOf(criteria.words) });

/**
 * The active watchdogs of this instance's shard and the index over them. Pure: it is told about
 * changes and offers and answers with the matches to emit, one per recipient.
 */
export class WatchdogRegistry {
  /** The word criteria and the areas drawn on a map, by the same slots (checked on the index's candidates). */
  private checks = new CandidateChecks(new WordFilter(), new AreaFilter());
  private index = indexOver(this.checks.words);
  /** Each watchdog kept once, compact (`KeptWatchdog`): at a million, the whole replayed states took ~3 GB of heap. */
  private readonly watchdogs = new Map<string, KeptWatchdog>();
  private readonly pool = new CriteriaPool();
  /** By index slot, so a lookup's results need no map. */
  private bySlot: Array<KeptWatchdog | undefined> = [];
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
    // The map's key and the kept id are one string (the event carries it twice).
    const kept = new KeptWatchdog(watchdog, this.pool.share(watchdog.criteria), watchdog.id === watchdogId ? watchdogId : watchdog.id);
    this.watchdogs.set(watchdogId, kept);
    if (!this.loading) {
      this.file(this.index, this.checks, kept);
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
    const checks = new CandidateChecks(new WordFilter(), new AreaFilter());
    const index = indexOver(checks.words, this.watchdogs.size);
    this.bySlot = [];
    for (const kept of this.watchdogs.values()) this.file(index, checks, kept);
    index.seal();
    this.index = index;
    this.checks = checks;
  }

  /**
   * The watchdogs that asked for alerts of this reason about the offer: new offers go to every
   * matching watchdog, the other kinds only to those that opted in and whose owner's tier allows
   * it. One per recipient.
   */
  match(offer: Offer, reason: MatchReason, now = new Date()): AlertingWatchdog[] {
    return this.collect(offer, now, (w) => (wants(w, reason) ? reason : null)).map((h) => h.watchdog);
  }

  /**
   * Who hears of a price drop or a comeback, and as what: the watchdogs that asked for that kind
   * get it; the others get a plain new-offer alert if the offer is news to them — after a drop,
   * only where the old price did not match (`before`); after a comeback, any (the notifier's
   * ledger drops it for people who had the offer). A no-longer-active notice goes only to those
   * who asked for it, matched on the offer as it was while active. One per recipient, the asked
   * kind first.
   */
  alerts(offer: Offer, reason: Exclude<MatchReason, 'new'>, now = new Date(), before?: Offer): Hit[] {
    if (reason === 'noLongerActive') return this.collect({ ...offer, active: true }, now, (w) => (wants(w, reason) ? reason : null));
    const matchedBefore = before ? new Set(this.collect(before, now, () => 'new').map((h) => h.watchdog.id)) : null;
    return this.collect(offer, now, (w) => {
      if (wants(w, reason)) return reason;
      return matchedBefore?.has(w.id) ? null : 'new';
    });
  }

  /** The matching watchdogs the rule gives a reason, one per recipient: an asked-for kind over a new-offer alert, then the oldest. */
  private collect(offer: Offer, now: Date, reasonOf: (watchdog: AlertingWatchdog) => MatchReason | null): Hit[] {
    if (!offer.active) return [];
    this.finishLoading();
    // The index asks the words and areas about the candidates that passed everything else.
    this.checks.begin(offer);
    const count = this.index.matchSlots(offer, this.checks);
    const slots = this.index.slots.slice(0, count);
    const time = now.getTime();
    const byRecipient = new Map<string, Hit>();
    const shared: Hit[] = [];
    for (let k = 0; k < count; k++) {
      const slot = slots[k];
      const watchdog = this.bySlot[slot]!;
      if (watchdog.expiresAtMs <= time) {
        this.forget(watchdog.id);
        continue;
      }
      const reason = reasonOf(watchdog);
      if (!reason) continue;
      // Shared watchdogs come back whole: their invitees are recipients too (emit-matches picks one per address).
      if (watchdog.members?.length) {
        shared.push({ watchdog, reason });
        continue;
      }
      const kept = byRecipient.get(watchdog.recipient);
      if (!kept || precedes({ watchdog, reason }, kept)) byRecipient.set(watchdog.recipient, { watchdog, reason });
    }
    return [...byRecipient.values(), ...shared];
  }

  /** Drops watchdogs whose time ran out, so the index does not keep finding them. */
  expire(now = new Date()): number {
    let expired = 0;
    const time = now.getTime();
    for (const [id, kept] of this.watchdogs) if (kept.expiresAtMs <= time) (this.forget(id), expired++);
    return expired;
  }

  private keeps(watchdog: Watchdog, now: Date): boolean {
    return watchdog.status === 'Active' && !isExpired(watchdog, now) && shardOf(watchdog.email, this.shard.count) === this.shard.index;
  }

  private file(index: FilterIndex, checks: CandidateChecks, kept: KeptWatchdog): void {
    kept.slot = index.insert(kept.criteria);
    this.bySlot[kept.slot] = kept;
    if (kept.criteria.words) checks.words.set(kept.slot, kept.criteria.words);
    if (kept.criteria.mapArea) checks.areas.set(kept.slot, kept.criteria.mapArea);
  }

  private unfile(kept: KeptWatchdog): void {
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

/** Of one person's hits, the one that speaks for them: an asked-for kind over a new-offer alert, then {@link speaksBefore}. */
function precedes(a: Hit, b: Hit): boolean {
  if ((a.reason === 'new') !== (b.reason === 'new')) return b.reason === 'new';
  return speaksBefore(a.watchdog, b.watchdog);
}

/**
 * Of one person's matching watchdogs, the one that speaks for them: an instant one before a digest
 * (the alert should not wait for a digest another watchdog does not ask for), then the oldest, so a
 * redelivered offer names the same one.
 */
export function speaksBefore(a: AlertingWatchdog, b: AlertingWatchdog): boolean {
  const digestA = a.delivery?.mode === 'digest';
  const digestB = b.delivery?.mode === 'digest';
  if (digestA !== digestB) return !digestA;
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
}

const isExpired = (watchdog: Watchdog, now: Date) => watchdog.expiresAt != null && Date.parse(watchdog.expiresAt) <= now.getTime();
