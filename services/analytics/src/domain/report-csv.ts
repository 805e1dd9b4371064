import { stringify } from 'csv-stringify/sync';
import type { AdType, Locale, RealEstateType, ReportAnswer } from '@rr/proto';

/**
 * A report as a CSV file for the `export` level (docs/decisions.md, "Report CSV"): UTF-8 with a
 * BOM, `;` between fields and CRLF lines, so Excel with Czech regional settings (list separator
 * `;`) opens it in columns with the diacritics right. Two blocks: the figures as label;value rows,
 * then, after an empty line, the monthly series with its own header. Amounts are whole crowns
 * without grouping, so they stay numbers in any locale's spreadsheet (no decimal separator to
 * disagree about).
 */
const TEXT = {
  cs: {
    figure: 'Ukazatel', value: 'Hodnota', place: 'Lokalita', radius: 'Okruh (km, 0 = lokalita sama)', adType: 'Typ inzerátu', realEstateType: 'Typ nemovitosti',
    dispositions: 'Dispozice', allDispositions: 'všechny', months: 'Období (měsíce)', asOf: 'Stav ke dni', status: 'Stav', ok: 'dostatek dat', notEnoughData: 'málo nabídek (méně než 30)',
    n: 'Počet nabídek', medianPrice: 'Medián ceny (Kč)', meanPrice: 'Průměrná cena (Kč)', p25Price: 'Cena, 25. percentil (Kč)', p75Price: 'Cena, 75. percentil (Kč)',
    medianPpm: 'Medián ceny za m² (Kč)', meanPpm: 'Průměrná cena za m² (Kč)', p25Ppm: 'Cena za m², 25. percentil (Kč)', p75Ppm: 'Cena za m², 75. percentil (Kč)',
    ciLow: 'Medián ceny za m², 95% interval od (Kč)', ciHigh: 'Medián ceny za m², 95% interval do (Kč)', days: 'Medián doby inzerce (dny)', ended: 'Stažených nabídek', censored: 'Stále aktivních nabídek',
    noPrice: 'Vynecháno: bez ceny', noArea: 'Vynecháno: bez plochy', outliers: 'Vynecháno: odlehlé', typeShare: 'Nabídek typu', layoutShare: 'Nabídek dispozice',
    month: 'Měsíc', monthN: 'Počet nabídek', monthPpm: 'Medián ceny za m² (Kč)', monthPrice: 'Medián ceny (Kč)', file: 'analyza-cen',
    adTypes: { Sale: 'Prodej', Rent: 'Pronájem', Auction: 'Dražba', Roommates: 'Spolubydlení', Other: 'Ostatní' },
    realEstateTypes: { Apartment: 'Byt', House: 'Dům', Land: 'Pozemek', Commercial: 'Komerční', Other: 'Ostatní' },
  },
  en: {
    figure: 'Figure', value: 'Value', place: 'Place', radius: 'Radius (km, 0 = the place itself)', adType: 'Ad type', realEstateType: 'Property type',
    dispositions: 'Layouts', allDispositions: 'all', months: 'Period (months)', asOf: 'As of', status: 'Status', ok: 'enough data', notEnoughData: 'too few offers (under 30)',
    n: 'Offers', medianPrice: 'Median price (CZK)', meanPrice: 'Mean price (CZK)', p25Price: 'Price, 25th percentile (CZK)', p75Price: 'Price, 75th percentile (CZK)',
    medianPpm: 'Median price per m² (CZK)', meanPpm: 'Mean price per m² (CZK)', p25Ppm: 'Price per m², 25th percentile (CZK)', p75Ppm: 'Price per m², 75th percentile (CZK)',
    ciLow: 'Median price per m², 95% interval from (CZK)', ciHigh: 'Median price per m², 95% interval to (CZK)', days: 'Median time listed (days)', ended: 'Offers withdrawn', censored: 'Offers still active',
    noPrice: 'Left out: no price', noArea: 'Left out: no area', outliers: 'Left out: outliers', typeShare: 'Offers of type', layoutShare: 'Offers of layout',
    month: 'Month', monthN: 'Offers', monthPpm: 'Median price per m² (CZK)', monthPrice: 'Median price (CZK)', file: 'price-analysis',
    adTypes: { Sale: 'Sale', Rent: 'Rent', Auction: 'Auction', Roommates: 'Roommates', Other: 'Other' },
    realEstateTypes: { Apartment: 'Apartment', House: 'House', Land: 'Land', Commercial: 'Commercial', Other: 'Other' },
  },
} satisfies Record<Locale, Record<string, unknown> & { adTypes: Record<AdType, string>; realEstateTypes: Record<RealEstateType, string> }>;

