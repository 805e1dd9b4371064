import type { Offer } from '@rr/proto';
import { bandlessLookup, dedupeFactsOf, dedupeKeysOf, passesGates, type DedupeCandidate, type DedupeFacts } from './dedupe';

/**
 * Every offer's dedupe facts in memory, by lookup key. The normaliser asks it which offers could
 * be a new listing's property without touching the database (FerretDB answers array-field `$in`
 * by scanning); it loads once at start and follows every write of this instance.
 */
export class DedupeIndex {
  private readonly facts = new Map<string, DedupeCandidate>();
  private readonly byKey = new Map<string, Set<string>>();

  get size(): number {
    return this.facts.size;
  }

  upsert(offer: Offer): void {
    const previous = this.facts.get(offer.id);
    if (previous) for (const k of dedupeKeysOf(previous)) this.byKey.get(k)?.delete(offer.id);
    const candidate: DedupeCandidate = { ...dedupeFactsOf(offer), id: offer.id, portals: offer.sources.map((s) => s.portal) };
    this.facts.set(offer.id, candidate);
    for (const k of dedupeKeysOf(candidate)) {
      const set = this.byKey.get(k) ?? new Set<string>();
      set.add(offer.id);
      this.byKey.set(k, set);
    }
  }

  /** Offers that pass the hard gates for at least one of the listings (corroboration is the caller's). */
  candidateIds(listings: DedupeFacts[]): string[] {
    const out = new Set<string>();
    for (const l of listings) {
      for (const k of dedupeKeysOf(l, true)) {
        const prefix = bandlessLookup(k);
        const ids = prefix ? [...this.byKey.entries()].filter(([key]) => key.startsWith(prefix)).flatMap(([, set]) => [...set]) : this.byKey.get(k) ?? [];
        for (const id of ids) {
          if (!out.has(id) && passesGates(l, this.facts.get(id)!)) out.add(id);
        }
      }
    }
    return [...out];
  }
}
