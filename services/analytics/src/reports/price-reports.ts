import type { AdType, DispositionLabel, FullReportAnswer, GeoPoint, MatchCountAnswer, MatchCountQuery, PlaceKind, RealEstateType, ReportQuery } from '@rr/proto';
import { monthlyMatchCounts, perMonth } from '../domain/match-count';
import { AppError } from '@rr/kit';
import type { BucketCount } from '../repositories/price-bucket.repository';
import { reportFromBuckets, type ReportBucket, type StoredBucket } from '../domain/bucket-report';
import { cellsAround, levelFor } from '../domain/grid';
import { RADIUS_STEPS_KM } from '../domain/radius';
import { MIN_SAMPLE } from '../domain/report';
import { reportWindow } from '../domain/report-window';

export type BucketReader = {
  findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]>;
};
/** What reports read: the counts of the steps, then the chosen step's buckets the counts name (`CachedReadModel`, or the repository itself). */
export type ReportReader = BucketReader & {
  findCounts(placeKeys: readonly string[], adType: AdType, fromMonth: string, toMonth: string): Promise<BucketCount[]>;
  findBuckets(adType: AdType, counts: readonly BucketCount[]): Promise<ReportBucket[]>;
};
export type PlaceInfo = { kind: PlaceKind; code: string; name: string; point: GeoPoint };
export type PlaceLookup = (kind: PlaceKind, code: string) => PlaceInfo | null;

const KEY_PREFIX: Record<PlaceKind, string> = { municipality: 'm', district: 'd', region: 'r', pragueDistrict: 'p' };
export const placeKeyOf = (kind: PlaceKind, code: string) => `${KEY_PREFIX[kind]}:${code}`;

/** Offers of the chosen type and layouts counted in the buckets of the given keys. */
function sampleSize(counts: readonly BucketCount[], keys: ReadonlySet<string>, realEstateType: RealEstateType, layouts: readonly DispositionLabel[]): number {
  let n = 0;
  for (const c of counts) {
    if (c.realEstateType !== realEstateType || !keys.has(c.placeKey)) continue;
    for (const [layout, count] of Object.entries(c.layouts)) if (layouts.length === 0 || layouts.includes(layout as DispositionLabel)) n += count!;
  }
  return n;
}

/** Offers per property type in the chosen step (the chosen layouts only, when some are). */
function typeShares(counts: readonly BucketCount[], keys: ReadonlySet<string>, layouts: readonly DispositionLabel[]): Partial<Record<RealEstateType, number>> {
  const out: Partial<Record<RealEstateType, number>> = {};
  for (const c of counts) {
    if (!keys.has(c.placeKey)) continue;
    for (const [layout, count] of Object.entries(c.layouts)) {
      if (layouts.length === 0 || layouts.includes(layout as DispositionLabel)) out[c.realEstateType] = (out[c.realEstateType] ?? 0) + count!;
    }
  }
  return out;
}

/**
 * Answers report queries from the buckets: the place itself first (or the point's given radius),
 * then grid cells around its centre over the radius steps until the sample reaches 30. Reads by
 * `_id`: the first step's counts (the place's key, or the point's four grid cells), each wider
 * step's only while the sample is too small, then the chosen step's buckets of the window that the counts
 * name — only the months asked for, each from memory when the copy held is of the version the
 * counts name (`CachedReadModel`).
 */
export class PriceReports {
  constructor(private readonly buckets: ReportReader, private readonly places: PlaceLookup, private readonly now: () => number = Date.now) {}

  async report(q: ReportQuery): Promise<FullReportAnswer> {
    const asOf = this.now();
    const { fromMonth, toMonth } = reportWindow(asOf, q.months);
    const place = q.placeKind ? this.places(q.placeKind, q.placeCode!) : null;
    if (q.placeKind && !place) throw new AppError('NOT_FOUND', `no ${q.placeKind} with code ${q.placeCode}`);
    const centre = place?.point ?? { lat: q.lat!, lon: q.lon! };

    const first = place ? 0 : levelFor(q.radiusKm ?? RADIUS_STEPS_KM[1]);
    const steps = [
      ...(place ? [{ radiusKm: 0, keys: [placeKeyOf(place.kind, place.code)] }] : []),
      // A point's radius is answered by the grid level at or above it (2 km at least).
      ...RADIUS_STEPS_KM.filter((km) => km >= first && km > 0).map((radiusKm) => ({ radiusKm, keys: cellsAround(centre, radiusKm) })),
    ];
    // Step by step, each read only while the sample falls short: most places of the country
    // widen (a town of a few thousand holds fewer than 30 offers of a type in 3 months) and most
    // of those reach 30 within 5 or 10 km, so reading all five wider steps' 20 grid cells at once
    // read and parsed twice the documents a report needs (bench:scale's reports).
    let counts = await this.buckets.findCounts(steps[0].keys, q.adType, fromMonth, toMonth);
    const sizes = [sampleSize(counts, new Set(steps[0].keys), q.realEstateType, q.dispositions)];
    for (let s = 1; s < steps.length && sizes[s - 1] < MIN_SAMPLE; s++) {
      counts = [...counts, ...(await this.buckets.findCounts(steps[s].keys, q.adType, fromMonth, toMonth))];
      sizes.push(sampleSize(counts, new Set(steps[s].keys), q.realEstateType, q.dispositions));
    }
    const enough = sizes.findIndex((n) => n >= MIN_SAMPLE);
    // Without enough anywhere, the largest sample (a radius can hold fewer offers than the place).
    const chosen = enough >= 0 ? enough : sizes.indexOf(Math.max(...sizes));
    const used = steps[chosen];
    const usedKeys = new Set(used.keys);
    const buckets = await this.buckets.findBuckets(q.adType, counts.filter((c) => c.realEstateType === q.realEstateType && usedKeys.has(c.placeKey)));
    return {
      place: place && { kind: place.kind, code: place.code, name: place.name },
      centre,
      radiusKm: used.radiusKm,
      adType: q.adType,
      realEstateType: q.realEstateType,
      dispositions: q.dispositions,
      months: q.months,
      report: reportFromBuckets(buckets, q.realEstateType, q.dispositions, asOf, typeShares(counts, usedKeys, q.dispositions)),
    };
  }

  /** Offers a month the watchdog form's criteria would have matched in the place over the last 3 months. */
  async matchCount(q: MatchCountQuery): Promise<MatchCountAnswer> {
    const place = this.places(q.placeKind, q.placeCode);
    if (!place) throw new AppError('NOT_FOUND', `no ${q.placeKind} with code ${q.placeCode}`);
    const asOf = this.now();
    const { fromMonth, toMonth } = reportWindow(asOf, 3);
    const buckets = await this.buckets.findForPlaces([placeKeyOf(place.kind, place.code)], q.adType, q.realEstateType, fromMonth, toMonth);
    const months = monthlyMatchCounts(buckets, q.dispositions, { priceFrom: q.priceFrom ?? null, priceTo: q.priceTo ?? null });
    const window: string[] = [];
    for (let d = new Date(`${fromMonth}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= toMonth; d.setUTCMonth(d.getUTCMonth() + 1)) window.push(d.toISOString().slice(0, 7));
    return { perMonth: perMonth(months, toMonth, window), months };
  }
}
