import mongoose from 'mongoose';
import { parseArgs } from 'node:util';
import { RealEstateQuery, criteriaOfSearch, matchesCriteria, searchPlacesOf } from '@rr/proto';
import { getGazetteer } from '@rr/gazetteer';
import { planSearch } from '../../services/normaliser/src/domain/search-plan';
import { SEARCH_SCAN_LIMIT } from '../../services/normaliser/src/http/offers-api';
import { OfferStore } from '../../services/normaliser/src/repositories/offer-store';
import { seedOffers } from './scale/seed-offers';

/**
 * bench:places — the public API's `real-estate` search at its worst: a 50 km circle around Praha
 * (about a thousand municipality codes in one `$in`), beside a plain region and a 10 km circle
 * around Brno, on the national-size offers of bench:scale (its `rr-normaliser-scale` database is
 * reused when it holds the same counts; otherwise `rr-normaliser-places` is seeded the same way). Each request runs what the
 * normaliser's handler runs (plan with the gazetteer, the store's windowed walk, the exact
 * criteria check); `concurrency` requests at a time. Ends with one JSON line.
 */
const { values: args } = parseArgs({
  options: {
    offers: { type: 'string', default: '1000000' },
    'active-offers': { type: 'string', default: '150000' },
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '4' },
  },
});
const OFFERS = { offers: Number(args.offers), active: Number(args['active-offers']) };
const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const say = (line: string) => process.stderr.write(`[places] ${line}\n`);

/** The measured searches (query strings as the API takes them); flats and houses alternate so pages differ. */
const CASES: Record<string, string[]> = {
  praha50km: ['places=municipality:554782:50&adType=Sale&realEstateType=Apartment', 'places=municipality:554782:50&adType=Sale&realEstateType=House', 'places=municipality:554782:50&adType=Rent&realEstateType=Apartment&dispositions=2%2Bkk'],
  brno10km: ['places=municipality:582786:10&adType=Sale&realEstateType=Apartment', 'places=municipality:582786:10&adType=Sale&realEstateType=House'],
  regionCZ064: ['places=region:CZ064&adType=Sale&realEstateType=Apartment', 'places=region:CZ064&adType=Sale&realEstateType=House'],
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  // bench:scale's offers when they are these counts; otherwise a database of our own (never reseeding bench:scale's).
  const scale = await mongoose.createConnection(MONGO_URL, { dbName: 'rr-normaliser-scale' }).asPromise();
  const matches = async (c: mongoose.Connection) => JSON.stringify((await c.db!.collection<{ _id: string; counts: typeof OFFERS }>('bench_seed').findOne({ _id: 'offers' }))?.counts) === JSON.stringify(OFFERS);
  let db = scale;
  if (await matches(scale)) say('reusing bench:scale\'s offers');
  else {
    await scale.close();
    db = await mongoose.createConnection(MONGO_URL, { dbName: 'rr-normaliser-places' }).asPromise();
    if (await matches(db)) say('reusing the offers seeded before');
    else {
      say(`seeding ${OFFERS.offers.toLocaleString('en')} offers (${OFFERS.active.toLocaleString('en')} active) as bench:scale does…`);
      await db.dropDatabase();
      await seedOffers(db, OFFERS, Date.now(), say);
      await db.db!.collection('bench_seed').insertOne({ _id: 'offers', counts: OFFERS, seededAt: new Date().toISOString() } as never);
    }
  }
  const store = new OfferStore(db);
  await store.init();
  const gazetteer = getGazetteer();

  const search = async (query: string) => {
    const q = RealEstateQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    const planned = planSearch(gazetteer, searchPlacesOf(q), (i) => `places.${i}`);
    if ('fields' in planned) throw new Error(JSON.stringify(planned.fields));
    const criteria = criteriaOfSearch(q, planned.plan.places);
    const page = await store.search(planned.plan.indexed, { adType: q.adType, realEstateType: q.realEstateType }, (o) => matchesCriteria(criteria, o), { limit: q.limit, scanLimit: SEARCH_SCAN_LIMIT });
    return { items: page.items.length, codes: planned.plan.indexed.municipalityCode.length, districts: planned.plan.indexed.districtCode.length };
  };

  const result: Record<string, unknown> = { offers: OFFERS.offers, activeOffers: OFFERS.active, requests: Number(args.requests), concurrency: Number(args.concurrency) };
  for (const [name, queries] of Object.entries(CASES)) {
    for (const q of queries) await search(q); // warm the caches and the gazetteer's grid
    const ms: number[] = [];
    let items = 0;
    let codes = 0;
    let districts = 0;
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < Number(args.requests); i = next++) {
        const t = performance.now();
        const r = await search(queries[i % queries.length]);
        ms.push(performance.now() - t);
        items += r.items;
        codes = r.codes;
        districts = r.districts;
      }
    };
    await Promise.all(Array.from({ length: Number(args.concurrency) }, worker));
    ms.sort((a, b) => a - b);
    const figures = { p50ms: Math.round(percentile(ms, 50) * 10) / 10, p99ms: Math.round(percentile(ms, 99) * 10) / 10, municipalityCodes: codes, districtCodes: districts, meanItems: Math.round((items / ms.length) * 10) / 10 };
    say(`${name}: ${JSON.stringify(figures)}`);
    result[name] = figures;
  }
  await db.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
