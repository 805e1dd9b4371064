/**
 * bench:analytics — price reports at national scale (issue 17). Builds a market of 1,000,000
 * offers over two years on the gazetteer's places (weighted by population; Praha's offers spread
 * over its 22 districts), files them into per-place monthly buckets with the service's own code,
 * and grid cells, stores the buckets of the last 3 months in a throwaway database, and times
 * reports through the service's own `PriceReports` (reads, radius widening, the report from
 * buckets) for random places of every kind and random points with a radius, cold (no cache).
 * Final line: JSON with p50/p99 in ms. Needs the database only (no Kafka, no system).
 */
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { PRAGUE_CODE, loadGazetteer, type Place } from '@rr/gazetteer';
import type { AdType, DispositionLabel, RealEstateType } from '@rr/proto';
import { monthOf, type OfferFact } from '@rr/analytics/src/domain/offer-fact';
import { PriceReports, placeKeyOf } from '@rr/analytics/src/reports/price-reports';
import { ReportQuery } from '@rr/proto';
import { PriceBucketRepository } from '@rr/analytics/src/repositories/price-bucket.repository';
import { BucketFiler } from './analytics-buckets';
import { seeded } from './matcher-market';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 1_000_000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 400);
const MONTHS = 24;
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T00:00:00Z');
const rnd = seeded(17).next;
const LAYOUTS: DispositionLabel[] = ['1+kk', '1+1', '2+kk', '2+1', '3+kk', '3+1', '4+kk', '4+1', '5+kk'];
const TYPES: [AdType, RealEstateType, number][] = [['Sale', 'Apartment', 0.35], ['Rent', 'Apartment', 0.3], ['Sale', 'House', 0.2], ['Sale', 'Land', 0.1], ['Rent', 'House', 0.05]];

function pickWeighted<T>(items: readonly T[], cumulative: Float64Array): T {
  const x = rnd() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (cumulative[mid] < x) lo = mid + 1; else hi = mid; }
  return items[lo];
}

function market(municipalities: readonly Place[], pragueDistricts: readonly Place[]): OfferFact[] {
  const cumulative = new Float64Array(municipalities.length);
  municipalities.forEach((m, i) => { cumulative[i] = (i ? cumulative[i - 1] : 0) + m.population; });
  const facts: OfferFact[] = [];
  for (let i = 0; i < OFFERS; i++) {
    const m = pickWeighted(municipalities, cumulative);
    let r = rnd();
    const [adType, realEstateType] = TYPES.find(([, , share]) => (r -= share) < 0) ?? TYPES[0];
    const publishedAt = NOW - Math.floor(rnd() * MONTHS * 30) * DAY;
    const area = realEstateType === 'Land' ? 400 + rnd() * 1500 : 25 + rnd() * 120;
    const perM2 = (m.code === PRAGUE_CODE ? 130_000 : 50_000 + m.population / 20) * Math.exp((rnd() - 0.5) * 0.6) / (adType === 'Rent' ? 300 : 1) / (realEstateType === 'Land' ? 20 : 1);
    const withdrawn = publishedAt < NOW - 30 * DAY || rnd() < 0.3;
    facts.push({
      offerId: `b${i}`, adType, realEstateType, dispositionLabel: realEstateType === 'Apartment' ? LAYOUTS[Math.floor(rnd() * LAYOUTS.length)] : null,
      area: rnd() < 0.05 ? null : Math.round(area), price: rnd() < 0.03 ? null : Math.round(area * perM2), 
      lat: m.point.lat + (rnd() - 0.5) * 0.02, lon: m.point.lon + (rnd() - 0.5) * 0.03,
      regionCode: m.regionCode, districtCode: m.districtCode, municipalityCode: m.code,
      pragueDistrictCode: m.code === PRAGUE_CODE ? pragueDistricts[Math.floor(rnd() * pragueDistricts.length)].code : null,
      publishedAt, publishedMonth: monthOf(publishedAt), withdrawnAt: withdrawn ? Math.min(NOW, publishedAt + Math.floor(rnd() * 120) * DAY) : null, seenAt: publishedAt,
    });
  }
  return facts;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

async function main() {
  const gazetteer = loadGazetteer();
  const facts = market(gazetteer.list('municipality'), gazetteer.list('pragueDistrict'));
  const fromMonth = monthOf(NOW - 92 * DAY);
  const toMonth = monthOf(NOW);
  const filer = new BucketFiler(fromMonth);
  for (const f of facts) filer.add(f); // only the report's window is stored; older months change nothing here
  const inWindow = facts.filter((f) => f.publishedMonth >= fromMonth).length;
  // BENCH_DB keeps the seeded database for the next run (to compare read strategies); drop it by hand.
  const db = process.env.BENCH_DB ?? `rr-analytics-bench-${randomUUID().slice(0, 8)}`;
  const conn = await mongoose.createConnection(`${process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017'}/${db}`).asPromise();
  try {
    const repo = new PriceBucketRepository(conn);
    const seedStart = performance.now();
    const seeded = process.env.BENCH_DB !== undefined && (await repo.model.estimatedDocumentCount()) === filer.buckets.size;
    if (!seeded) await filer.store(conn);
    const seedMs = performance.now() - seedStart;
    const placeList = [...gazetteer.list('municipality'), ...gazetteer.list('district'), ...gazetteer.list('region'), ...gazetteer.list('pragueDistrict')];
    const byKey = new Map(placeList.map((p) => [placeKeyOf(p.kind, p.code), p]));
    const reports = new PriceReports(repo, (kind, code) => byKey.get(placeKeyOf(kind, code)) ?? null, () => NOW);
    const places = [...new Set([...filer.buckets.values()].map((b) => b.placeKey))].filter((k) => byKey.has(k));
    const biggest = ['r:CZ010', 'd:CZ0100', `m:${PRAGUE_CODE}`];
    const times: number[] = [];
    const radii: Record<string, number> = {};
    for (let i = 0; i < REPORTS; i++) {
      // A fifth are points with a radius (of 2 km, widened as needed); the rest places of every kind.
      const place = byKey.get(i < biggest.length * 5 ? biggest[i % biggest.length] : places[Math.floor(rnd() * places.length)])!;
      const query = i % 5 === 4
        ? ReportQuery.parse({ lat: place.point.lat, lon: place.point.lon, radiusKm: 2 })
        : ReportQuery.parse({ placeKind: place.kind, placeCode: place.code });
      const t = performance.now();
      const answer = await reports.report(query);
      times.push(performance.now() - t);
      radii[answer.radiusKm] = (radii[answer.radiusKm] ?? 0) + 1;
    }
    times.sort((a, b) => a - b);
    const largest = [...filer.buckets.values()].reduce((m, b) => Math.max(m, JSON.stringify(b.cells).length), 0);
    process.stdout.write(`${JSON.stringify({
      bench: 'analytics', offers: OFFERS, offersInWindow: inWindow, buckets: filer.buckets.size, places: places.length, seedMs: Math.round(seedMs),
      largestBucketBytes: largest, reports: REPORTS, reportP50Ms: +percentile(times, 0.5).toFixed(1), reportP99Ms: +percentile(times, 0.99).toFixed(1), reportMaxMs: +times[times.length - 1].toFixed(1),
      radiusKmUsed: radii,
    })}\n`);
  } finally {
    if (process.env.BENCH_DB === undefined) await conn.dropDatabase();
    await conn.close();
  }
}

void main().catch((err: Error) => {
  process.stderr.write(`bench:analytics failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
