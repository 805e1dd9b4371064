import { LRUCache } from 'lru-cache';

/**
 * Counts that reached their cap, remembered for a while. A capped total says only "more than
 * 10,000", which a minute does not change for a region or a district, and counting a region's
 * 10,000 index entries was the database's largest share of a deep page. Counts under the cap are
 * never remembered: they change with every offer.
 */
export class CappedCounts {
  private readonly capped: LRUCache<string, { n: number; until: number }>;

  constructor(private readonly ttlMs = 60_000, max = 2_000, private readonly now = () => Date.now()) {
    this.capped = new LRUCache({ max });
  }

  async count(key: string, limit: number, countUpTo: () => Promise<number>): Promise<number> {
    const id = `${limit}:${key}`;
    const known = this.capped.get(id);
    if (known && known.until > this.now()) return known.n;
    const n = await countUpTo();
    if (n >= limit) this.capped.set(id, { n, until: this.now() + this.ttlMs });
    else this.capped.delete(id);
    return n;
  }
}
