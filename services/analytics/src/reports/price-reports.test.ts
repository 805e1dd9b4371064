import type { AdType } from '@rr/proto';
import type { BucketCount } from '../repositories/price-bucket.repository';
import { cellsAround } from '../domain/grid';
import { reportWindow } from '../domain/report-window';
import { PriceReports, placeKeyOf, type PlaceInfo, type ReportReader } from './price-reports';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const BRNO: PlaceInfo = { kind: 'municipality', code: '582786', name: 'Brno', point: { lat: 49.19516, lon: 16.606937 } };
const MONTH = reportWindow(NOW, 3).toMonth;

/** A read model in memory holding `offers` flats for sale under each key, with the keys of every read. */
function readerOf(offers: Map<string, number>, reads: string[][]): ReportReader {
  return {
    findCounts: async (keys: readonly string[], _adType: AdType) => {
      reads.push([...keys]);
      return keys.filter((k) => offers.has(k)).map((placeKey): BucketCount => ({ placeKey, realEstateType: 'Apartment', month: MONTH, layouts: { '2+kk': offers.get(placeKey)! }, version: 1 }));
    },
    findBuckets: async () => [],
    findForPlaces: async () => [],
  };
}

const reportsOver = (offers: Map<string, number>, reads: string[][]) => new PriceReports(readerOf(offers, reads), (kind, code) => (kind === BRNO.kind && code === BRNO.code ? BRNO : null), () => NOW);
const query = { placeKind: 'municipality', placeCode: BRNO.code, adType: 'Sale', realEstateType: 'Apartment', dispositions: [], months: 3 } as const;

describe('a report widening its radius', () => {
  it('reads the place alone when it holds 30 offers', async () => {
    const reads: string[][] = [];
    const answer = await reportsOver(new Map([[placeKeyOf('municipality', BRNO.code), 30]]), reads).report(query as never);
    expect(answer.radiusKm).toBe(0);
    expect(reads).toEqual([[placeKeyOf('municipality', BRNO.code)]]);
  });

  it('reads one wider step at a time and stops at the first that reaches 30', async () => {
    const offers = new Map<string, number>([[placeKeyOf('municipality', BRNO.code), 5]]);
    for (const cell of cellsAround(BRNO.point, 2)) offers.set(cell, 2);
    for (const cell of cellsAround(BRNO.point, 5)) offers.set(cell, 8);
    const reads: string[][] = [];
    const answer = await reportsOver(offers, reads).report(query as never);
    expect(answer.radiusKm).toBe(5);
    expect(reads).toEqual([[placeKeyOf('municipality', BRNO.code)], cellsAround(BRNO.point, 2), cellsAround(BRNO.point, 5)]);
  });

  it('reads every step up to the cap when none reaches 30, and answers with the largest sample', async () => {
    const offers = new Map<string, number>([[placeKeyOf('municipality', BRNO.code), 3]]);
    for (const cell of cellsAround(BRNO.point, 10)) offers.set(cell, 5);
    const reads: string[][] = [];
    const answer = await reportsOver(offers, reads).report(query as never);
    expect(reads).toHaveLength(6);
    expect(answer.radiusKm).toBe(10);
  });
});
