import type { Connection } from 'mongoose';
import { connectDatabase, createLogger, databaseNameOf } from '@rr/kit';
import type { KnownListing } from '../src/crawl/crawl-portal';
import { ListingStateRepository } from '../src/repositories/listing-state.repository';
import { listingJournalModel } from '../src/repositories/listing-state.model';
import { isolatedEnv } from './support/harness';

jest.setTimeout(30_000);

const active = (id: string, fingerprint = 'f1'): KnownListing & { listingId: string } => ({ listingId: id, url: `https://portal.test/${id}`, fingerprint, status: 'active' });

describe('listing states journal', () => {
  let db: Connection;
  let repo: ListingStateRepository;

  beforeAll(async () => {
    const env = isolatedEnv();
    db = await connectDatabase(env.MONGO_URL, databaseNameOf('crawler', { MONGO_DB_SUFFIX: env.MONGO_DB_SUFFIX }), createLogger('test', 'silent'));
    repo = new ListingStateRepository(db);
  });

  afterAll(async () => {
    await db?.dropDatabase();
    await db?.close();
  });

  it('replays saved pages in order: the latest state of each listing wins and withdrawn ones are forgotten', async () => {
    await repo.save('idnes', 1, [active('a'), active('b'), active('c')]);
    await repo.save('idnes', 2, [active('b', 'f2'), { ...active('c'), status: 'withdrawn' }]);
    await repo.save('idnes', 3, [{ ...active('d'), status: 'failed' }]);
    await repo.save('bazos', 4, [active('x')]);
    const { known, journalDocs } = await repo.loadKnown('idnes');
    expect(Object.fromEntries([...known].map(([id, k]) => [id, `${k.fingerprint}/${k.status}`]))).toEqual({ a: 'f1/active', b: 'f2/active', d: 'f1/failed' });
    expect(journalDocs).toBe(3);
  });

  it('compacts a portal into a snapshot that loads the same, and leaves other portals alone', async () => {
    const before = await repo.loadKnown('idnes');
    await repo.compact('idnes', 3, before.known);
    await repo.save('idnes', 5, [active('e')]);
    const after = await repo.loadKnown('idnes');
    expect([...after.known.keys()].sort()).toEqual(['a', 'b', 'd', 'e']);
    expect(after.journalDocs).toBe(1);
    const docs = await listingJournalModel(db).find({ portal: 'idnes' }).lean();
    expect(docs.map((d) => d._id).sort()).toEqual(['idnes:3:s0', 'idnes:5']);
    expect([...(await repo.loadKnown('bazos')).known.keys()]).toEqual(['x']);
  });

  it('ignores a snapshot that a crash left incomplete', async () => {
    await listingJournalModel(db).collection.insertOne({ _id: 'idnes:6:s0', portal: 'idnes', kind: 'snapshot', seq: 6, part: 0, parts: 2, at: new Date(), entries: JSON.stringify([['z', 'u', 'f', 'active']]) } as never);
    const { known } = await repo.loadKnown('idnes');
    expect([...known.keys()].sort()).toEqual(['a', 'b', 'd', 'e']);
  });
});
