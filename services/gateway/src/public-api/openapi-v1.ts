import { Contact, HistoryDetailQuery, HistoryListQuery, Offer, OfferHistory, RealEstate, RealEstateQuery, ReportAnswer, ReportQuery, SEARCH_LIMITS, offerHistoryOf, realEstateOf } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { z } from 'zod';
import { zodToJsonSchema, type JsonSchema } from '../openapi/zod-to-json-schema';

const ApiError = z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string()).optional() }) });
const Place = z.object({ kind: z.string(), code: z.string(), name: z.string(), point: z.object({ lat: z.number(), lon: z.number() }), regionCode: z.string(), districtCode: z.string().nullable() });

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = (description: string) => ({ description, content: { 'application/json': { schema: ref('ApiError') } } });
const ERRORS = {
  '400': error('A parameter is missing, unknown or out of range (`fields` names each)'),
  '401': error('No key, or an unknown or revoked one'),
  '403': error('The plan has no API access, the subscription lapsed, or the endpoint is not in the plan'),
  '429': error('Per-minute limit or monthly quota reached (`Retry-After`, `RateLimit-*` headers)'),
  '503': error('The service is temporarily unavailable'),
};

/** What a parameter's docs add to its schema: examples (OpenAPI's `examples`), and limits the docs pages word in each locale. */
type ParameterDocs = { examples?: Record<string, { summary: string; value: string }>; limits?: Record<string, number> };

/**
 * Query parameters of a zod object as OpenAPI parameters (descriptions from the schema). An array
 * is sent comma separated (`style: form`, `explode: false`), as the proto schemas split it.
 */
function queryParameters(schema: z.ZodTypeAny, docs: Record<string, ParameterDocs> = {}): JsonSchema[] {
  const json = zodToJsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name, in: 'query', required: json.required?.includes(name) ?? false, schema: s,
    ...((s as { description?: string }).description ? { description: (s as { description?: string }).description } : {}),
    ...((s as { type?: string }).type === 'array' ? { style: 'form', explode: false } : {}),
    ...(docs[name]?.examples ? { examples: docs[name].examples } : {}),
    ...(docs[name]?.limits ? { 'x-limits': docs[name].limits } : {}),
  }));
}

/**
 * The `places` of a search, by example: the docs pages list these (their summaries in the docs'
 * own words per locale, by example name) and the browser test runs them against the API.
 */
const PLACES_DOCS: ParameterDocs = {
  limits: { places: SEARCH_LIMITS.places, radiusKm: SEARCH_LIMITS.radiusKm },
  examples: {
    municipality: { summary: 'One municipality (Brno)', value: 'municipality:582786' },
    radius: { summary: 'Brno and everything within 10 km of its centre, with the Brno-venkov district', value: 'municipality:582786:10,district:CZ0643' },
    areas: { summary: 'A whole region and a district of another one', value: 'region:CZ064,district:CZ0806' },
    pragueDistrict: { summary: 'A Prague district with a 2.5 km circle', value: 'pragueDistrict:PRAHA-8:2.5' },
  },
};

const reportExample = {
  data: {
    place: { kind: 'municipality', code: '582786', name: 'Brno' }, centre: { lat: 49.1951, lon: 16.6068 }, radiusKm: 0,
    adType: 'Sale', realEstateType: 'Apartment', dispositions: ['2+kk'], months: 3,
    report: {
      status: 'ok', asOf: '2026-11-25T10:00:00.000Z', n: 412, excluded: { noPrice: 9, noArea: 3, outliers: 6 },
      price: { n: 403, mean: 6_480_000, median: 6_190_000, p25: 5_350_000, p75: 7_290_000 },
      pricePerM2: { n: 394, mean: 111_300, median: 108_900, p25: 98_700, p75: 121_400, ci: { low: 106_800, high: 110_600, level: 0.95 } },
      daysOnMarket: { medianDays: 41, ended: 187, censored: 225 }, realEstateTypes: { Apartment: 412, House: 96 }, dispositions: { '2+kk': 412 },
      monthly: [{ month: '2026-09', n: 131, medianPricePerM2: 107_800, medianPrice: 6_150_000 }],
    },
    level: 'export', locked: [],
  },
};

/** A zod object under its refinements. */
function objectOf(schema: z.ZodTypeAny): z.ZodTypeAny {
  let shape = schema;
  while (shape instanceof z.ZodEffects) shape = shape._def.schema;
  return shape;
}

const ok = (description: string, schema: JsonSchema, example: unknown) => ({ '200': { description, content: { 'application/json': { schema: { type: 'object', properties: { data: schema } }, example: { data: example } } } } });
const page = (items: string, extra: Record<string, JsonSchema>) => ({ type: 'object', properties: { items: { type: 'array', items: ref(items) }, ...extra } });

