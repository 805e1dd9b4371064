import mongoose from 'mongoose';
import { testEnv } from '@rr/kit/testing';
import { exampleOffer } from '@rr/proto/examples';
import { bucketChangesOf, type BucketChange } from '../src/domain/bucket-changes';
import { factFromOffer } from '../src/domain/offer-fact';
import type { BucketCells } from '../src/domain/price-bucket';
import { fileBuckets, fileCounts } from '../src/repositories/bucket-filing';
import { PriceBucketRepository } from '../src/repositories/price-bucket.repository';
import type { DocsById } from '../src/repositories/versioned-writes';

jest.setTimeout(60_000);

const t = testEnv();
/** One new offer's bucket changes: it goes into its nine buckets (four places, five grid cells). */
const newOffer = (n: number, location = exampleOffer.location): BucketChange[] =>
  bucketChangesOf([{ before: null, after: factFromOffer({ ...exampleOffer, id: `o-${t.id}-${n}`, price: 5_000_000 + n * 250_000, location }) }]);
/** An offer in another municipality of the same Prague district: it shares three of the nine buckets. */
const elsewhere = { ...exampleOffer.location, municipalityCode: '500011', point: { lat: 50.5, lon: 15.5 } };

/**
 * The collection as another instance shares it: just before this writer's first `method` call
 * (after it read the documents), the other instance files its own change.
 */
function racing(collection: DocsById, method: 'insertMany' | 'bulkWrite', other: () => Promise<unknown>): DocsById {
  let raced = false;
  return new Proxy(collection, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (prop !== method || raced) return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        raced = true;
        await other();
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

describe('buckets filed beside another instance', () => {
  let db: mongoose.Connection;
  let repo: PriceBucketRepository;
  let buckets: DocsById;
  let counts: DocsById;
  const cellsOf = async () => (await repo.model.find({}).lean()).map((b) => JSON.parse(b.cells) as BucketCells);

  beforeAll(async () => {
    db = await mongoose.createConnection(t.mongoUrl, { dbName: `rr-analytics-race${t.dbSuffix}` }).asPromise();
    repo = new PriceBucketRepository(db);
    await repo.init();
    buckets = repo.model.collection as unknown as DocsById;
    counts = repo.counts.collection as unknown as DocsById;
  });

  afterAll(async () => {
    await db?.dropDatabase();
    await db?.close();
  });

  it('reads again and applies again a change whose new buckets another instance inserted first', async () => {
    const filed = await fileBuckets(racing(buckets, 'insertMany', () => fileBuckets(buckets, newOffer(1))), newOffer(2));
    expect(filed.map((f) => f.version)).toEqual(Array(9).fill(2));
    for (const cells of await cellsOf()) expect(cells['3+kk']!.n).toBe(2);
  });

  it('reads again and applies again the changes of the buckets another instance updated first, and keeps its later counts', async () => {
    const theirs = await fileBuckets(buckets, newOffer(3));
    const ours = await fileBuckets(racing(buckets, 'bulkWrite', () => fileBuckets(buckets, newOffer(4, elsewhere))), newOffer(5));
    const shared = ['d:CZ0100', 'r:CZ010', 'p:PRAHA-8'];
    expect(Object.fromEntries(ours.map((f) => [f.key.placeKey, f.version]))).toEqual(Object.fromEntries(theirs.map((f) => [f.key.placeKey, shared.includes(f.key.placeKey) ? 5 : 4])));
    const n = async (placeKey: string) => JSON.parse((await repo.model.findOne({ placeKey }).lean())!.cells)['3+kk'].n as number;
    expect(await n('m:554782')).toBe(4);
    expect(await n('r:CZ010')).toBe(5);
    expect(await n('m:500011')).toBe(1);

    // Counts: another instance files the later versions first; the older ones stay out.
    const place = (f: { key: { placeKey: string } }) => f.key.placeKey === 'm:554782';
    expect(await fileCounts(racing(counts, 'insertMany', () => fileCounts(counts, ours.filter(place))), theirs.filter(place))).toEqual([]);
    const [stored] = await repo.countsByIds(['m:554782|Sale']);
    expect(stored.months[theirs[0].key.month].Apartment).toEqual({ v: 4, l: { '3+kk': 4 } });
  });
});
