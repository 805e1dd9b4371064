import type { AnyBulkWriteOperation, Collection, Filter } from 'mongodb';
import { LRUCache } from 'lru-cache';
import type { Connection } from 'mongoose';
import { BULK_CHUNK, countMatching, insertRefusingDuplicates } from '@rr/kit';
import type { Offer } from '@rr/proto';
import { bandlessLookup, dedupeFactsOf, dedupeKeysOf, gateFactsOf, passesGates, type DedupeFacts, type GateFacts } from '../domain/dedupe';
import { CappedCounts } from '../domain/capped-counts';
import type { ListingRecord } from '../domain/listing-record';
import type { NormaliserStore } from '../domain/normalise-batch';
import { TOTAL_COUNT_LIMIT, type ChangeCursor, type OfferFilter, type OfferReader, type PageCursor } from '../domain/offer-query';
import type { IndexedPlaces } from '../domain/search-plan';
import { mergeReads, walkSearch, walksBefore, type ReadWindow } from '../domain/search-walk';
import { dedupeKeyModel, listingModel, offerModel, type DedupeKeyDoc, type ListingDoc, type OfferDoc } from './offer-store.model';

/** Reads in one `$in` at most this long (a batch asks for a few hundred ids). */
const IN_CHUNK = 500;

/** What the caches hold at most, in characters of JSON (~2 bytes each): tens of MB, whatever the history. */
export const CACHE_LIMITS = { offerChars: 24_000_000, keyChars: 8_000_000 };

/** An offer found under a lookup key, with what the hard gates compare of it (JSON). */
type KeyEntry = { offerId: string; facts: string };

const chunks = <T>(list: T[], size = IN_CHUNK): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Indexes of databases from before 2026-11-27: the place indexes without `active`, replaced by
 * `{ <place>, active, foundAt, _id }`, and the nationwide `{ foundAt, _id }` (lists of both states
 * merge two ranges of `{ active, foundAt, _id }` now).
 */
const RETIRED_INDEXES = ['regionCode_1_foundAt_-1__id_-1', 'districtCode_1_foundAt_-1__id_-1', 'municipalityCode_1_foundAt_-1__id_-1', 'foundAt_-1__id_-1'];

/**
 * Offers, listings and the dedupe lookup keys in the database, read by indexed queries: nothing
 * of the history is held in memory, so the normaliser starts in seconds however long it ran.
 * Writes are the journal's projection (`apply`), idempotent: replaying a batch changes nothing.
 */
export class OfferStore implements NormaliserStore, OfferReader {
  private readonly offers: Collection<OfferDoc>;
  private readonly listings: Collection<ListingDoc>;
  private readonly keys: Collection<DedupeKeyDoc>;
  private readonly models: ReturnType<typeof modelsOf>;
  /**
   * Bounded caches in front of the indexed reads of deciding: offer bodies by id and the entries
   * of lookup keys (an empty list too: most cells hold nothing). Cross-posts of a property
   * arrive close together, so a batch mostly reads what recent batches read or wrote. Only
   * what is in the database goes in, and `apply` keeps them in step with every write, its own
   * and other instances' (caught up through the journal before a batch is decided again).
   */
  private readonly bodies: LRUCache<string, string>;
  private readonly keyEntries: LRUCache<string, KeyEntry[]>;
  /** An offer's key documents as stored, for the next write of the offer. */
  private readonly storedKeys: LRUCache<string, DedupeKeyDoc[]>;
  private readonly cappedCounts = new CappedCounts();

  constructor(connection: Connection, limits = CACHE_LIMITS) {
    this.models = modelsOf(connection);
    this.offers = this.models.offers.collection as unknown as Collection<OfferDoc>;
    this.listings = this.models.listings.collection as unknown as Collection<ListingDoc>;
    this.keys = this.models.keys.collection as unknown as Collection<DedupeKeyDoc>;
    this.bodies = new LRUCache({ maxSize: limits.offerChars, sizeCalculation: (body) => body.length });
    this.keyEntries = new LRUCache({ maxSize: limits.keyChars, sizeCalculation: (entries) => 1 + entries.reduce((n, e) => n + e.offerId.length + e.facts.length, 0) });
    this.storedKeys = new LRUCache({ maxSize: limits.keyChars, sizeCalculation: (docs) => 1 + docs.reduce((n, d) => n + d._id.length + d.facts.length, 0) });
  }

