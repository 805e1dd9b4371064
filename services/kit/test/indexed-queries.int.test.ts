import { Query } from 'mingo';
import mongoose from 'mongoose';
import type { Collection, Document, Filter, Sort } from 'mongodb';
import { testEnv } from '../src/testing';
import { compareBson } from './support/bson-order';
import { explainUsesIndex } from './support/query-plans';

const { Double, Int32, Long, ObjectId } = mongoose.mongo;

/**
 * The embedded database answers filters and sorts on indexed top-level fields from SQLite's
 * indexes (scripts/infra/ferretdb/3-pushdown.patch). Pushed down, a condition must never lose a
 * document, and a pushed-down sort must order exactly as MongoDB does. This test runs every
 * query shape the services use on awkward data (numbers of mixed types, null and missing, dates,
 * ObjectIDs, booleans, documents, arrays, diacritics) and checks each answer against the same
 * query applied in memory (mingo for filters, MongoDB's order of types for sorts), and that the
 * shapes meant to be indexed are planned on an index.
 */
const env = testEnv();
let connection: mongoose.Connection;
let docs: Collection;
let stored: Document[];

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
const oid = (n: number) => new ObjectId(n.toString(16).padStart(24, '0'));
const NOW = day(20);

/** Values of every BSON type the services store, in one field, so comparisons cross types. */
const MIXED = [
  new Int32(5), new Double(5), Long.fromNumber(5), new Double(5.5), -3, 0, '5', 'abc', '', null, undefined,
  day(3), day(9), true, false, oid(7), oid(700), { x: 1 }, new Int32(12), 'Žluťoučký', 'zebra',
];
const STRINGS = ['Praha', 'Praha 5', 'praha', 'Prostějov', 'Přerov', 'Plzeň', 'Brno', 'Ústí nad Labem', '', 'Pr', undefined, null];
const STATES = ['active', 'new', 'due', 'disabled'];

function makeDocument(i: number): Document {
  const doc: Document = { _id: oid(10_000 + i), st: STATES[i % STATES.length], seq: i };
  const mixed = MIXED[i % MIXED.length];
  if (mixed !== undefined) doc.a = mixed;
  const s = STRINGS[(i * 7) % STRINGS.length];
  if (s !== undefined) doc.s = s;
  if (i % 5 !== 0) doc.d = day((i * 13) % 40);
  if (i % 6 !== 1) doc.n = i % 4 === 0 ? new Double((i % 17) - 4.5) : i % 4 === 1 ? Long.fromNumber((i % 23) - 6) : (i % 11) - 2;
  doc.tags = i % 3 === 0 ? ['x', `t${i % 4}`] : `t${i % 4}`;
  if (i % 9 === 0) doc.nested = { x: i % 2 };
  return doc;
}

type Shape = { name: string; filter: Filter<Document>; sort?: Sort; limit?: number; indexed: boolean };

