import type { Gazetteer } from '@rr/gazetteer';
import type { ListingFetchedV1, ListingWithdrawnV1, Offer, OfferLocation, RawListing } from '@rr/proto';
import type { ListingRecord } from './listing-record';
import type { OutgoingEvent } from './outgoing-event';
import { dedupeFactsOf, dedupeKeysOf, findDuplicate, type DedupeCandidate, type DedupeFacts } from './dedupe';
import { DEFAULT_COMEBACK_MIN_MS, isComeback } from './comeback';
import { locate } from './locate';
import { applyListingChange, attachSource, withdrawSource, type OfferChange } from './offer-changes';
import { fingerprintOf, listingKeyOf, newOffer } from './offer-factory';

/** What the batch needs from storage; the real one is Mongo, tests pass maps. */
export type NormaliserStore = {
  findListings(keys: string[]): Promise<ListingRecord[]>;
  findOffers(ids: string[]): Promise<Offer[]>;
  /** Offers that could be the property of one of these new listings (passing the hard gates). */
  candidateIds(listings: DedupeFacts[]): Promise<string[]>;
};

export type BatchInput =
  | { kind: 'fetched'; data: ListingFetchedV1 }
  | { kind: 'withdrawn'; data: ListingWithdrawnV1 };

export type BatchStats = {
  unchanged: number; published: number; merged: number; updated: number; withdrawn: number; relisted: number; unresolved: number; skipped: number;
};

export type BatchResult = {
  listings: ListingRecord[];
  offers: Offer[];
  events: OutgoingEvent[];
  stats: BatchStats;
  /** Listings that could not be processed (logged by the caller, never blocking the rest). */
  failures: Array<{ key: string; reason: string }>;
};

type Pending =
  | { kind: 'published'; fetchedAt: string }
  | { kind: 'updated'; fetchedAt: string; previousPrice: number | null; changes: Set<OfferChange> }
  | { kind: 'withdrawn'; at: string }
  | { kind: 'relisted'; fetchedAt: string; withdrawnAt: string };

export type BatchOptions = {
  /** How long an offer must have stayed withdrawn for its return to be a comeback (`isComeback`). */
  comebackMinMs: number;
};

/**
 * Applies one batch of listing events: loads what it touches in three reads, decides in memory
 * (so cross-posts within the batch meet each other), and answers what to write and emit.
 * Idempotent: a listing seen again unchanged, or a withdrawal already applied, changes nothing.
 */
export class BatchNormaliser {
  private readonly listings = new Map<string, ListingRecord>();
  private readonly offers = new Map<string, Offer>();
  private readonly byDedupeKey = new Map<string, Set<string>>();
  private readonly dirtyListings = new Set<string>();
  private readonly dirtyOffers = new Set<string>();
  private readonly pending = new Map<string, Pending[]>();
  private readonly stats: BatchStats = { unchanged: 0, published: 0, merged: 0, updated: 0, withdrawn: 0, relisted: 0, unresolved: 0, skipped: 0 };
  private readonly failures: BatchResult['failures'] = [];

  constructor(
    private readonly store: NormaliserStore,
    private readonly gazetteer: Gazetteer,
    private readonly now: () => Date = () => new Date(),
    private readonly options: BatchOptions = { comebackMinMs: DEFAULT_COMEBACK_MIN_MS },
  ) {}

  async run(inputs: BatchInput[]): Promise<BatchResult> {
    const keys = [...new Set(inputs.map((i) => (i.kind === 'fetched' ? listingKeyOf(i.data.listing) : listingKeyOf(i.data))))];
    for (const r of await this.store.findListings(keys)) this.listings.set(r.key, r);
    const offerIds = [...new Set([...this.listings.values()].map((r) => r.offerId))];
    for (const o of await this.store.findOffers(offerIds)) this.remember(o);

    const locations = new Map<RawListing, OfferLocation>();
    const newcomers: DedupeFacts[] = [];
    for (const input of inputs) {
      if (input.kind !== 'fetched') continue;
      const l = input.data.listing;
      const location = locate(this.gazetteer, l);
      locations.set(l, location);
      if (!this.listings.has(listingKeyOf(l))) newcomers.push(factsOf(l, location));
    }
    const candidates = (await this.store.candidateIds(newcomers)).filter((id) => !this.offers.has(id));
    for (const o of await this.store.findOffers(candidates)) this.remember(o);

    for (const input of inputs) {
      const key = input.kind === 'fetched' ? listingKeyOf(input.data.listing) : listingKeyOf(input.data);
      try {
        if (input.kind === 'fetched') this.onFetched(input.data, locations.get(input.data.listing)!);
        else this.onWithdrawn(input.data);
      } catch (err) {
        this.failures.push({ key, reason: (err as Error).message });
      }
    }
    return {
      listings: [...this.dirtyListings].map((k) => this.listings.get(k)!),
      offers: [...this.dirtyOffers].map((id) => this.offers.get(id)!),
      events: this.materialise(),
      stats: this.stats,
      failures: this.failures,
    };
  }

