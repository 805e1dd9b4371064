/**
 * bench:estimate — RadarPrice measured on the simulator's market (issue 17). Generates offers with
 * the portal simulator's own generator (its places, layouts, areas and asking prices with their
 * noise) over BENCH_MONTHS months, replays them in publication order through the analytics
 * service's buckets (place and grid keys), and for every priced offer of the last month
 * estimates its price from the offers published before it only (the buckets hold nothing later),
 * with the service's `estimatePrice` and the same comparables search. The oracle is the
 * simulator's noise-free price for the same offer (its price formula with the random spread at
 * its middle): the floor no estimator can beat on this market. Final line:
 * {"offers","medianAbsPctError","oracleMedianAbsPctError","within10pct","coverage"} (errors in %,
 * shares 0–1). Target: median error ≤ 1.25 × the oracle's, coverage ≥ 0.8. No Kafka, no database.
 */
import { loadGazetteer, PRAGUE_CODE } from '@rr/gazetteer';
import { municipalitiesCsvPath } from '@rr/kit';
import { bucketKeysOf } from '@rr/analytics/src/domain/apply-event';
import { estimatePrice, type ComparableStep } from '@rr/analytics/src/domain/estimate';
import { cellsAround } from '@rr/analytics/src/domain/grid';
import { monthOf, type OfferFact } from '@rr/analytics/src/domain/offer-fact';
import { contribute, type BucketCells } from '@rr/analytics/src/domain/price-bucket';
import { RADIUS_STEPS_KM } from '@rr/analytics/src/domain/radius';
import { reportWindow } from '@rr/analytics/src/domain/report-window';
import { loadMunicipalities } from '@rr/portal-simulator/src/generator/places';
import { plausiblePrice } from '@rr/portal-simulator/src/generator/prices';
import { generateProperty, indexPlaces } from '@rr/portal-simulator/src/generator/property';
import { createRng, type Rng } from '@rr/portal-simulator/src/generator/rng';
import type { SimProperty } from '@rr/portal-simulator/src/domain';

const MONTHS = Number(process.env.BENCH_MONTHS ?? 4);
/** New offers a month: about the Czech portals' national flow (cf. bench:analytics, 1 M over 24 months). */
const PER_MONTH = Number(process.env.BENCH_PER_MONTH ?? 40_000);
const DAY = 86_400_000;
const END = Date.parse('2026-11-20T00:00:00Z');
const START = END - MONTHS * 30 * DAY;

/** The generator's randomness with every draw at its middle: the spread factor 1.025, no rounding down. */
const MIDDLE: Rng = { next: () => 0.5, int: (a, b) => Math.round((a + b) / 2), pick: (xs) => xs[0], weighted: (xs) => xs[0][0], chance: () => false, hex: () => '0' };

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[s.length >> 1] : NaN; };

function main() {
  const all = loadMunicipalities(municipalitiesCsvPath());
  const places = indexPlaces(all);
  const villages = new Set(places.others.map((m) => m.code));
  const gazetteer = loadGazetteer();
  const rng = createRng(17);
  const total = MONTHS * PER_MONTH;
  const market: SimProperty[] = [];
  for (let i = 0; i < total; i++) market.push(generateProperty(rng, places, {}, `P${i}`, new Date(START + Math.floor(rng.next() * (END - START)))));
  market.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const buckets = new Map<string, BucketCells>();
  const stepsFor = (f: OfferFact): ComparableStep[] => {
    const { fromMonth, toMonth } = reportWindow(f.publishedAt, 3);
    const months: string[] = [];
    for (let t = Date.parse(`${fromMonth}-01T00:00:00Z`); monthOf(t) <= toMonth; t += 31 * DAY) months.push(monthOf(t));
    const read = (keys: string[]) => keys.flatMap((k) => months.map((m) => buckets.get(`${k}|${f.adType}|${f.realEstateType}|${m}`)).filter((b): b is BucketCells => !!b));
    const point = { lat: f.lat!, lon: f.lon! };
    return [{ radiusKm: 0, buckets: read([`m:${f.municipalityCode}`]) }, ...RADIUS_STEPS_KM.filter((r) => r > 0).map((radiusKm) => ({ radiusKm, buckets: read(cellsAround(point, radiusKm)) }))];
  };

  const errors: number[] = [];
  const oracleErrors: number[] = [];
  let evaluated = 0;
  for (const p of market) {
    const m = gazetteer.placeByCode('municipality', p.municipalityCode)!;
    const point = { lat: p.lat, lon: p.lon };
    const fact: OfferFact = {
      offerId: p.id, adType: p.adType, realEstateType: p.realEstateType, dispositionLabel: p.dispositionLabel,
      area: p.area ?? (p.realEstateType === 'Land' ? p.landArea : null), price: p.price, lat: p.lat, lon: p.lon,
      regionCode: m.regionCode, districtCode: m.districtCode, municipalityCode: m.code,
      pragueDistrictCode: m.code === PRAGUE_CODE ? gazetteer.nearestPragueDistrict(point).code : null,
      publishedAt: p.createdAt.getTime(), publishedMonth: monthOf(p.createdAt.getTime()), withdrawnAt: null, seenAt: p.createdAt.getTime(),
    };
    if (fact.publishedAt >= END - 30 * DAY && fact.price !== null && fact.price > 0) {
      evaluated++;
      const estimate = estimatePrice(fact, stepsFor(fact));
      if (estimate) {
        const municipality = all.find((x) => x.code === p.municipalityCode)!;
        const oracle = plausiblePrice(MIDDLE, { ...p, municipality, isTown: !villages.has(p.municipalityCode) });
        errors.push((Math.abs(estimate.price - fact.price) / fact.price) * 100);
        oracleErrors.push((Math.abs(oracle - fact.price) / fact.price) * 100);
      }
    }
    for (const key of bucketKeysOf(fact)) {
      const id = `${key}|${fact.adType}|${fact.realEstateType}|${fact.publishedMonth}`;
      const cells = buckets.get(id) ?? {};
      contribute(cells, fact, 1);
      buckets.set(id, cells);
    }
  }
  process.stdout.write(`${JSON.stringify({
    offers: evaluated,
    medianAbsPctError: +median(errors).toFixed(2),
    oracleMedianAbsPctError: +median(oracleErrors).toFixed(2),
    within10pct: +(errors.filter((e) => e <= 10).length / Math.max(1, errors.length)).toFixed(3),
    coverage: +(errors.length / Math.max(1, evaluated)).toFixed(3),
  })}\n`);
}

main();