const SHAPES: Shape[] = [
  // equality on a field of mixed types: each numeric type finds the others, no type finds another
  { name: 'int equality', filter: { a: 5 }, indexed: true },
  { name: 'double equality', filter: { a: new Double(5) }, indexed: true },
  { name: 'long equality', filter: { a: Long.fromNumber(5) }, indexed: true },
  { name: 'string equality', filter: { a: '5' }, indexed: true },
  { name: 'null matches missing', filter: { a: null }, indexed: true },
  { name: 'boolean equality', filter: { a: true }, indexed: true },
  { name: 'date equality', filter: { a: day(3) }, indexed: true },
  { name: 'ObjectId equality', filter: { a: oid(7) }, indexed: true },
  { name: '$eq', filter: { a: { $eq: 0 } }, indexed: true },
  { name: '$in of mixed types with null', filter: { a: { $in: [5, 'abc', null, oid(700), false] } }, indexed: true },
  { name: 'empty $in (nothing to read)', filter: { a: { $in: [] } }, indexed: false },
  // ranges bracket by type
  { name: 'number range', filter: { a: { $gt: 0, $lte: 12 } }, indexed: true },
  { name: 'string range', filter: { a: { $lt: 'b' } }, indexed: true },
  { name: 'date range', filter: { a: { $gte: day(3) } }, indexed: true },
  { name: 'ObjectId range', filter: { a: { $gt: oid(8) } }, indexed: true },
  { name: 'boolean range', filter: { a: { $gt: false } }, indexed: true },
  { name: 'mixed numeric bounds', filter: { n: { $gte: Long.fromNumber(-2), $lt: new Double(3.5) } }, indexed: true },
  { name: 'prefix as a range (admin search)', filter: { s: { $gte: 'Pr', $lt: 'Pr\uffff' } }, indexed: true },
  { name: 'diacritics sort by code point', filter: { s: { $gt: 'Praha' } }, sort: { s: 1, _id: 1 }, indexed: true },
  // pages: newest first, keyset, claims
  { name: 'state and date range, newest first', filter: { st: 'active', d: { $lt: day(30) } }, sort: { d: -1, _id: -1 }, limit: 5, indexed: true },
  { name: 'state, sorted by date with ties', filter: { st: 'due' }, sort: { d: 1 }, limit: 3, indexed: true },
  { name: 'due items, earliest first', filter: { st: 'due', d: { $lte: NOW } }, sort: { d: 1, _id: 1 }, indexed: true },
  { name: 'sort on a mixed field ascending', filter: {}, sort: { a: 1, _id: 1 }, indexed: true },
  { name: 'sort on a mixed field descending', filter: { st: { $in: ['active', 'new'] } }, sort: { a: -1, _id: -1 }, indexed: false },
  { name: 'sort on missing values', filter: { n: { $exists: true } }, sort: { d: -1, _id: 1 }, limit: 12, indexed: false },
  { name: '_id $in', filter: { _id: { $in: [oid(10_001), oid(10_050), oid(3)] } }, indexed: true },
  { name: '_id range, by _id', filter: { _id: { $gt: oid(10_100) } }, sort: { _id: 1 }, limit: 10, indexed: true },
  // logical operators
  { name: '$or of indexed fields', filter: { $or: [{ st: 'new', d: { $gt: day(10) } }, { a: 5 }] }, indexed: true },
  { name: '$and of ranges', filter: { $and: [{ n: { $gt: -2 } }, { n: { $lt: 4 } }] }, indexed: true },
  { name: '$or with a branch that cannot be pushed', filter: { $or: [{ st: 'new' }, { s: { $regex: /^Pr/ } }] }, indexed: false },
  // what is not pushed down still answers right
  { name: 'array field equality', filter: { tags: 'x' }, indexed: false },
  { name: 'array field range', filter: { tags: { $gte: 't2' } }, indexed: false },
  { name: 'nested path', filter: { 'nested.x': 1 }, indexed: false },
  { name: '$ne', filter: { a: { $ne: 5 } }, indexed: false },
  { name: 'equality with a document', filter: { a: { x: 1 } }, indexed: false },
  { name: 'pushed part and unpushed part', filter: { st: 'active', s: { $regex: /a$/ } }, indexed: true },
];

