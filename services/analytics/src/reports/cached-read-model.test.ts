import { PackedCells } from '../domain/packed-cells';
import type { BucketCells } from '../domain/price-bucket';
import type { StoredCounts, VersionedBucket } from '../repositories/price-bucket.repository';
import { CachedReadModel, type VersionedSource } from './cached-read-model';

const cells = (n: number): BucketCells => ({ '2+kk': { n, noPrice: 0, noArea: 0, ppm: {}, price: {}, ended: {}, listedSince: {} } });
/** Room for two of the test's buckets held packed, not three. */
const ROOM_FOR_TWO = 2 * PackedCells.of(cells(3)).bytes + 20;
/** Offers of the layout the test's buckets hold. */
const nOf = (b: { cells: BucketCells | PackedCells }) => (b.cells as PackedCells).layoutCounts()['2+kk'];

/** A database of place keys' counts and their buckets (`m:1` unless said), counting what is read whole. */
function source() {
  const counts = new Map<string, StoredCounts>();
  const buckets = new Map<string, VersionedBucket>();
  const reads = { counts: [] as string[], buckets: [] as string[] };
  /** A bucket written (its version up by one) and its counts entry filed, as the repository's `fileBuckets` and `fileCounts` do. */
  const write = (month: string, n: number, placeKey = 'm:1') => {
    const id = `${placeKey}|Sale|Apartment|${month}`;
    const version = (buckets.get(id)?.version ?? 0) + 1;
    buckets.set(id, { id, version, placeKey, realEstateType: 'Apartment', month, cells: cells(n), chars: 100 });
    const doc = counts.get(`${placeKey}|Sale`) ?? { id: `${placeKey}|Sale`, placeKey, version: 0, months: {}, chars: 100 };
    counts.set(`${placeKey}|Sale`, { ...doc, version: doc.version + 1, months: { ...doc.months, [month]: { Apartment: { v: version, l: { '2+kk': n } } } } });
  };
  /** While set, counts reads wait for it (a read in flight). */
  let gate: Promise<void> | null = null;
  const db: VersionedSource = {
    rawCountsByIds: async (ids) => {
      reads.counts.push(...ids);
      const snapshot = ids.map((id) => counts.get(id)).filter((c) => c !== undefined).map((c) => ({ id: c.id, placeKey: c.placeKey, version: c.version, json: JSON.stringify(c.months) }));
      if (gate) await gate;
      return snapshot;
    },

    bucketsByIds: async (ids) => { reads.buckets.push(...ids); return ids.flatMap((id) => (buckets.has(id) ? [structuredClone(buckets.get(id)!)] : [])); },
    findForPlaces: async () => [],
  };
  /** Every counts document as stored, a page each. */
  async function* pages() {
    for (const c of counts.values()) yield [{ id: c.id, placeKey: c.placeKey, version: c.version, json: JSON.stringify(c.months) }];
  }
  const countsVersion = () => ({ id: 'm:1|Sale', version: counts.get('m:1|Sale')?.version ?? 0 });
  return { db, write, reads, pages, countsVersion, hold: (p: Promise<void> | null) => (gate = p) };
}