let cached: JsonSchema | null = null;

/** The public API's OpenAPI 3.1 document, generated from the proto schemas; the docs pages render it. */
export function publicOpenApiDocument(): JsonSchema {
  cached ??= {
    openapi: '3.1.0',
    info: {
      title: 'Reality Radar data API', version: '1.0.0',
      description: 'Price and location analytics of the Czech real-estate market. Authenticate with an API key from your profile (Authorization: Bearer rr_live_…). Errors: {error:{code,message,fields}}. Breaking changes get a new version prefix.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (rr_live_…); X-Api-Key is accepted too.' } },
      schemas: {
        ReportAnswer: zodToJsonSchema(ReportAnswer), Place: zodToJsonSchema(Place), ApiError: zodToJsonSchema(ApiError),
        RealEstate: zodToJsonSchema(RealEstate), Contact: zodToJsonSchema(Contact), Offer: zodToJsonSchema(Offer), OfferHistory: zodToJsonSchema(OfferHistory),
      },
    },
    paths: {
      '/autocomplete': {
        get: {
          operationId: 'autocomplete', summary: 'Places by name (regions, districts, municipalities, Prague districts)',
          parameters: [
            { name: 'q', in: 'query', required: true, schema: { type: 'string', maxLength: 100 }, description: 'a place\'s name or a part of it, with or without diacritics, e.g. brno' },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 20, default: 10 }, description: 'places at most, 1–20' },
          ],
          responses: { '200': { description: 'Places', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'object', properties: { items: { type: 'array', items: ref('Place') } } } } }, example: { data: { items: [{ kind: 'municipality', code: '582786', name: 'Brno', point: { lat: 49.1951, lon: 16.6068 }, regionCode: 'CZ064', districtCode: 'CZ0642' }] } } } } }, ...ERRORS },
        },
      },
      '/report': {
        get: {
          operationId: 'report', summary: 'Price report for a place or a point with a radius (scope `report`). The depth follows the key owner\'s plan (`level`, `locked`); a window longer than the plan allows answers 403 FEATURE_NOT_IN_PLAN.',
          parameters: queryParameters(objectOf(ReportQuery)),
          responses: { '200': { description: 'The report', content: { 'application/json': { schema: { type: 'object', properties: { data: ref('ReportAnswer') } }, example: reportExample } } }, '404': error('Unknown place'), ...ERRORS },
        },
      },
      '/real-estate': {
        get: {
          operationId: 'realEstate', summary: `Current offers in places by watchdog criteria, newest found first (scope \`real-estate\`): up to ${SEARCH_LIMITS.places} places (regions, districts, municipalities, Prague districts; a municipality or Prague district with a radius up to ${SEARCH_LIMITS.radiusKm} km, e.g. places=municipality:582786:10,district:CZ0643; see the \`places\` parameter). A page reads at most 2,000 offers of the places, so a narrow filter may answer fewer than \`limit\` items with a \`next\` cursor: follow \`next\` until it is null. Offers found after the first page was read are not in the later pages (stable order, no repeats).`,
          parameters: queryParameters(objectOf(RealEstateQuery), { places: PLACES_DOCS }),
          responses: { ...ok('A page of offers', page('RealEstate', { next: { type: ['string', 'null'], description: 'cursor of the next page; null at the end' } }), { items: [realEstateOf(exampleOffer)], next: `${Date.parse(exampleOffer.foundAt)}~${exampleOffer.id}` }), ...ERRORS },
        },
      },
      '/history/list': {
        get: {
          operationId: 'historyList', summary: 'Offers changed since a cursor, withdrawn ones included (`active: false`), in the order they changed (scope `history`): keep a copy in sync by storing `next` and asking with it again. An offer that changes again comes again.',
          parameters: queryParameters(HistoryListQuery),
          responses: { ...ok('Changed offers (full offers: types/extended)', page('Offer', { next: { type: 'string', description: 'cursor to ask with next time' }, more: { type: 'boolean', description: 'more changes wait: ask again at once' } }), { items: [exampleOffer], next: `1042~${exampleOffer.id}`, more: false }), ...ERRORS },
        },
      },
      '/history/detail': {
        get: {
          operationId: 'historyDetail', summary: 'One offer\'s history: every portal listing with when it was first seen and whether it is still listed, and its price changes (scope `history`)',
          parameters: queryParameters(HistoryDetailQuery),
          responses: { ...ok('The offer\'s history', ref('OfferHistory'), offerHistoryOf(exampleOffer)), '404': error('Unknown offer'), ...ERRORS },
        },
      },
    },
  };
  return cached;
}