/** The filter as the documents read back hold values: BSON number wrappers as plain numbers. */
function plain(value: unknown): unknown {
  if (value instanceof Double || value instanceof Int32) return value.valueOf();
  if (value instanceof Long) return value.toNumber();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object' && value.constructor === Object) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

function oracle(shape: Shape): Document[] {
  let result = new Query(plain(shape.filter) as Record<string, unknown>).find(stored as Record<string, unknown>[]).all() as Document[];
  if (shape.sort) {
    const keys = Object.entries(shape.sort as Record<string, 1 | -1>);
    result = [...result].sort((x, y) => {
      for (const [field, dir] of keys) {
        const c = compareBson(x[field], y[field]);
        if (c !== 0) return c * dir;
      }
      return 0;
    });
  }
  return shape.limit ? result.slice(0, shape.limit) : result;
}

const ids = (list: Document[]) => list.map((d) => String(d._id));

beforeAll(async () => {
  connection = await mongoose.createConnection(env.mongoUrl, { dbName: `rr-kit-queries${env.dbSuffix}` }).asPromise();
  docs = connection.db!.collection('docs');
  await docs.createIndexes([
    { key: { a: 1, _id: 1 } }, { key: { s: 1, _id: 1 } }, { key: { st: 1, d: -1, _id: -1 } }, { key: { n: 1 } }, { key: { tags: 1 } }, { key: { st: 1, n: 1, _id: 1 } },
  ]);
  await docs.insertMany(Array.from({ length: 420 }, (_, i) => makeDocument(i)));
  stored = await docs.find({}).toArray();
});

afterAll(async () => {
  await connection.db?.dropDatabase();
  await connection.close();
});

describe('queries on the embedded database', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('answers %s exactly as in memory', async (_name, shape) => {
    let cursor = docs.find(shape.filter);
    if (shape.sort) cursor = cursor.sort(shape.sort);
    if (shape.limit) cursor = cursor.limit(shape.limit);
    const answer = await cursor.toArray();
    const expected = oracle(shape);
    if (!shape.sort) {
      expect(ids(answer).sort()).toEqual(ids(expected).sort());
    } else if (Object.keys(shape.sort).includes('_id')) {
      expect(ids(answer)).toEqual(ids(expected));
    } else {
      // Ties may come in any order: the sort keys come in the same order, from matching documents.
      const keys = (list: Document[]) => list.map((d) => Object.keys(shape.sort!).map((k) => String(d[k])).join('|'));
      expect(keys(answer)).toEqual(keys(expected));
      const matching = new Set(ids(oracle({ ...shape, sort: undefined, limit: undefined })));
      expect(ids(answer).filter((id) => !matching.has(id))).toEqual([]);
    }
  });

  // A find's skip and limit are applied by the database when it selects exactly and in the find's
  // order (scripts/infra/ferretdb/6-window.patch), by the server otherwise: the same pages either way.
  const ORDERED = SHAPES.filter((s) => s.sort && Object.keys(s.sort).includes('_id'));
  it.each(ORDERED.map((s) => [s.name, s] as const))('pages %s by skip and limit exactly as in memory', async (_name, shape) => {
    const all = oracle({ ...shape, limit: undefined });
    for (const [skip, limit] of [[0, 5], [3, 5], [7, 0], [all.length - 1, 3], [all.length + 5, 2]]) {
      let cursor = docs.find(shape.filter).sort(shape.sort!).skip(Math.max(0, skip));
      if (limit) cursor = cursor.limit(limit);
      const window = all.slice(Math.max(0, skip), limit ? Math.max(0, skip) + limit : undefined);
      expect([skip, limit, ids(await cursor.toArray())]).toEqual([skip, limit, ids(window)]);
    }
  });

  it('pages by skip in batches across getMore, and under a sort it cannot hand over', async () => {
    const all = oracle({ name: 'all', filter: { st: 'active' }, sort: { d: -1, _id: -1 }, indexed: true });
    expect(ids(await docs.find({ st: 'active' }).sort({ d: -1, _id: -1 }).skip(4).batchSize(7).toArray())).toEqual(ids(all.slice(4)));
    const nested = await docs.find({ st: 'active' }).sort({ 'nested.x': 1, _id: 1 }).skip(5).limit(10).toArray();
    const byNested = await docs.find({ st: 'active' }).sort({ 'nested.x': 1, _id: 1 }).toArray();
    expect(ids(nested)).toEqual(ids(byNested.slice(5, 15)));
  });

  it.each(SHAPES.map((s) => [s.name, s] as const))('counts %s exactly as in memory', async (_name, shape) => {
    expect(await docs.countDocuments(shape.filter)).toBe(oracle({ ...shape, sort: undefined, limit: undefined }).length);
  });

  // The `count` command with a cap (the offer lists' totals): the database may stop at the cap.
  it.each(SHAPES.map((s) => [s.name, s] as const))('counts %s with a skip and a cap as in memory', async (_name, shape) => {
    const n = oracle({ ...shape, sort: undefined, limit: undefined }).length;
    for (const [skip, limit] of [[0, 3], [2, 5], [0, n + 1], [n, 4]]) {
      const answer = await docs.db.command({ count: docs.collectionName, query: shape.filter, skip, limit });
      expect(answer.n).toBe(Math.min(Math.max(n - skip, 0), limit));
    }
  });

  // A filter the database selects exactly is deleted by it without reading the documents.
  it.each(SHAPES.map((s) => [s.name, s] as const))('deletes by %s exactly as in memory', async (_name, shape) => {
    const doomed = oracle({ ...shape, sort: undefined, limit: undefined });
    try {
      expect((await docs.deleteMany(shape.filter)).deletedCount).toBe(doomed.length);
      expect(ids(await docs.find({}).toArray()).sort()).toEqual(ids(stored.filter((d) => !doomed.includes(d))).sort());
    } finally {
      if (doomed.length > 0) await docs.insertMany(doomed);
    }
  });

  it('counts the whole collection, with and without a skip and a limit', async () => {
    expect(await docs.estimatedDocumentCount()).toBe(stored.length);
    expect(await docs.countDocuments({}, { skip: 400, limit: 50 })).toBe(stored.length - 400);
    expect(await docs.countDocuments({ st: 'new' }, { limit: 7 })).toBe(7);
  });

  it('plans every shape meant to be indexed on an index', async () => {
    const unindexed: string[] = [];
    for (const shape of SHAPES.filter((s) => s.indexed)) {
      const plan = await docs.find(shape.filter).sort(shape.sort ?? {}).limit(shape.limit ?? 0).explain();
      if (!explainUsesIndex(plan)) unindexed.push(`${shape.name}: ${JSON.stringify(plan.queryPlanner)}`);
    }
    expect(unindexed).toEqual([]);
  });

  it('reads pages by a keyset without gaps or repeats', async () => {
    const seen: string[] = [];
    let after: { n: number; _id: mongoose.Types.ObjectId } | undefined;
    for (let page = 0; page < 100; page++) {
      const filter: Filter<Document> = after
        ? { st: 'active', $or: [{ n: { $gt: after.n } }, { n: after.n, _id: { $gt: after._id } }] }
        : { st: 'active', n: { $gte: -100 } };
      const rows = await docs.find(filter).sort({ n: 1, _id: 1 }).limit(7).toArray();
      if (rows.length === 0) break;
      seen.push(...ids(rows));
      const last = rows[rows.length - 1];
      after = { n: Number(last.n), _id: last._id };
    }
    const expected = oracle({ name: 'all', filter: { st: 'active', n: { $gte: -100 } }, sort: { n: 1, _id: 1 }, indexed: true });
    expect(seen).toEqual(ids(expected));
  });

  it('claims the earliest due document with a sorted findOneAndUpdate', async () => {
    const expected = oracle({ name: 'due', filter: { st: 'due', d: { $lte: NOW } }, sort: { d: 1, _id: 1 }, indexed: true })[0];
    const claimed = await docs.findOneAndUpdate({ st: 'due', d: { $lte: NOW } }, { $set: { st: 'claimed' } }, { sort: { d: 1, _id: 1 } });
    expect(String(claimed?._id)).toBe(String(expected._id));
    await docs.updateOne({ _id: claimed!._id }, { $set: { st: 'due' } });
  });

  it('counts, updates and deletes by pushed-down filters', async () => {
    expect(await docs.countDocuments({ st: 'new', n: { $gt: 0 } })).toBe(oracle({ name: 'c', filter: { st: 'new', n: { $gt: 0 } }, indexed: true }).length);
    const doomed = oracle({ name: 'd', filter: { n: { $lt: -4 } }, indexed: true });
    const deleted = await docs.deleteMany({ n: { $lt: -4 } });
    expect(deleted.deletedCount).toBe(doomed.length);
    expect(await docs.countDocuments({ n: { $lt: -4 } })).toBe(0);
    await docs.insertMany(doomed);
  });

  it('does not push a filter down on a field once it holds an array', async () => {
    await docs.insertOne({ _id: oid(99_999), st: ['active', 'new'], n: 1 });
    const found = await docs.find({ st: 'new', n: 1 }).toArray();
    expect(ids(found)).toContain(String(oid(99_999)));
    await docs.deleteOne({ _id: oid(99_999) });
  });
});
