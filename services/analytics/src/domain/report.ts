import type { DispositionLabel, RealEstateType } from '@rr/proto';
import { kaplanMeierMedian, type DaysOnMarket } from './days-on-market';
import { pricePerM2, type OfferFact } from './offer-fact';
import { medianConfidenceInterval, sortedCopy, summarise, tukeyFences, type Summary } from './statistics';

/** Below this many offers a report gives counts only (QFREB's minimum of 30, wave2 §3.2). */
export const MIN_SAMPLE = 30;
/** Floor-area bands: small units ask more per m², so outliers are judged within a band. */
export const AREA_BANDS = [0, 40, 60, 90, 130, Infinity] as const;
const DAY_MS = 86_400_000;

export type MonthPoint = { month: string; n: number; medianPricePerM2: number | null; medianPrice: number | null };

export type PriceReport = {
  status: 'ok' | 'notEnoughData';
  asOf: string;
  n: number;
  /** Offers left out of the price figures: no price, no area, or trimmed as outliers. */
  excluded: { noPrice: number; noArea: number; outliers: number };
  price: Summary | null;
  pricePerM2: (Summary & { ci: { low: number; high: number; level: number } | null }) | null;
  daysOnMarket: DaysOnMarket;
  realEstateTypes: Partial<Record<RealEstateType, number>>;
  dispositions: Partial<Record<DispositionLabel | 'unknown', number>>;
  monthly: MonthPoint[];
};

function bandOf(area: number): number {
  let b = 0;
  while (area >= AREA_BANDS[b + 1]) b++;
  return b;
}

/** Offers whose log price per m² lies outside the Tukey fences of their area band. */
export function outlierIds(facts: readonly OfferFact[], k = 1.5): Set<string> {
  const bands = new Map<number, { id: string; log: number }[]>();
  for (const f of facts) {
    const ppm = pricePerM2(f);
    if (ppm === null) continue;
    const band = bandOf(f.area!);
    const list = bands.get(band) ?? [];
    list.push({ id: f.offerId, log: Math.log(ppm) });
    bands.set(band, list);
  }
  const out = new Set<string>();
  for (const list of bands.values()) {
    const fences = tukeyFences(sortedCopy(list.map((x) => x.log)), k);
    if (!fences) continue;
    for (const x of list) if (x.log < fences.low || x.log > fences.high) out.add(x.id);
  }
  return out;
}

function countBy<K extends string>(facts: readonly OfferFact[], key: (f: OfferFact) => K): Partial<Record<K, number>> {
  const counts: Partial<Record<K, number>> = {};
  for (const f of facts) counts[key(f)] = (counts[key(f)] ?? 0) + 1;
  return counts;
}

function monthlySeries(facts: readonly OfferFact[], outliers: ReadonlySet<string>): MonthPoint[] {
  const byMonth = new Map<string, OfferFact[]>();
  for (const f of facts) {
    const list = byMonth.get(f.publishedMonth);
    if (list) list.push(f);
    else byMonth.set(f.publishedMonth, [f]);
  }
  return [...byMonth.keys()].sort().map((month) => {
    const facts = byMonth.get(month)!;
    const ppm = facts.filter((f) => !outliers.has(f.offerId)).map(pricePerM2).filter((v): v is number => v !== null);
    const prices = facts.map((f) => f.price).filter((v): v is number => v !== null);
    return { month, n: facts.length, medianPricePerM2: summarise(ppm)?.median ?? null, medianPrice: summarise(prices)?.median ?? null };
  });
}

/** The report over offers already chosen by place, filters and window. */
export function buildReport(facts: readonly OfferFact[], asOf: number): PriceReport {
  const outliers = outlierIds(facts);
  const kept = facts.filter((f) => !outliers.has(f.offerId));
  const noPrice = facts.filter((f) => f.price === null).length;
  const noArea = facts.filter((f) => f.price !== null && pricePerM2(f) === null).length;
  // Trimming judges price per m²; price figures keep every priced offer (a bucket cannot tell which prices were trimmed).
  const prices = facts.map((f) => f.price).filter((v): v is number => v !== null && v > 0);
  const ppms = kept.map(pricePerM2).filter((v): v is number => v !== null);
  const enough = facts.length >= MIN_SAMPLE;
  const ppmSummary = enough ? summarise(ppms) : null;
  return {
    status: enough ? 'ok' : 'notEnoughData',
    asOf: new Date(asOf).toISOString(),
    n: facts.length,
    excluded: { noPrice, noArea, outliers: outliers.size },
    price: enough ? summarise(prices) : null,
    pricePerM2: ppmSummary && { ...ppmSummary, ci: medianConfidenceInterval(sortedCopy(ppms)) },
    daysOnMarket: kaplanMeierMedian(
      facts.map((f) => ({ days: Math.max(0, Math.floor(((f.withdrawnAt ?? asOf) - f.publishedAt) / DAY_MS)), ended: f.withdrawnAt !== null })),
    ),
    realEstateTypes: countBy(facts, (f) => f.realEstateType),
    dispositions: countBy(facts, (f) => f.dispositionLabel ?? 'unknown'),
    monthly: monthlySeries(facts, outliers),
  };
}
