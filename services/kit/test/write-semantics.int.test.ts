import mongoose from 'mongoose';
import type { Collection, Document } from 'mongodb';
import { testEnv } from '../src/testing';

/**
 * Writes on the embedded database behave as on MongoDB (scripts/infra/ferretdb/4-write-path.patch):
 * FerretDB applies an update by reading the document and writing it back whole, so concurrent
 * updates of one document could undo each other, and replacements are taken in bulk. These run
 * the write shapes the services use under concurrency and check MongoDB's results.
 */
const env = testEnv();
let connection: mongoose.Connection;
let docs: Collection<Document>;

beforeAll(async () => {
  connection = await mongoose.createConnection(env.mongoUrl, { dbName: `rr-kit-writes${env.dbSuffix}` }).asPromise();
  docs = connection.db!.collection('docs');
});

afterAll(async () => {
  await connection.db?.dropDatabase();
  await connection.close();
});

describe('concurrent updates of one document', () => {
  it('keeps every field that concurrent updates set', async () => {
    await docs.insertOne({ _id: 'user' as never, role: 'free' });
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 16 }, (_, f) => docs.updateOne({ _id: 'user' as never }, { $set: { [`f${f}`]: round } })));
      const doc = await docs.findOne({ _id: 'user' as never });
      expect(Array.from({ length: 16 }, (_, f) => doc?.[`f${f}`])).toEqual(Array(16).fill(round));
    }
  });

  it('counts every concurrent increment', async () => {
    await docs.insertOne({ _id: 'counter' as never, n: 0 });
    await Promise.all(Array.from({ length: 40 }, () => docs.updateOne({ _id: 'counter' as never }, { $inc: { n: 1 } })));
    expect((await docs.findOne({ _id: 'counter' as never }))?.n).toBe(40);
  });

  it('lets one of many racing conditional updates win', async () => {
    await docs.insertOne({ _id: 'head' as never, seq: 0 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => docs.updateOne({ _id: 'head' as never, seq: 0 }, { $set: { seq: 1, by: i } })));
    expect(results.reduce((n, r) => n + r.matchedCount, 0)).toBe(1);
  });

  it('lets one of many racing findOneAndUpdate claims win', async () => {
    await docs.insertOne({ _id: 'lease' as never, holder: null });
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => docs.findOneAndUpdate({ _id: 'lease' as never, holder: null }, { $set: { holder: i } })));
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
  });
});