  /** Drops what the caches hold (another instance changed offers this one could not follow). */
  forgetCached(): void {
    this.bodies.clear();
    this.keyEntries.clear();
    this.storedKeys.clear();
  }

  /**
   * Declares the indexes (a new database, or one from before they existed) and gives offers
   * projected before the sync cursor existed sequence 0, so a sync from the start lists them
   * (found by the `{ seq, _id }` index: nothing to do once done).
   */
  async init(): Promise<void> {
    await Promise.all([this.models.offers.init(), this.models.listings.init(), this.models.keys.init()]);
    // A database from before `active` joined the place indexes drops the old ones (a second
    // instance starting beside this one may have dropped them first: nothing to do then).
    for (const name of RETIRED_INDEXES) await this.offers.dropIndex(name).catch(() => undefined);
    await this.offers.updateMany({ seq: null }, { $set: { seq: 0 } });
  }

  async findListings(keys: string[]): Promise<ListingRecord[]> {
    const out: ListingRecord[] = [];
    for (const part of chunks(keys)) for (const d of await this.listings.find({ _id: { $in: part } }).toArray()) out.push(JSON.parse(d.body));
    return out;
  }

  async findOffers(ids: string[]): Promise<Offer[]> {
    const out: Offer[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const body = this.bodies.get(id);
      if (body === undefined) missing.push(id);
      else out.push(JSON.parse(body));
    }
    for (const part of chunks(missing)) {
      for (const d of await this.offers.find({ _id: { $in: part } }).toArray()) {
        this.bodies.set(d._id, d.body);
        out.push(JSON.parse(d.body));
      }
    }
    return out;
  }

  /** Offers that pass the hard gates for at least one of the listings (corroboration is the caller's). */
  async candidateIds(listings: DedupeFacts[]): Promise<string[]> {
    const lookups = new Map<string, DedupeFacts[]>();
    for (const l of listings) for (const k of dedupeKeysOf(l, true)) lookups.set(k, [...(lookups.get(k) ?? []), l]);
    const out = new Set<string>();
    const consider = (d: KeyEntry, asking: DedupeFacts[]) => {
      if (out.has(d.offerId)) return;
      const facts = JSON.parse(d.facts) as GateFacts;
      if (asking.some((l) => passesGates(l, facts))) out.add(d.offerId);
    };
    const exact = [...lookups.keys()].filter((k) => !bandlessLookup(k));
    const missing = exact.filter((k) => !this.keyEntries.has(k));
    for (const part of chunks(missing)) {
      const found = new Map<string, KeyEntry[]>(part.map((k) => [k, []]));
      for (const d of await this.keys.find({ key: { $in: part } }).toArray()) found.get(d.key)?.push({ offerId: d.offerId, facts: d.facts });
      for (const [k, entries] of found) this.keyEntries.set(k, entries);
    }
    for (const k of exact) for (const d of this.keyEntries.get(k) ?? []) consider(d, lookups.get(k)!);
    // A listing without a size asks every size band of its town: one range of keys.
    for (const k of [...lookups.keys()].filter((key) => bandlessLookup(key))) {
      const prefix = bandlessLookup(k)!;
      for (const d of await this.keys.find({ key: { $gte: prefix, $lt: `${prefix}\uffff` } }).toArray()) consider(d, lookups.get(k)!);
    }
    return [...out];
  }

  async findById(id: string): Promise<Offer | null> {
    const d = await this.offers.findOne({ _id: id });
    return d ? JSON.parse(d.body) : null;
  }