  private onFetched({ listing: l, fetchedAt }: ListingFetchedV1, location: OfferLocation): void {
    const key = listingKeyOf(l);
    const fingerprint = fingerprintOf(l);
    const record = this.listings.get(key);
    const offer = record ? this.offers.get(record.offerId) : undefined;
    if (record && offer) {
      if (record.fingerprint === fingerprint && record.active) {
        this.stats.unchanged++;
        return;
      }
      const before = offer.price;
      const withdrawnAt = offer.withdrawnAt;
      const changes = applyListingChange(offer, l, location, fetchedAt);
      this.touchListing({ ...record, fingerprint, active: true, lastSeenAt: fetchedAt, withdrawnAt: null, ...summaryOf(l), flags: flagsOf(location) });
      // Saved even when nothing is news: the source's own price or address may have moved.
      this.touchOffer(offer);
      if (changes.length > 0) {
        this.stats.updated++;
        this.emitUpdated(offer, before, changes, fetchedAt);
        this.noteReturn(offer, withdrawnAt, changes, fetchedAt);
      }
      return;
    }
    if (location.resolvedBy === 'unresolved') this.stats.unresolved++;
    const facts = factsOf(l, location);
    const duplicate = findDuplicate({ ...facts, portal: l.portal }, this.candidatesFor(facts));
    let target: Offer;
    if (duplicate) {
      target = this.offers.get(duplicate.candidate.id)!;
      const before = target.price;
      const withdrawnAt = target.withdrawnAt;
      const changes = attachSource(target, l, location, fetchedAt);
      this.stats.merged++;
      this.emitUpdated(target, before, changes, fetchedAt);
      this.noteReturn(target, withdrawnAt, changes, fetchedAt);
    } else {
      target = newOffer(l, location, fetchedAt, this.now().toISOString());
      this.remember(target);
      this.stats.published++;
      this.emit(target.id, { kind: 'published', fetchedAt });
    }
    this.touchOffer(target);
    this.touchListing({
      key, portal: l.portal, listingId: l.listingId, offerId: target.id, fingerprint, active: true,
      firstSeenAt: fetchedAt, lastSeenAt: fetchedAt, withdrawnAt: null, flags: flagsOf(location), ...summaryOf(l),
    });
  }

  private onWithdrawn(w: ListingWithdrawnV1): void {
    const record = this.listings.get(listingKeyOf(w));
    const offer = record ? this.offers.get(record.offerId) : undefined;
    if (!record || !offer || !record.active) {
      this.stats.skipped++;
      return;
    }
    this.touchListing({ ...record, active: false, withdrawnAt: w.detectedAt });
    const outcome = withdrawSource(offer, w);
    if (outcome === 'none') return;
    this.touchOffer(offer);
    if (outcome === 'offer') {
      offer.withdrawnAt = w.detectedAt;
      this.stats.withdrawn++;
      this.emit(offer.id, { kind: 'withdrawn', at: w.detectedAt });
    } else {
      this.emitUpdated(offer, offer.price, ['sources'], w.detectedAt);
    }
  }

  /**
   * A withdrawn offer published again (its listing back, or another portal's merged into it): the
   * withdrawal is over, and if it lasted long enough the return is a comeback, announced once.
   * A redelivered listing finds the offer active and unchanged, so it announces nothing again.
   */
  private noteReturn(offer: Offer, withdrawnAt: string | null | undefined, changes: OfferChange[], fetchedAt: string): void {
    if (!changes.includes('reactivated')) return;
    offer.withdrawnAt = null;
    if (isComeback(withdrawnAt, fetchedAt, this.options.comebackMinMs)) {
      this.stats.relisted++;
      this.emit(offer.id, { kind: 'relisted', fetchedAt, withdrawnAt: withdrawnAt! });
    }
  }