describe('replacements by _id in bulk', () => {
  it('reports matched, modified and upserted as MongoDB does and stores the replacements', async () => {
    await docs.insertMany([{ _id: 'r1' as never, v: 1 }, { _id: 'r2' as never, v: 2 }, { _id: 'r3' as never, v: 3, extra: true }]);
    const result = await docs.bulkWrite([
      { replaceOne: { filter: { _id: 'r1' }, replacement: { v: 10 }, upsert: true } },
      { replaceOne: { filter: { _id: 'r2' }, replacement: { v: 2 }, upsert: true } },
      { replaceOne: { filter: { _id: 'r4' }, replacement: { v: 4 }, upsert: true } },
      { replaceOne: { filter: { _id: 'r5' }, replacement: { v: 5 } } },
      { replaceOne: { filter: { _id: 'r3' }, replacement: { _id: 'r3', v: 30 } } },
      { replaceOne: { filter: { _id: 'r6' }, replacement: { v: 6 }, upsert: true } },
    ] as never, { ordered: false });
    expect(result.matchedCount).toBe(3);
    expect(result.modifiedCount).toBe(2);
    expect(result.upsertedCount).toBe(2);
    expect(result.upsertedIds).toEqual({ 2: 'r4', 5: 'r6' });
    const stored = await docs.find({ _id: { $in: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'] as never[] } }).sort({ _id: 1 }).toArray();
    expect(stored).toEqual([{ _id: 'r1', v: 10 }, { _id: 'r2', v: 2 }, { _id: 'r3', v: 30 }, { _id: 'r4', v: 4 }, { _id: 'r6', v: 6 }]);
  });

  it('takes a replacement of the same _id twice in one bulk in order', async () => {
    const result = await docs.bulkWrite([
      { replaceOne: { filter: { _id: 't1' }, replacement: { v: 1 }, upsert: true } },
      { replaceOne: { filter: { _id: 't1' }, replacement: { v: 2 }, upsert: true } },
    ] as never);
    expect(result.upsertedCount).toBe(1);
    expect(result.modifiedCount).toBe(1);
    expect(await docs.findOne({ _id: 't1' as never })).toEqual({ _id: 't1', v: 2 });
  });

  it('refuses a replacement that changes _id and keeps the statements before it', async () => {
    await docs.insertMany([{ _id: 'i1' as never, v: 1 }, { _id: 'i2' as never, v: 2 }]);
    await expect(docs.bulkWrite([
      { replaceOne: { filter: { _id: 'i1' }, replacement: { v: 11 } } },
      { replaceOne: { filter: { _id: 'i2' }, replacement: { _id: 'other', v: 22 } } },
    ] as never)).rejects.toThrow();
    expect(await docs.findOne({ _id: 'i1' as never })).toEqual({ _id: 'i1', v: 11 });
    expect(await docs.findOne({ _id: 'i2' as never })).toEqual({ _id: 'i2', v: 2 });
  });
});

describe('updates by _id in bulk', () => {
  it('applies operators, further conditions and upserts as MongoDB does', async () => {
    await docs.insertMany([
      { _id: 'u1' as never, status: 'pending', n: 1 },
      { _id: 'u2' as never, status: 'sent', n: 2 },
      { _id: 'u3' as never, status: 'claimed', n: 3, tags: ['a'] },
    ]);
    const result = await docs.bulkWrite([
      { updateOne: { filter: { _id: 'u1', status: { $in: ['pending', 'claimed'] } }, update: { $set: { status: 'claimed' }, $inc: { n: 10 } } } },
      { updateOne: { filter: { _id: 'u2', status: { $in: ['pending', 'claimed'] } }, update: { $set: { status: 'claimed' } } } },
      { updateOne: { filter: { _id: 'u3' }, update: { $set: { n: 3 } } } },
      { updateOne: { filter: { _id: 'u4' }, update: { $set: { at: 1 }, $setOnInsert: { blocked: false } }, upsert: true } },
      { updateOne: { filter: { _id: 'u5' }, update: { $set: { at: 1 } } } },
      { updateOne: { filter: { _id: 'u3' }, update: { $push: { tags: 'b' } } } },
    ] as never, { ordered: false });
    expect(result.matchedCount).toBe(3);
    expect(result.modifiedCount).toBe(2);
    expect(result.upsertedIds).toEqual({ 3: 'u4' });
    const stored = await docs.find({ _id: { $in: ['u1', 'u2', 'u3', 'u4', 'u5'] as never[] } }).sort({ _id: 1 }).toArray();
    expect(stored).toEqual([
      { _id: 'u1', status: 'claimed', n: 11 },
      { _id: 'u2', status: 'sent', n: 2 },
      { _id: 'u3', status: 'claimed', n: 3, tags: ['a', 'b'] },
      { _id: 'u4', at: 1, blocked: false },
    ]);
  });

  it('counts every increment of concurrent bulks on the same documents', async () => {
    await docs.insertMany(['c1', 'c2', 'c3'].map((id) => ({ _id: id as never, n: 0 })));
    const bulk = () => docs.bulkWrite(['c1', 'c2', 'c3'].map((id) => ({ updateOne: { filter: { _id: id }, update: { $inc: { n: 1 } } } })) as never);
    await Promise.all(Array.from({ length: 10 }, bulk));
    expect((await docs.find({ _id: { $in: ['c1', 'c2', 'c3'] as never[] } }).toArray()).map((d) => d.n)).toEqual([10, 10, 10]);
  });

  it('refuses an operator that cannot apply and keeps the statements before it', async () => {
    await docs.insertMany([{ _id: 'e1' as never, n: 1 }, { _id: 'e2' as never, n: 'text' }]);
    await expect(docs.bulkWrite([
      { updateOne: { filter: { _id: 'e1' }, update: { $inc: { n: 1 } } } },
      { updateOne: { filter: { _id: 'e2' }, update: { $inc: { n: 1 } } } },
    ] as never)).rejects.toThrow();
    expect(await docs.findOne({ _id: 'e1' as never })).toEqual({ _id: 'e1', n: 2 });
    expect(await docs.findOne({ _id: 'e2' as never })).toEqual({ _id: 'e2', n: 'text' });
  });
});