  /**
   * Newest found first, from the place's index; a deep page reads at most offset + limit rows. The
   * total is counted up to `TOTAL_COUNT_LIMIT`. Listed and withdrawn offers are each a range of
   * `{ <place>, active, foundAt, _id }` (or `{ active, foundAt, _id }` nationwide), so a list of
   * both reads the two ranges newest first and merges them: no index keeps them in one order.
   */
  async list(filter: OfferFilter, page: { offset: number; limit: number; after?: PageCursor }): Promise<{ items: Offer[]; total: number }> {
    const query = queryOf(filter);
    if (filter.active !== undefined) {
      const [docs, total] = await Promise.all([
        page.after
          ? this.offers.find(afterQuery(query, page.after)).sort({ foundAt: -1, _id: -1 }).limit(page.limit).toArray()
          : this.offers.find(query).sort({ foundAt: -1, _id: -1 }).skip(page.offset).limit(page.limit).toArray(),
        this.countUpTo(query, TOTAL_COUNT_LIMIT),
      ]);
      return { items: docs.map((d) => JSON.parse(d.body)), total };
    }
    // Both states: the page's place in the merged order from ids alone, then its bodies by id.
    const [total, ...keys] = await Promise.all([
      this.countUpTo(query, TOTAL_COUNT_LIMIT),
      ...[true, false].map((active) => {
        const inState = { ...query, active };
        const found = page.after ? this.offers.find(afterQuery(inState, page.after)) : this.offers.find(inState);
        return found.project<Pick<OfferDoc, '_id' | 'foundAt'>>({ foundAt: 1 }).sort({ foundAt: -1, _id: -1 }).limit((page.after ? 0 : page.offset) + page.limit).toArray();
      }),
    ]);
    const ids = keys.flat().sort(newestFirst).slice(page.after ? 0 : page.offset).slice(0, page.limit).map((k) => k._id);
    const bodies = new Map((await this.offers.find({ _id: { $in: ids } }).toArray()).map((d) => [d._id, d.body]));
    return { items: ids.flatMap((id) => (bodies.has(id) ? [JSON.parse(bodies.get(id)!) as Offer] : [])), total };
  }

  /**
   * Matching offers, counted up to `limit` by the `count` command (`countMatching`: not an
   * aggregation, which decoded a region's 10,000 rows); a count that reached the cap is
   * remembered for a minute (`CappedCounts`).
   */
  private countUpTo(query: Filter<OfferDoc>, limit: number): Promise<number> {
    return this.cappedCounts.count(JSON.stringify(query), limit, () => countMatching(this.models.offers.db, this.offers.collectionName, query, limit));
  }

  /** Up to `limit × 3` candidates: the same municipality first, then the district; `rankAlternatives` orders them. */
  async similar(offer: Offer, limit: number): Promise<Offer[]> {
    const base: OfferFilter = { adType: offer.adType, realEstateType: offer.realEstateType, active: true };
    const places: OfferFilter[] = [];
    if (offer.location.municipalityCode) places.push({ ...base, municipalityCode: offer.location.municipalityCode });
    if (offer.location.districtCode) places.push({ ...base, districtCode: offer.location.districtCode });
    const out = new Map<string, Offer>();
    for (const place of places) {
      const docs = await this.offers.find(queryOf(place)).sort({ foundAt: -1, _id: -1 }).limit(200).toArray();
      for (const d of docs) if (d._id !== offer.id) out.set(d._id, JSON.parse(d.body));
      if (out.size >= limit * 3) break;
    }
    return [...out.values()];
  }

  /**
   * A search page (`walkSearch`): each read asks every indexed field that has places for its
   * window, newest first from `{ <field>, active, foundAt, _id }` (one code: the index in order; several:
   * `$in`, sorted over the window's rows), and merges them.
   */
  async search(places: IndexedPlaces, filter: Required<Pick<OfferFilter, 'adType' | 'realEstateType'>>, accepts: (o: Offer) => boolean, page: { limit: number; scanLimit: number; after?: PageCursor }): Promise<{ items: Offer[]; next: PageCursor | null }> {
    const fields = (Object.keys(places) as Array<keyof IndexedPlaces>).filter((f) => places[f].length > 0);
    const read: ReadWindow = async ({ from, before, limit }) => {
      const reads = await Promise.all(fields.map(async (field) => {
        const codes = places[field];
        const query = { ...queryOf({ ...filter, active: true }), [field]: codes.length === 1 ? codes[0] : { $in: codes } } as Filter<OfferDoc>;
        // The field's own index, named: FerretDB otherwise picks `{ active, foundAt }` and filters a whole
        // window of the country's offers by code (bench:places: twice the time for a 50 km circle).
        const docs = await this.offers.find(windowQuery(query, from, before)).sort({ foundAt: -1, _id: -1 }).hint({ [field]: 1, active: 1, foundAt: -1, _id: -1 }).limit(limit).toArray();
        return { rows: docs.map((d) => ({ foundAt: d.foundAt.getTime(), id: d._id, offer: JSON.parse(d.body) as Offer })), full: docs.length === limit };
      }));
      return mergeReads(reads, limit);
    };
    return walkSearch(read, accepts, { ...page, now: Date.now() });
  }

