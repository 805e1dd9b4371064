import type { Offer } from '@rr/proto';
import { DedupeIndex } from './dedupe-index';
import type { DedupeFacts } from './dedupe';
import type { ListingRecord } from './listing-record';
import type { NormaliserStore } from './normalise-batch';
import { listOffers, similarOffers, type OfferFilter, type OfferReader } from './offer-query';

/**
 * The normaliser's working set in memory: every listing and offer, loaded from the journal at
 * start and updated after each batch is journaled. FerretDB answers lookups by scanning, so
 * reading per batch would cost seconds; the read API answers from here too. One instance per
 * consumer group owns the state (see README). Reads hand out copies, so a batch that fails
 * leaves the cache as it was.
 */
export class StateCache implements NormaliserStore, OfferReader {
  private readonly listings = new Map<string, ListingRecord>();
  private readonly offers = new Map<string, Offer>();
  private index = new DedupeIndex();

  get counts(): { listings: number; offers: number } {
    return { listings: this.listings.size, offers: this.offers.size };
  }

  /** Replaces everything (start, or another instance wrote meanwhile). */
  reset(offers: Iterable<Offer>, listings: Iterable<ListingRecord>): void {
    this.offers.clear();
    this.listings.clear();
    this.index = new DedupeIndex();
    for (const o of offers) this.putOffer(o);
    for (const r of listings) this.putListing(r);
  }

  putOffer(o: Offer): void {
    this.offers.set(o.id, o);
    this.index.upsert(o);
  }

  putListing(r: ListingRecord): void {
    this.listings.set(r.key, r);
  }

  allOffers(): Offer[] {
    return [...this.offers.values()];
  }

  allListings(): ListingRecord[] {
    return [...this.listings.values()];
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

  async findById(id: string): Promise<Offer | null> {
    return this.offers.get(id) ?? null;
  }

  async list(filter: OfferFilter, page: { offset: number; limit: number }): Promise<{ items: Offer[]; total: number }> {
    return listOffers(this.offers.values(), filter, page);
  }

  async similar(offer: Offer, limit: number): Promise<Offer[]> {
    return similarOffers(this.offers.values(), offer, limit);
  }
}