describe('CachedReadModel', () => {
  it('answers from memory while the versions stand and reads again what an offer event changed', async () => {
    const { db, write, reads } = source();
    write('2026-10', 5);
    write('2026-11', 7);
    const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: 10_000 });
    const read = async () => {
      const counts = await model.findCounts(['m:1'], 'Sale', '2026-09', '2026-11');
      return { counts, buckets: await model.findBuckets('Sale', counts) };
    };

    const first = await read();
    expect(first.buckets.map((b) => [b.month, nOf(b)])).toEqual([['2026-10', 5], ['2026-11', 7]]);
    expect(reads).toEqual({ counts: ['m:1|Sale'], buckets: ['m:1|Sale|Apartment|2026-10', 'm:1|Sale|Apartment|2026-11'] });

    // Nothing changed: the counts document is read but not parsed again, no bucket is read.
    await read();
    expect(model.stats).toMatchObject({ countsHits: 1, countsReads: 1 });
    expect(reads.buckets).toHaveLength(2);

    // An offer published in November (written by any instance): its counts and its bucket are read again, October's is not.
    write('2026-11', 8);
    const after = await read();
    expect(after.buckets.map((b) => [b.month, nOf(b)]).sort()).toEqual([['2026-10', 5], ['2026-11', 8]]);
    expect(reads.buckets.slice(2)).toEqual(['m:1|Sale|Apartment|2026-11']);
    expect(model.stats).toEqual({ countsHits: 1, countsReads: 2, bucketHits: 3, bucketReads: 3, noticed: 0 });
  });

  it('reads only the months asked for and keeps within its bound', async () => {
    const { db, write, reads } = source();
    for (const month of ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']) write(month, 3);
    const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: ROOM_FOR_TWO });
    const counts = await model.findCounts(['m:1'], 'Sale', '2026-09', '2026-11');
    expect(counts.map((c) => c.month).sort()).toEqual(['2026-09', '2026-10', '2026-11']);
    await model.findBuckets('Sale', counts);
    await model.findBuckets('Sale', counts);
    // Three buckets never fit in room for two: each round reads at least one again.
    expect(reads.buckets.length).toBeGreaterThan(3);
    expect(reads.buckets.every((id) => id >= 'm:1|Sale|Apartment|2026-09')).toBe(true);
  });

  describe('following the changed counts', () => {
    const read = async (model: CachedReadModel, place = 'm:1') => {
      const counts = await model.findCounts([place], 'Sale', '2026-09', '2026-11');
      return (await model.findBuckets('Sale', counts)).map((b) => [b.month, nOf(b)]).sort();
    };

    it('answers from memory without asking the database until a notice names a newer version', async () => {
      const { db, write, reads, countsVersion } = source();
      write('2026-10', 5);
      const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: 10_000 });
      model.follow();
      expect(await read(model)).toEqual([['2026-10', 5]]);
      expect(await read(model)).toEqual([['2026-10', 5]]);
      expect(reads.counts).toEqual(['m:1|Sale']);

      // Written but not yet announced: the copy held still answers.
      write('2026-11', 7);
      expect(await read(model)).toEqual([['2026-10', 5]]);
      model.changed([countsVersion()]);
      expect(await read(model)).toEqual([['2026-10', 5], ['2026-11', 7]]);
      expect(reads).toEqual({ counts: ['m:1|Sale', 'm:1|Sale'], buckets: ['m:1|Sale|Apartment|2026-10', 'm:1|Sale|Apartment|2026-11'] });

      // A notice of a version already held (a redelivery, an older write) drops nothing.
      model.changed([countsVersion()]);
      await read(model);
      expect(reads.counts).toHaveLength(2);
    });

    it('does not keep a copy read while a newer version was announced', async () => {
      const { db, write, reads, countsVersion, hold } = source();
      write('2026-10', 5);
      const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: 10_000 });
      model.follow();
      let release!: () => void;
      hold(new Promise((resolve) => (release = resolve)));
      const inFlight = read(model);
      // The read took version 1; version 2 is written and announced before its answer arrives.
      write('2026-10', 6);
      model.changed([countsVersion()]);
      hold(null);
      release();
      await inFlight;
      expect(await read(model)).toEqual([['2026-10', 6]]);
      expect(reads.counts).toEqual(['m:1|Sale', 'm:1|Sale']);
    });

    it('holds a place without offers as empty until its first counts are announced', async () => {
      const { db, write, reads, countsVersion } = source();
      const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: 10_000 });
      model.follow();
      expect(await read(model)).toEqual([]);
      expect(await read(model)).toEqual([]);
      expect(reads.counts).toEqual(['m:1|Sale']);
      write('2026-11', 2);
      model.changed([countsVersion()]);
      expect(await read(model)).toEqual([['2026-11', 2]]);
    });

    it('checks every copy again once it stops following', async () => {
      const { db, write, reads } = source();
      write('2026-10', 5);
      const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: 10_000 });
      model.follow();
      await read(model);
      model.unfollow();
      write('2026-10', 9);
      expect(await read(model)).toEqual([['2026-10', 9]]);
      expect(reads.counts).toEqual(['m:1|Sale', 'm:1|Sale']);
    });
  });

  describe('warming', () => {
    it('reads every counts document and the window\'s buckets they name, so reports then read nothing', async () => {
      const { db, write, reads, pages } = source();
      for (const month of ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']) write(month, 3);
      const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: 10_000 });
      model.follow();
      expect(await model.warm(pages(), '2026-10', '2026-11')).toEqual({ counts: 1, buckets: 2 });
      expect(reads).toEqual({ counts: [], buckets: ['m:1|Sale|Apartment|2026-10', 'm:1|Sale|Apartment|2026-11'] });
      const counts = await model.findCounts(['m:1'], 'Sale', '2026-10', '2026-11');
      expect((await model.findBuckets('Sale', counts)).map((b) => b.month).sort()).toEqual(['2026-10', '2026-11']);
      expect(reads).toEqual({ counts: [], buckets: ['m:1|Sale|Apartment|2026-10', 'm:1|Sale|Apartment|2026-11'] });

      // The warmed copy holds the window's months only: a longer window reads the whole document once.
      const longer = async () => (await model.findCounts(['m:1'], 'Sale', '2026-07', '2026-11')).map((c) => c.month).sort();
      expect(await longer()).toEqual(['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
      expect(await longer()).toHaveLength(5);
      expect(reads.counts).toEqual(['m:1|Sale']);
    });

    it('reads buckets only while their copies have room', async () => {
      const { db, write, reads, pages } = source();
      for (const place of ['m:1', 'm:2']) for (const month of ['2026-10', '2026-11']) write(month, 3, place);
      // Room for two buckets: the first place's two fill it, the second's are not read.
      const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: ROOM_FOR_TWO });
      model.follow();
      expect(await model.warm(pages(), '2026-10', '2026-11')).toEqual({ counts: 2, buckets: 2 });
      expect(reads.buckets).toEqual(['m:1|Sale|Apartment|2026-10', 'm:1|Sale|Apartment|2026-11']);
    });

    it('warms nothing unless it follows, and stops when asked', async () => {
      const { db, write, pages } = source();
      write('2026-11', 3);
      const model = new CachedReadModel(db, { countsChars: 10_000, bucketBytes: 10_000 });
      expect(await model.warm(pages(), '2026-10', '2026-11')).toEqual({ counts: 0, buckets: 0 });
      model.follow();
      const stop = new AbortController();
      stop.abort();
      expect(await model.warm(pages(), '2026-10', '2026-11', stop.signal)).toEqual({ counts: 0, buckets: 0 });
    });
  });
});