  async changedSince(after: ChangeCursor, upToSeq: number, limit: number): Promise<Array<{ offer: Offer; cursor: ChangeCursor }>> {
    if (after.seq > upToSeq) return [];
    const docs = await this.offers
      .find({ seq: { $gte: after.seq, $lte: upToSeq }, $or: [{ seq: { $gt: after.seq } }, { seq: after.seq, _id: { $gt: after.id } }] })
      .sort({ seq: 1, _id: 1 }).limit(limit).toArray();
    return docs.map((d) => ({ offer: JSON.parse(d.body) as Offer, cursor: { seq: d.seq ?? 0, id: d._id } }));
  }

  /**
   * Writes a journaled batch's state: listings and offers replaced whole by `_id` (new ones
   * inserted), and each offer's lookup keys brought in line with its facts. `seq` is the batch's
   * journal sequence number (the sync cursor's order).
   */
  async apply(batch: { offers: Offer[]; listings: ListingRecord[] }, seq = 0): Promise<void> {
    await upsertAll(this.listings, batch.listings.map((r) => ({ _id: r.key, body: JSON.stringify(r) })));
    const offerDocs = batch.offers.map((o) => offerDocOf(o, seq));
    // An offer with a cached body is in the database: only the others are looked up.
    const known = new Set(offerDocs.filter((d) => this.bodies.has(d._id)).map((d) => d._id));
    for (const id of await presentIds(this.offers, offerDocs.map((d) => d._id).filter((id) => !known.has(id)))) known.add(id);
    await upsertAll(this.offers, offerDocs, known);
    for (const d of offerDocs) this.bodies.set(d._id, d.body);
    if (batch.offers.length === 0) return;

    const wanted = new Map<string, DedupeKeyDoc>();
    const wantedOf = new Map<string, DedupeKeyDoc[]>();
    for (const o of batch.offers) {
      // Only what the gates compare: a merge that adds a source leaves the keys as they are.
      const all = dedupeFactsOf(o);
      const facts = JSON.stringify(gateFactsOf(all));
      const docs = dedupeKeysOf(all).map((key) => ({ _id: `${key}|${o.id}`, key, offerId: o.id, facts }));
      for (const d of docs) wanted.set(d._id, d);
      wantedOf.set(o.id, docs);
    }
    // An offer new to the database has no keys yet; a known one's are cached or read.
    const existing = new Map<string, DedupeKeyDoc>();
    const unread: string[] = [];
    for (const o of batch.offers) {
      if (!known.has(o.id)) continue;
      const stored = this.storedKeys.get(o.id);
      if (stored) for (const d of stored) existing.set(d._id, d);
      else unread.push(o.id);
    }
    for (const part of chunks(unread)) for (const d of await this.keys.find({ offerId: { $in: part } }).toArray()) existing.set(d._id, d);
    const stale = [...existing.keys()].filter((id) => !wanted.has(id));
    const changed = [...wanted.values()].filter((d) => existing.get(d._id)?.facts !== d.facts);
    for (const part of chunks(stale)) await this.keys.deleteMany({ _id: { $in: part } });
    await upsertAll(this.keys, changed, new Set(existing.keys()));
    for (const id of stale) this.uncacheKeyEntry(existing.get(id)!);
    for (const d of changed) this.cacheKeyEntry(d);
    for (const [offerId, docs] of wantedOf) this.storedKeys.set(offerId, docs);
  }

  /** A cached key's entries without the document's offer (a key not cached is read when asked). */
  private uncacheKeyEntry(d: DedupeKeyDoc): void {
    const entries = this.keyEntries.get(d.key);
    if (entries) this.keyEntries.set(d.key, entries.filter((e) => e.offerId !== d.offerId));
  }

  private cacheKeyEntry(d: DedupeKeyDoc): void {
    const entries = this.keyEntries.get(d.key);
    if (entries) this.keyEntries.set(d.key, [...entries.filter((e) => e.offerId !== d.offerId), { offerId: d.offerId, facts: d.facts }]);
  }
}