  private candidatesFor(facts: DedupeFacts): DedupeCandidate[] {
    const ids = new Set<string>();
    for (const k of dedupeKeysOf(facts, true)) for (const id of this.byDedupeKey.get(k) ?? []) ids.add(id);
    return [...ids].map((id) => {
      const o = this.offers.get(id)!;
      // A portal whose listing was withdrawn may show the property again under a new id (a re-post):
      // only a portal that still shows it makes a second listing there another property.
      return { ...dedupeFactsOf(o), id, portals: o.sources.filter((s) => s.active).map((s) => s.portal) };
    });
  }

  private remember(o: Offer): void {
    this.offers.set(o.id, o);
    for (const k of dedupeKeysOf(dedupeFactsOf(o))) {
      const set = this.byDedupeKey.get(k) ?? new Set<string>();
      set.add(o.id);
      this.byDedupeKey.set(k, set);
    }
  }

  private touchListing(r: ListingRecord): void {
    this.listings.set(r.key, r);
    this.dirtyListings.add(r.key);
  }

  private touchOffer(o: Offer): void {
    this.dirtyOffers.add(o.id);
    // Details may have moved it (a GPS point filled in): index it under its current keys too.
    this.remember(o);
  }

  private emitUpdated(offer: Offer, before: number | null, changes: OfferChange[], fetchedAt: string): void {
    this.emit(offer.id, { kind: 'updated', fetchedAt, previousPrice: before, changes: new Set(changes) });
  }

  /** One batch says each thing once per offer: a publish absorbs later updates, updates merge. */
  private emit(offerId: string, next: Pending): void {
    const list = this.pending.get(offerId) ?? [];
    const last = list[list.length - 1];
    if (last && next.kind === 'updated' && (last.kind === 'published' || last.kind === 'updated')) {
      if (last.kind === 'updated') for (const c of next.changes) last.changes.add(c);
    } else {
      list.push(next);
    }
    this.pending.set(offerId, list);
  }

  /**
   * The batch's events, each carrying its offer as the batch leaves it: the very object the
   * result's `offers` holds (nothing mutates it afterwards: the cache hands out copies), which
   * lets the journal store it once.
   */
  private materialise(): OutgoingEvent[] {
    const events: OutgoingEvent[] = [];
    for (const [offerId, list] of this.pending) {
      const offer = this.offers.get(offerId)!;
      for (const p of list) {
        if (p.kind === 'published') events.push({ type: 'offer.published', key: offerId, data: { offer, fetchedAt: p.fetchedAt } });
        else if (p.kind === 'updated') events.push({ type: 'offer.updated', key: offerId, data: { offer, previousPrice: p.previousPrice, changes: [...p.changes], fetchedAt: p.fetchedAt } });
        else if (p.kind === 'relisted') events.push({ type: 'offer.relisted', key: offerId, data: { offer, withdrawnAt: p.withdrawnAt, fetchedAt: p.fetchedAt } });
        else events.push({ type: 'offer.withdrawn', key: offerId, data: { offerId, withdrawnAt: p.at, offer } });
      }
    }
    return events;
  }
}

function factsOf(l: RawListing, location: OfferLocation): DedupeFacts {
  return {
    adType: l.adType,
    realEstateType: l.realEstateType,
    dispositionLabel: l.dispositionLabel,
    area: l.area,
    landArea: l.landArea,
    municipalityCode: location.municipalityCode,
    gpsPoint: location.resolvedBy === 'gps' ? location.point : null,
    placePoint: location.resolvedBy === 'text' ? location.point : null,
    price: l.price,
    title: l.title,
    description: l.description,
    images: l.images,
  };
}

const summaryOf = (l: RawListing) => ({ url: l.url, price: l.price, locality: l.locality });

const flagsOf = (location: OfferLocation) => (location.resolvedBy === 'unresolved' ? ['location-unresolved'] : []);
