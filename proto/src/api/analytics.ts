import { z } from 'zod';
import { AdType, DispositionLabel, RealEstateType } from '../domain/enums';
import { PlaceKind } from '../domain/location';
import { Offer } from '../domain/offer';
import { ANALYTICS_LEVELS, ANALYTICS_PART_NAMES, type AnalyticsPart } from '../domain/analytics-depth';

/**
 * Price and location analytics (issue 17): the analytics service's report API (port 8108),
 * proxied by the gateway at `/api/analytics/*` for the web client and at `/api/v1/report` for
 * API keys. Answers are wrapped in `{ data }`.
 */

/** Longest window a report covers; the spec's window is 3 months. */
export const MAX_REPORT_MONTHS = 24;
/** Largest radius a report widens to or accepts, km. */
export const MAX_REPORT_RADIUS_KM = 30;

const commaList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item).max(20));

/**
 * `GET /reports?…`: a place (`placeKind` + `placeCode`, codes as autocomplete gives them) or a
 * point (`lat`, `lon`, optional `radiusKm`). The radius widens from the place (or the given
 * radius) over 2, 5, 10, 20, 30 km until 30 offers are found.
 */
export const ReportQuery = z.object({
  placeKind: PlaceKind.optional().describe('the place: region, district, municipality or pragueDistrict (or give lat and lon instead)'),
  placeCode: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9-]+$/, 'not a place code').optional().describe('with placeKind: the place\'s code as autocomplete gives it, e.g. 582786 (Brno)'),
  lat: z.coerce.number().min(48.4).max(51.2).optional().describe('a point instead of a place: latitude (WGS 84), with lon'),
  lon: z.coerce.number().min(12).max(19).optional().describe('longitude (WGS 84), with lat'),
  radiusKm: z.coerce.number().min(0).max(MAX_REPORT_RADIUS_KM).optional().describe(`around a point: the radius in km to start from (2 by default, at most ${MAX_REPORT_RADIUS_KM}); widened until 30 offers are found`),
  adType: AdType.default('Sale').describe('Sale or Rent'),
  realEstateType: RealEstateType.default('Apartment').describe('the property type'),
  dispositions: commaList(DispositionLabel).default([]).describe('layouts, comma separated, e.g. 2+kk,3+1; empty: any'),
  months: z.coerce.number().int().min(1).max(MAX_REPORT_MONTHS).default(3).describe(`the window in months, 1–${MAX_REPORT_MONTHS} (over 3 from the trend level up: Premium tier)`),
}).strict()
  .refine((q) => (q.placeKind === undefined) === (q.placeCode === undefined), { message: 'placeKind and placeCode go together', path: ['placeCode'] })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), { message: 'lat and lon go together', path: ['lon'] })
  .refine((q) => (q.placeKind !== undefined) !== (q.lat !== undefined), { message: 'give a place (placeKind, placeCode) or a point (lat, lon), not both', path: ['placeKind'] });
export type ReportQuery = z.output<typeof ReportQuery>;

// Below the `full` level only the sample size and the median (domain/analytics-depth.ts).
const FULL = ' (from the full level up: Standard tier)';
const TREND = ' (from the trend level up: Premium tier)';
const Summary = z.object({
  n: z.number().int(), median: z.number(),
  mean: z.number().optional().describe(`mean${FULL}`), p25: z.number().optional().describe(`25th percentile${FULL}`), p75: z.number().optional().describe(`75th percentile${FULL}`),
});

/** The figures of a report (`status: notEnoughData`: fewer than 30 offers even at 30 km; counts only). */
export const PriceReport = z.object({
  status: z.enum(['ok', 'notEnoughData']),
  asOf: z.string().datetime(),
  n: z.number().int().describe('offers in the sample (published in the window)'),
  excluded: z.object({ noPrice: z.number().int(), noArea: z.number().int(), outliers: z.number().int() }).optional().describe(`offers left out${FULL}`),
  price: Summary.nullable().describe('asking price, CZK (monthly rent for Rent)'),
  pricePerM2: Summary.extend({ ci: z.object({ low: z.number(), high: z.number(), level: z.number() }).nullable().optional().describe(`the median's interval${FULL}`) }).nullable(),
  daysOnMarket: z.object({ medianDays: z.number().nullable(), ended: z.number().int(), censored: z.number().int() }).optional().describe(`days listed${FULL}`),
  realEstateTypes: z.record(z.number().int()).optional().describe(`offers per property type in the same place and window${FULL}`),
  dispositions: z.record(z.number().int()).optional().describe(`offers per layout${FULL}`),
  monthly: z.array(z.object({ month: z.string(), n: z.number().int(), medianPricePerM2: z.number().nullable(), medianPrice: z.number().nullable() })).optional().describe(`the monthly series${TREND}`),
});
export type PriceReportView = z.infer<typeof PriceReport>;

