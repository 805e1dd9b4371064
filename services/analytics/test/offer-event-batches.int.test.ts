import mongoose from 'mongoose';
import { createLogger, type HandlerContext } from '@rr/kit';
import { testEnv } from '@rr/kit/testing';
import type { Envelope, Offer, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { onOfferEvents } from '../src/handlers/on-offer-event.handler';
import { FilingJournalRepository } from '../src/repositories/filing-journal.repository';
import { OfferFactRepository } from '../src/repositories/offer-fact.repository';
import { PendingWithdrawalRepository } from '../src/repositories/pending-withdrawal.repository';
import { PriceBucketRepository } from '../src/repositories/price-bucket.repository';

jest.setTimeout(60_000);

type AnyOfferEnvelope = Envelope<OfferPublishedV1 | OfferUpdatedV1 | OfferWithdrawnV1>;
const t = testEnv();
const DAY = 86_400_000;
const ctx: HandlerContext = { log: createLogger('test', 'silent'), topic: 'offer.published.v1', partition: 0, offset: '0' };
const at = (days: number) => new Date(Date.parse('2026-10-01T10:00:00.000Z') + days * DAY).toISOString();
const offer = (n: number, over: Partial<Offer> = {}): Offer => ({ ...exampleOffer, id: `o-${t.id}-${n}`, createdAt: at(n), price: 5_000_000 + n * 100_000, ...over });
let sequence = 0;
const envelope = (type: AnyOfferEnvelope['type'], data: AnyOfferEnvelope['data']): AnyOfferEnvelope =>
  ({ id: `e-${t.id}-${++sequence}`, type, version: 1, occurredAt: at(0), producer: 'normaliser', correlationId: `c-${sequence}`, key: 'k', data }) as AnyOfferEnvelope;
const published = (o: Offer, fetchedDay: number) => envelope('offer.published', { offer: o, fetchedAt: at(fetchedDay) });
const updated = (o: Offer, fetchedDay: number) => envelope('offer.updated', { offer: o, previousPrice: null, changes: ['price'], fetchedAt: at(fetchedDay) });
const withdrawn = (o: Offer, day: number) => envelope('offer.withdrawn', { offerId: o.id, withdrawnAt: at(day) });

/** Writes that fail as a database going away part-way through would: `bucketsHalfway` files half a batch's buckets and fails, `facts` fails before writing. */
type Faults = { bucketsHalfway: boolean; facts: boolean };

/** A read model in a database of its own, filed by the handler with the real repositories (`faults` armed by a test fail once each). */
async function readModelIn(name: string, faults: Faults = { bucketsHalfway: false, facts: false }) {
  const db = await mongoose.createConnection(t.mongoUrl, { dbName: `rr-analytics-${name}${t.dbSuffix}` }).asPromise();
  const facts = new OfferFactRepository(db);
  const buckets = new PriceBucketRepository(db);
  await Promise.all([facts.init(), buckets.init()]);
  const journal = new FilingJournalRepository(db);
  const pending = new PendingWithdrawalRepository(db);
  /** A process's handler on this database: a new one remembers nothing of the last (a restart). */
  const processHandler = () => onOfferEvents({
    facts: {
      findByOfferIds: (ids) => facts.findByOfferIds(ids),
      saveAll: async (changes) => {
        if (faults.facts) throw new Error(`facts not written (${(faults.facts = false)})`);
        return facts.saveAll(changes);
      },
    },
    buckets: {
      fileBuckets: async (changes, mark) => {
        if (!faults.bucketsHalfway) return buckets.fileBuckets(changes, mark);
        faults.bucketsHalfway = false;
        await buckets.fileBuckets(changes.slice(0, Math.ceil(changes.length / 2)), mark);
        throw new Error('the database went away half-way through the buckets');
      },
      fileCounts: (filed) => buckets.fileCounts(filed),
    },
    pending,
    journal,
  });
  let handle = processHandler();
  /** Another instance's handler on the same database, filing another partition's batches. */
  const other = onOfferEvents({ facts, buckets, pending, journal });
  /** Every bucket, counts document, fact row and kept withdrawal, parsed, without the versions (they count writes). */
  const contents = async () => {
    const months = (json: string) => Object.entries(JSON.parse(json) as Record<string, Record<string, { l: unknown }>>).map(([m, types]) => [m, Object.entries(types).map(([k, e]) => [k, e.l])]);
    return {
      buckets: (await buckets.model.find({}).sort({ _id: 1 }).lean()).map((b) => [b._id, JSON.parse(b.cells) as unknown] as const),
      counts: (await buckets.counts.find({}).sort({ _id: 1 }).lean()).map((c) => [c._id, months(c.months)]),
      facts: await db.collection('offer_facts').find({}).sort({ _id: 1 }).toArray(),
      pending: await db.collection('pending_withdrawals').find({}).sort({ _id: 1 }).toArray(),
      plans: await db.collection('filing_plans').countDocuments(),
    };
  };
  return {
    db, faults, contents,
    handle: (events: AnyOfferEnvelope[]) => handle(events, ctx),
    handleElsewhere: (events: AnyOfferEnvelope[]) => other(events, { ...ctx, partition: 1 }),
    restart: () => { handle = processHandler(); },
  };
}

describe('offer events filed in batches', () => {
  let batches: Awaited<ReturnType<typeof readModelIn>>;
  let oneByOne: Awaited<ReturnType<typeof readModelIn>>;

  beforeAll(async () => {
    [batches, oneByOne] = await Promise.all([readModelIn('batches'), readModelIn('one-by-one')]);
  });

  afterAll(async () => {
    for (const m of [batches, oneByOne]) {
      await m?.db.dropDatabase();
      await m?.db.close();
    }
  });

  it('give the same buckets, counts and facts as the same events one by one', async () => {
    const cut = offer(1);
    const late = offer(2, { dispositionLabel: '2+kk', area: 45 });
    const moving = offer(3);
    const moved = { ...moving, price: 4_100_000, location: { ...moving.location, municipalityCode: '500011', point: { lat: 49.2, lon: 16.6 } } };
    const rounds = [
      // Two events of one offer (a publication and its price cut), a withdrawal read before its
      // publication, an offer that moves to another place with a price cut in the same batch.
      [published(cut, 1), withdrawn(late, 30), updated({ ...cut, price: 4_700_000 }, 4), published(late, 2), published(moving, 3), updated(moved, 6)],
      // Then: a withdrawal with nothing yet to end, a late publication that changes nothing, a cut of the withdrawn one.
      [withdrawn(offer(4), 20), published(cut, 1), updated({ ...late, price: 4_300_000 }, 9), withdrawn(cut, 12)],
      // And the kept withdrawal meets its publication in a later batch.
      [published(offer(4), 5)],
    ];
    for (const events of rounds) {
      await batches.handle(events);
      for (const e of events) await oneByOne.handle([e]);
    }
    const filed = await batches.contents();
    expect(filed).toEqual(await oneByOne.contents());

    // The comparison means something: both offers withdrawn, one moved, nothing left aside.
    const byId = new Map(filed.facts.map((f) => [f._id as unknown as string, f]));
    expect(byId.get(`r:CZ010|${cut.id}`)).toMatchObject({ price: 4_700_000, withdrawnAt: Date.parse(at(12)) });
    expect(byId.get(`m:500011|${moving.id}`)).toMatchObject({ price: 4_100_000 });
    expect(byId.has(`m:554782|${moving.id}`)).toBe(false);
    expect(byId.get(`r:CZ010|${late.id}`)).toMatchObject({ price: 4_300_000, withdrawnAt: Date.parse(at(30)) });
    expect(byId.get(`r:CZ010|${offer(4).id}`)).toMatchObject({ withdrawnAt: Date.parse(at(20)) });
    expect(filed.pending).toEqual([]);
    const region = new Map(filed.buckets).get('r:CZ010|Sale|Apartment|2026-10') as Record<string, { n: number }>;
    expect([region['3+kk'].n, region['2+kk'].n]).toEqual([3, 1]);
  });

  it('changes nothing when a batch is delivered again', async () => {
    const o = offer(10);
    const events = [published(o, 10), updated({ ...o, price: 4_000_000 }, 11), withdrawn(o, 15)];
    await batches.handle(events);
    const once = await batches.contents();
    const versions = await batches.db.collection('price_buckets').find({}).project({ version: 1 }).toArray();
    await batches.handle(events);
    expect(await batches.contents()).toEqual(once);
    expect(await batches.db.collection('price_buckets').find({}).project({ version: 1 }).toArray()).toEqual(versions);
  });

  it('files a batch whose writes failed part-way once, when the bus hands it over again or its events one at a time', async () => {
    const faulty = await readModelIn('faulty');
    const clean = await readModelIn('clean');
    try {
      const o = (n: number) => offer(20 + n, { price: 3_000_000 + n * 250_000, area: 40 + n });
      const first = [published(o(0), 1), published(o(1), 2), published(o(2), 3), withdrawn(o(3), 9)];
      const second = [updated({ ...o(0), price: 2_900_000 }, 4), published(o(3), 5), withdrawn(o(1), 8)];

      const elsewhere = [published(o(4), 2), published(o(5), 3)];
      // The first batch: half its buckets filed, then the database goes; meanwhile another
      // instance files another partition's batch into the same buckets; the bus retries the batch.
      faulty.faults.bucketsHalfway = true;
      await expect(faulty.handle(first)).rejects.toThrow('half-way');
      await faulty.handleElsewhere(elsewhere);
      await faulty.handle(first);
      // The second: buckets and counts filed, the facts not; the bus hands its events over one by one.
      faulty.faults.facts = true;
      await expect(faulty.handle(second)).rejects.toThrow('facts not written');
      for (const e of second) await faulty.handle([e]);

      await clean.handle(first);
      await clean.handleElsewhere(elsewhere);
      await clean.handle(second);
      const filed = await faulty.contents();
      expect(filed).toEqual(await clean.contents());
      const region = new Map(filed.buckets).get('r:CZ010|Sale|Apartment|2026-10') as Record<string, { n: number }>;
      expect(region['3+kk'].n).toBe(6);
    } finally {
      for (const m of [faulty, clean]) {
        await m.db.dropDatabase();
        await m.db.close();
      }
    }
  });
  it('files a batch once when its process dies between the buckets and the facts, and another instance filed the same buckets meanwhile', async () => {
    const faulty = await readModelIn('died');
    const clean = await readModelIn('lived');
    try {
      const o = (n: number) => offer(40 + n, { price: 3_500_000 + n * 150_000, area: 50 + n });
      const first = [published(o(0), 1), published(o(1), 2), withdrawn(o(2), 9), updated({ ...o(0), price: 3_300_000 }, 4)];
      const elsewhere = [published(o(3), 2)];
      const next = [published(o(2), 3), withdrawn(o(1), 8)];

      // Half the buckets written, then the process dies; another instance files into the same
      // buckets; a new process gets the partition's events again from Kafka, split otherwise.
      faulty.faults.bucketsHalfway = true;
      await expect(faulty.handle(first)).rejects.toThrow('half-way');
      faulty.restart();
      await faulty.handleElsewhere(elsewhere);
      await faulty.handle(first.slice(0, 2));
      await faulty.handle([...first.slice(2), ...next]);
      // Buckets and counts written, then the process dies before the facts.
      faulty.faults.facts = true;
      const last = [updated({ ...o(2), price: 3_000_000 }, 10), published(o(5), 6)];
      await expect(faulty.handle(last)).rejects.toThrow('facts not written');
      faulty.restart();
      await faulty.handle(last);

      for (const events of [first, elsewhere, next, last]) await (events === elsewhere ? clean.handleElsewhere(events) : clean.handle(events));
      const filed = await faulty.contents();
      expect(filed).toEqual(await clean.contents());
      expect(filed.plans).toBe(0);
      // Counted once each: the five offers, one of them ended.
      const region = new Map(filed.buckets).get('r:CZ010|Sale|Apartment|2026-11') as Record<string, { n: number; ended: Record<string, number> }>;
      expect([region['3+kk'].n, region['3+kk'].ended]).toEqual([5, { 0: 1 }]);
    } finally {
      for (const m of [faulty, clean]) {
        await m.db.dropDatabase();
        await m.db.close();
      }
    }
  });
});
