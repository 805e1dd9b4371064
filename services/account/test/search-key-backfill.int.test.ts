import mongoose from 'mongoose';
import { testEnv } from '@rr/kit/testing';
import { UserRepository } from '../src/users/user.repository';

/**
 * Users saved before search keys existed get them once, by a walk over `_id` pages (the query the
 * scan report used to flag: `nameKey: {$exists: false}` has no index).
 */
describe('the search-key backfill', () => {
  const env = testEnv();
  let db: mongoose.Connection;

  beforeAll(async () => {
    db = await mongoose.createConnection(env.mongoUrl, { dbName: `rr-account${env.dbSuffix}` }).asPromise();
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('keys every user saved without keys, across pages, leaves keyed users alone and runs once', async () => {
    const users = db.collection<{ _id: string; email: string; name: string | null; surname: string | null; nameKey?: string | null }>('users');
    const now = new Date();
    const old = Array.from({ length: 7 }, (_, i) => ({ _id: `u_old${i}`, email: `old${i}@example.com`, name: i % 2 ? 'Jiří' : null, surname: `Dvořák${i}`, createdAt: now, updatedAt: now }));
    await users.insertMany(old);
    await users.insertOne({ _id: 'u_keyed', email: 'keyed@example.com', name: 'Eva', surname: 'Nová', nameKey: 'kept as it was' });
    const repository = new UserRepository(db);

    expect(await repository.backfillSearchKeys(3)).toBe(7);
    const keyed = await users.find({ _id: { $in: old.map((u) => u._id) } }).toArray();
    expect(keyed.map((u) => [u._id, u.nameKey, (u as { surnameKey?: string }).surnameKey])).toEqual(
      old.map((u, i) => [u._id, i % 2 ? `jiri dvorak${i}` : `dvorak${i}`, `dvorak${i}`]),
    );
    expect((await users.findOne({ _id: 'u_keyed' }))?.nameKey).toBe('kept as it was');
    // Found by a prefix of the name, as the administration searches.
    expect((await repository.search({ kind: 'text', prefix: 'jiri' }, null, 10)).map((u) => u._id)).toEqual(expect.arrayContaining(['u_old1', 'u_old3', 'u_old5']));

    await users.insertOne({ _id: 'u_late', email: 'late@example.com', name: null, surname: 'Malá' });
    expect(await repository.backfillSearchKeys(3)).toBe(0);
  });
});
