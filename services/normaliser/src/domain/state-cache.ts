import type { Offer } from '@rr/proto';
import type { ListingRecord } from '../repositories/listing.model';
import { DedupeIndex } from './dedupe-index';
import type { DedupeFacts } from './dedupe';
import type { NormaliserStore } from './normalise-batch';

/**
 * The normaliser's working set in memory: every listing and offer, loaded from the database at
 * start and updated after each successful write. FerretDB answers lookups by scanning, so reading
 * per batch would cost seconds; one instance per consumer group owns the state (see README).
 * Reads hand out copies, so a batch that fails leaves the cache as it was.
 */
export class StateCache implements NormaliserStore {
  private readonly listings = new Map<string, ListingRecord>();
  private readonly offers = new Map<string, Offer>();
  readonly index = new DedupeIndex();

  get counts(): { listings: number; offers: number } {
    return { listings: this.listings.size, offers: this.offers.size };
  }

  hasOffer(id: string): boolean {
    return this.offers.has(id);
  }

  hasListing(key: string): boolean {
    return this.listings.has(key);
  }

  putOffer(o: Offer): void {
    this.offers.set(o.id, o);
    this.index.upsert(o);
  }

  putListing(r: ListingRecord): void {
    this.listings.set(r.key, r);
  }

  async findListings(keys: string[]): Promise<ListingRecord[]> {
    return keys.flatMap((k) => (this.listings.has(k) ? [structuredClone(this.listings.get(k)!)] : []));
  }

  async findOffers(ids: string[]): Promise<Offer[]> {
    return ids.flatMap((id) => (this.offers.has(id) ? [structuredClone(this.offers.get(id)!)] : []));
  }

  candidateIds(listings: DedupeFacts[]): string[] {
    return this.index.candidateIds(listings);
  }
}
