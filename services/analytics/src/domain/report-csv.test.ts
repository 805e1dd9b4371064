import { parse } from 'csv-parse/sync';
import { trimReport, type FullReportAnswer } from '@rr/proto';
import { reportCsv, reportCsvFileName } from './report-csv';

const answer: FullReportAnswer = {
  place: { kind: 'municipality', code: '586846', name: 'Žďár nad Sázavou' },
  centre: { lat: 49.56, lon: 15.94 },
  radiusKm: 0,
  adType: 'Rent',
  realEstateType: 'Apartment',
  dispositions: ['2+kk', '3+1'],
  months: 12,
  report: {
    status: 'ok',
    asOf: '2026-11-26T12:00:00.000Z',
    n: 42,
    excluded: { noPrice: 2, noArea: 1, outliers: 3 },
    price: { n: 42, mean: 18_240.4, median: 17_999.5, p25: 15_000, p75: 21_000 },
    pricePerM2: { n: 40, mean: 301.2, median: 290.6, p25: 250, p75: 330, ci: { low: 270.2, high: 310.7, level: 0.95 } },
    daysOnMarket: { medianDays: 21, ended: 20, censored: 22 },
    realEstateTypes: { Apartment: 42, House: 3 },
    dispositions: { '2+kk': 20, '3+1': 22 },
    monthly: [{ month: '2026-10', n: 20, medianPricePerM2: 288.4, medianPrice: 17_500 }, { month: '2026-11', n: 22, medianPricePerM2: null, medianPrice: null }],
  },
};
const read = (csv: string) => parse(csv, { bom: true, delimiter: ';', relax_column_count: true }) as string[][];

describe('the report as CSV', () => {
  it('starts with a BOM, separates by semicolons and ends lines with CRLF (Czech Excel)', () => {
    const csv = reportCsv(trimReport(answer, 'export'), 'cs');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[0]).toBe('\ufeffUkazatel;Hodnota');
    expect(csv.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('writes every figure as whole crowns, the filters in words, then the monthly series', () => {
    const rows = read(reportCsv(trimReport(answer, 'export'), 'cs'));
    const value = (label: string) => rows.find((r) => r[0] === label)?.[1];
    expect(value('Lokalita')).toBe('Žďár nad Sázavou');
    expect(value('Typ inzerátu')).toBe('Pronájem');
    expect(value('Dispozice')).toBe('2+kk, 3+1');
    expect(value('Stav ke dni')).toBe('2026-11-26');
    expect(value('Medián ceny (Kč)')).toBe('18000');
    expect(value('Medián ceny za m², 95% interval od (Kč)')).toBe('270');
    expect(value('Medián doby inzerce (dny)')).toBe('21');
    expect(value('Vynecháno: odlehlé')).toBe('3');
    expect(value('Nabídek typu: Dům')).toBe('3');
    const header = rows.findIndex((r) => r[0] === 'Měsíc');
    expect(rows[header]).toEqual(['Měsíc', 'Počet nabídek', 'Medián ceny za m² (Kč)', 'Medián ceny (Kč)']);
    expect(rows.slice(header + 1)).toEqual([['2026-10', '20', '288', '17500'], ['2026-11', '22', '', '']]);
  });

  it('writes only what the level kept: no spread, no series below trend', () => {
    const rows = read(reportCsv(trimReport(answer, 'summary'), 'en'));
    expect(rows.map((r) => r[0])).toEqual([
      'Figure', 'Place', 'Radius (km, 0 = the place itself)', 'Ad type', 'Property type', 'Layouts', 'Period (months)', 'As of', 'Status', 'Offers',
      'Median price (CZK)', 'Median price per m² (CZK)',
    ]);
  });

  it('quotes a field holding the separator', () => {
    const rows = read(reportCsv(trimReport({ ...answer, place: { ...answer.place!, name: 'Praha; Vinohrady' } }, 'export'), 'cs'));
    expect(rows.find((r) => r[0] === 'Lokalita')).toEqual(['Lokalita', 'Praha; Vinohrady']);
  });

  it('names the file by the place without diacritics and the report\'s date, in the caller\'s language', () => {
    expect(reportCsvFileName(trimReport(answer, 'export'), 'cs')).toBe('analyza-cen-zdar-nad-sazavou-2026-11-26.csv');
    expect(reportCsvFileName(trimReport({ ...answer, place: null }, 'export'), 'en')).toBe('price-analysis-49-560-15-940-2026-11-26.csv');
  });
});