function modelsOf(connection: Connection) {
  return { offers: offerModel(connection), listings: listingModel(connection), keys: dedupeKeyModel(connection) };
}

/** Which of the ids are in the collection. */
async function presentIds<T extends { _id: string }>(collection: Collection<T>, ids: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunks(ids)) {
    for (const d of await collection.find({ _id: { $in: part } } as Filter<T>, { projection: { _id: 1 } }).toArray()) out.push(d._id as string);
  }
  return out;
}

/**
 * New documents go in one insert (cheap on FerretDB), known ones are replaced by `_id` in chunks.
 * Which are known is read first unless the caller knows.
 */
async function upsertAll<T extends { _id: string }>(collection: Collection<T>, docs: T[], known?: Set<string>): Promise<void> {
  if (docs.length === 0) return;
  const present = known ?? new Set(await presentIds(collection, docs.map((d) => d._id)));
  const raced = await insertFresh(collection, docs.filter((d) => !present.has(d._id)));
  const replaced = docs.filter((d) => present.has(d._id) || raced.has(d._id));
  const ops = replaced.map((d) => ({ replaceOne: { filter: { _id: d._id } as Filter<T>, replacement: d, upsert: true } }));
  for (const part of chunks(ops, BULK_CHUNK)) await collection.bulkWrite(part as AnyBulkWriteOperation<T>[], { ordered: false });
}

/** Inserts; documents that exist after all (a replay, or another writer) come back to be replaced. */
async function insertFresh<T extends { _id: string }>(collection: Collection<T>, docs: T[]): Promise<Set<string>> {
  const refused = await insertRefusingDuplicates(collection, docs);
  return new Set([...refused].map((index) => docs[index]._id));
}

function offerDocOf(o: Offer, seq: number): OfferDoc {
  return {
    seq,
    _id: o.id, body: JSON.stringify(o), active: o.active, adType: o.adType, realEstateType: o.realEstateType,
    regionCode: o.location.regionCode, districtCode: o.location.districtCode, municipalityCode: o.location.municipalityCode,
    foundAt: new Date(o.foundAt),
  };
}

/**
 * Offers after a page's last one, newest first. The plain `foundAt` bound is what the index seeks
 * to; the `$or` settles ties on `foundAt` by id.
 */
function afterQuery(query: Filter<OfferDoc>, after: PageCursor): Filter<OfferDoc> {
  const at = new Date(after.foundAt);
  return { ...query, foundAt: { $lte: at }, $or: [{ foundAt: { $lt: at } }, { foundAt: at, _id: { $lt: after.id } }] };
}

/**
 * A search read's window: found at or after `from`, and after `before` in the walk's order (an
 * empty id: before that instant). `from` and the plain `foundAt` bound are what the index seeks.
 */
function windowQuery(query: Filter<OfferDoc>, from: number | null, before: PageCursor | null): Filter<OfferDoc> {
  const range: Record<string, Date> = {};
  if (from !== null) range.$gte = new Date(from);
  if (before === null) return from === null ? query : { ...query, foundAt: range };
  const at = new Date(before.foundAt);
  if (before.id === '') return { ...query, foundAt: { ...range, $lt: at } };
  return { ...query, foundAt: { ...range, $lte: at }, $or: [{ foundAt: { $lt: at } }, { foundAt: at, _id: { $lt: before.id } }] };
}

/** The search walk's order (newest found first, ties by id descending) over stored rows. */
const newestFirst = (a: Pick<OfferDoc, '_id' | 'foundAt'>, b: Pick<OfferDoc, '_id' | 'foundAt'>): number =>
  walksBefore({ foundAt: a.foundAt.getTime(), id: a._id }, { foundAt: b.foundAt.getTime(), id: b._id }) ? -1 : a._id === b._id ? 0 : 1;

function queryOf(f: OfferFilter): Filter<OfferDoc> {
  const q: Filter<OfferDoc> = {};
  if (f.regionCode !== undefined) q.regionCode = f.regionCode;
  if (f.districtCode !== undefined) q.districtCode = f.districtCode;
  if (f.municipalityCode !== undefined) q.municipalityCode = f.municipalityCode;
  if (f.adType !== undefined) q.adType = f.adType;
  if (f.realEstateType !== undefined) q.realEstateType = f.realEstateType;
  if (f.active !== undefined) q.active = f.active;
  return q;
}
