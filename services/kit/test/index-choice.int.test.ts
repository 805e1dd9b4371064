import mongoose from 'mongoose';
import type { Collection, Document, Filter } from 'mongodb';
import { testEnv } from '../src/testing';
import { plannedIndex } from './support/query-plans';

/**
 * When several indexes could answer a filter, the one that selects the fewest documents answers
 * it (scripts/infra/ferretdb/5-index-choice.patch), as MongoDB's planner picks it: an e-mail's
 * watchdogs are read by the e-mail, not by a status half the collection shares, and a rare value
 * of a common field is read by that field. The choice depends on the values asked for, so the
 * same pair of fields is answered by either index.
 */
const env = testEnv();
let connection: mongoose.Connection;
let docs: Collection;

const COUNT = 2000;
const RARE_FLAGGED = [7, 700, 1400];
const DUE = [3, 1003];

function makeDocument(i: number): Document {
  return {
    _id: `d${i}`,
    email: `person${i}@example.com`,
    status: DUE.includes(i) ? 'Due' : 'Active',
    flagged: RARE_FLAGGED.includes(i),
    expiresAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  };
}

beforeAll(async () => {
  connection = await mongoose.createConnection(env.mongoUrl, { dbName: `rr-kit-index-choice${env.dbSuffix}` }).asPromise();
  docs = connection.db!.collection('docs');
  await docs.createIndexes([{ key: { email: 1 } }, { key: { status: 1 } }, { key: { flagged: 1 } }, { key: { status: 1, expiresAt: 1 } }]);
  await docs.insertMany(Array.from({ length: COUNT }, (_, i) => makeDocument(i)));
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

async function planned(filter: Filter<Document>): Promise<string> {
  return plannedIndex(await docs.find(filter).explain());
}

describe('choosing among indexes', () => {
  it('reads an e-mail\'s documents by the e-mail, not by a status most documents share', async () => {
    expect(await planned({ email: 'person925@example.com', status: 'Active' })).toBe('email_1');
    expect(await docs.countDocuments({ email: 'person925@example.com', status: 'Active' })).toBe(1);
  });

  it('reads a rare value of a common field by that field', async () => {
    expect(await planned({ status: 'Active', flagged: true })).toBe('flagged_1');
    expect((await docs.find({ status: 'Active', flagged: true }).toArray()).map((d) => d._id).sort()).toEqual(RARE_FLAGGED.map((i) => `d${i}`).sort());
  });

  it('reads the same pair of fields by the other index when the other value is the rare one', async () => {
    expect(await planned({ status: 'Due', flagged: false })).toMatch(/^status_1/);
    expect(await docs.countDocuments({ status: 'Due', flagged: false })).toBe(DUE.length);
  });

  it('deletes by a filter on two indexed fields exactly', async () => {
    const doomed = await docs.find({ email: 'person1400@example.com', flagged: true }).toArray();
    expect(doomed).toHaveLength(1);
    expect((await docs.deleteMany({ email: 'person1400@example.com', flagged: true })).deletedCount).toBe(1);
    expect(await docs.countDocuments({ flagged: true })).toBe(RARE_FLAGGED.length - 1);
    await docs.insertMany(doomed);
  });

  it('keeps a range with a sort on the compound index answered in order', async () => {
    const due = await docs.find({ status: 'Active', expiresAt: { $lte: new Date(Date.UTC(2026, 0, 1) + 10 * 60_000) } }).sort({ expiresAt: 1 }).toArray();
    expect(due.map((d) => d._id)).toEqual(['d0', 'd1', 'd2', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10']);
  });
});