type Cell = string | number | null | undefined;
const whole = (v: number | null | undefined): Cell => (v == null ? '' : Math.round(v));

export function reportCsv(answer: ReportAnswer, locale: Locale): string {
  const t = TEXT[locale];
  const r = answer.report;
  const place = answer.place?.name ?? `${answer.centre.lat.toFixed(5)}, ${answer.centre.lon.toFixed(5)}`;
  const rows: Cell[][] = [
    [t.figure, t.value],
    [t.place, place],
    [t.radius, answer.radiusKm],
    [t.adType, t.adTypes[answer.adType]],
    [t.realEstateType, t.realEstateTypes[answer.realEstateType]],
    [t.dispositions, answer.dispositions.length ? answer.dispositions.join(', ') : t.allDispositions],
    [t.months, answer.months],
    [t.asOf, r.asOf.slice(0, 10)],
    [t.status, t[r.status]],
    [t.n, r.n],
  ];
  const add = (label: string, value: Cell) => {
    if (value !== undefined) rows.push([label, value]);
  };
  if (r.price) {
    add(t.medianPrice, whole(r.price.median));
    add(t.meanPrice, r.price.mean === undefined ? undefined : whole(r.price.mean));
    add(t.p25Price, r.price.p25 === undefined ? undefined : whole(r.price.p25));
    add(t.p75Price, r.price.p75 === undefined ? undefined : whole(r.price.p75));
  }
  if (r.pricePerM2) {
    add(t.medianPpm, whole(r.pricePerM2.median));
    add(t.meanPpm, r.pricePerM2.mean === undefined ? undefined : whole(r.pricePerM2.mean));
    add(t.p25Ppm, r.pricePerM2.p25 === undefined ? undefined : whole(r.pricePerM2.p25));
    add(t.p75Ppm, r.pricePerM2.p75 === undefined ? undefined : whole(r.pricePerM2.p75));
    if (r.pricePerM2.ci) {
      add(t.ciLow, whole(r.pricePerM2.ci.low));
      add(t.ciHigh, whole(r.pricePerM2.ci.high));
    }
  }
  if (r.daysOnMarket) {
    add(t.days, whole(r.daysOnMarket.medianDays));
    add(t.ended, r.daysOnMarket.ended);
    add(t.censored, r.daysOnMarket.censored);
  }
  if (r.excluded) {
    add(t.noPrice, r.excluded.noPrice);
    add(t.noArea, r.excluded.noArea);
    add(t.outliers, r.excluded.outliers);
  }
  for (const [type, n] of Object.entries(r.realEstateTypes ?? {})) add(`${t.typeShare}: ${t.realEstateTypes[type as RealEstateType] ?? type}`, n);
  for (const [layout, n] of Object.entries(r.dispositions ?? {})) add(`${t.layoutShare}: ${layout}`, n);
  if (r.monthly) {
    rows.push([], [t.month, t.monthN, t.monthPpm, t.monthPrice]);
    for (const m of r.monthly) rows.push([m.month, m.n, whole(m.medianPricePerM2), whole(m.medianPrice)]);
  }
  return stringify(rows, { bom: true, delimiter: ';', record_delimiter: 'windows' });
}

/** `analyza-cen-jihlava-2026-11-26.csv`: the place without diacritics, the report's date. */
export function reportCsvFileName(answer: ReportAnswer, locale: Locale): string {
  const place = (answer.place?.name ?? `${answer.centre.lat.toFixed(3)}-${answer.centre.lon.toFixed(3)}`)
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${TEXT[locale].file}-${place || 'report'}-${answer.report.asOf.slice(0, 10)}.csv`;
}