/** `{ data: ReportAnswer }`: where the sample came from, the filters, and the figures. */
export const ReportAnswer = z.object({
  place: z.object({ kind: PlaceKind, code: z.string(), name: z.string() }).nullable(),
  centre: z.object({ lat: z.number(), lon: z.number() }),
  radiusKm: z.number().describe('0: the place itself; otherwise the radius around the centre actually used'),
  adType: AdType,
  realEstateType: RealEstateType,
  dispositions: z.array(DispositionLabel),
  months: z.number().int(),
  report: PriceReport,
  level: z.enum(ANALYTICS_LEVELS).describe('the depth the caller\'s tier gets: summary (visitors, User, Mini), full (Standard), trend (Premium), export (Profi and up)'),
  locked: z.array(z.enum(ANALYTICS_PART_NAMES as [AnalyticsPart, ...AnalyticsPart[]])).describe('parts kept back at this level: figures (full), monthly and longWindow (trend), csv (export)'),
});
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/** Where a price estimate comes from: ours, or (named in the spec, not integrated) a provider's. */
export const EstimateSource = z.enum(['RadarPrice', 'CityPerformer', 'PriceHubble', 'Valuo']);

/** An offer's estimated price from comparable offers (RadarPrice), CZK. */
export const RadarPrice = z.object({
  source: EstimateSource,
  asOf: z.string().datetime(),
  price: z.number().describe('median price per m² of the comparables × the offer\'s area'),
  pricePerM2: z.number(),
  low: z.number().describe('25th percentile × area'),
  high: z.number().describe('75th percentile × area'),
  comparables: z.number().int(),
  radiusKm: z.number().describe('how far the comparables are: 0 = the same municipality'),
  sameLayout: z.boolean().describe('comparables share the offer\'s layout'),
  sameAreaBand: z.boolean().describe('comparables share the offer\'s floor-area band (<40, 40–60, 60–90, 90–130, ≥130 m²)'),
});
export type RadarPrice = z.infer<typeof RadarPrice>;

/** `{ data: EstimateAnswer }` for `GET /estimate?offerId=`: null estimate when too few comparables. */
export const EstimateAnswer = z.object({
  offerId: z.string(),
  offerPrice: z.number().nullable(),
  /** (offer price − estimate) / estimate, e.g. −0.04 = 4 % below the estimate. */
  difference: z.number().nullable(),
  estimate: RadarPrice.nullable(),
});
export type EstimateAnswer = z.infer<typeof EstimateAnswer>;

/** `GET /estimate?offerId=`. */
export const EstimateQuery = z.object({ offerId: z.string().trim().min(1).max(100) }).strict();

/** What an estimate reads of an offer: enough to estimate one the read model has not taken in yet. */
export const EstimateSubject = Offer.pick({
  id: true, adType: true, realEstateType: true, dispositionLabel: true, area: true, landArea: true, price: true, location: true, createdAt: true,
});
export type EstimateSubject = z.infer<typeof EstimateSubject>;

/** Offers one `POST /analytics/estimates` estimates at most (an alert e-mail's). */
export const MAX_ESTIMATES_PER_CALL = 50;

/**
 * `POST /analytics/estimates` with `{ offers }`: RadarPrice of each, in order (the notifier's
 * alert e-mails for paying owners). An offer the read model knows is estimated as `GET /estimate`
 * does; one it has not taken in yet (the alert outran the analytics consumer) from what is sent.
 */
export const EstimatesBody = z.object({ offers: z.array(EstimateSubject).min(1).max(MAX_ESTIMATES_PER_CALL) }).strict();
export type EstimatesBody = z.infer<typeof EstimatesBody>;
export type EstimatesAnswer = { items: EstimateAnswer[] };

/** `GET /match-count?…`: how many offers a month a watchdog's criteria would have matched (last 3 months). */
export const MatchCountQuery = z.object({
  placeKind: PlaceKind,
  placeCode: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9-]+$/, 'not a place code'),
  adType: AdType.default('Sale'),
  realEstateType: RealEstateType.default('Apartment'),
  dispositions: commaList(DispositionLabel).default([]),
  priceFrom: z.coerce.number().min(0).optional(),
  priceTo: z.coerce.number().min(0).optional(),
}).strict();
export type MatchCountQuery = z.output<typeof MatchCountQuery>;
export type MatchCountAnswer = { perMonth: number; months: { month: string; n: number }[] };
