import express, { type NextFunction, type Request, type Response } from 'express';
import { httpObservability, sessionUserOf, type Logger } from '@rr/kit';
import {
  API_ROLE_HEADER, CORRELATION_HEADER, HistoryDetailQuery, HistoryListQuery, OfferAlternativesQuery, OfferListQuery, RealEstateQuery, criteriaOfSearch, httpStatusOf,
  matchesCriteria, searchPlacesOf, offerFor, offerHistoryOf, realEstateOf, type ApiErrorBody, type ErrorCode, type Offer,
} from '@rr/proto';
import type { Gazetteer } from '@rr/gazetteer';
import { planSearch } from '../domain/search-plan';
import { TOTAL_COUNT_LIMIT, changeCursorText, cursorOf, pageCursorText, parseChangeCursor, parseCursor, type OfferReader } from '../domain/offer-query';

/** Rows a search page reads at most (a narrow filter in a busy place answers with a shorter page and a cursor). */
export const SEARCH_SCAN_LIMIT = 2_000;

export type OffersApiOptions = {
  jwtSecret?: string;
  /** The journal's projected mark: a sync reads no further, so a batch half written is never skipped. */
  projectedSeq?: () => Promise<number>;
  /** Places of the public search (codes checked, radii resolved); without it the search answers 503. */
  gazetteer?: Gazetteer;
};

/**
 * The internal read API the gateway proxies at `/api/offers`: one offer with its sources and
 * price history, similar active offers for an inactive offer's page, and recent offers.
 * Non-public offers are answered in full only to callers whose session (the account service's
 * token, verified with `jwtSecret`) has the entitlement; everyone else gets their teaser. Without
 * a secret every caller counts as anonymous.
 */
export function createOffersApi(offers: OfferReader, log: Logger, options: OffersApiOptions = {}): express.Express {
  const app = express();
  const roleOf = (req: Request): number | null => {
    if (!options.jwtSecret || !req.headers.authorization) return null;
    try {
      return sessionUserOf(req, options.jwtSecret).role;
    } catch {
      return null; // an expired session reads like no session here: public data stays readable
    }
  };
  app.disable('x-powered-by');
  app.use(httpObservability('normaliser'));

  app.get('/offers', async (req, res, next) => {
    try {
      const q = OfferListQuery.safeParse(req.query);
      if (!q.success) return fail(res, 'VALIDATION_FAILED', `invalid query: ${q.error.issues[0].path.join('.')}: ${q.error.issues[0].message}`);
      const { limit, offset, active, after, ...filter } = q.data;
      const page = await offers.list({ ...filter, active: active === 'all' ? undefined : active === 'true' }, { offset, limit, after: after ? parseCursor(after) : undefined });
      const next = page.items.length === limit ? cursorOf(page.items[page.items.length - 1]) : null;
      const role = roleOf(req);
      res.json({ data: { items: page.items.map((o) => offerFor(o, role)), total: page.total, totalCapped: page.total >= TOTAL_COUNT_LIMIT, offset, limit, next } });
    } catch (err) {
      next(err);
    }
  });

  /**
   * The public API's routes: reached only by the gateway after its key check (the `/api/offers`
   * proxy maps to `/offers/…`, never here), which names the key owner's role in a header.
   */
  const apiRoleOf = (req: Request): number | null => {
    const role = Number(req.header(API_ROLE_HEADER));
    return Number.isInteger(role) && role >= 0 ? role : null;
  };

  // The public API's offer search (`/api/v1/real-estate`): watchdog criteria over several places' indexes.
  app.get('/internal/public-api/real-estate', async (req, res, next) => {
    try {
      const q = RealEstateQuery.safeParse(req.query);
      if (!q.success) return invalid(res, q.error);
      if (!options.gazetteer) return fail(res, 'UNAVAILABLE', 'the search is not available');
      const planned = planSearch(options.gazetteer, searchPlacesOf(q.data), (i) => (q.data.places ? `places.${i}` : 'placeCode'));
      if ('fields' in planned) return invalidFields(res, planned.fields);
      const criteria = criteriaOfSearch(q.data, planned.plan.places);
      const page = await offers.search(planned.plan.indexed, { adType: q.data.adType, realEstateType: q.data.realEstateType },
        (o) => matchesCriteria(criteria, o), { limit: q.data.limit, scanLimit: SEARCH_SCAN_LIMIT, after: q.data.cursor ? parseCursor(q.data.cursor) : undefined });
      const role = apiRoleOf(req);
      res.json({ data: { items: page.items.map((o) => realEstateOf(offerFor(o, role))), next: page.next ? pageCursorText(page.next) : null } });
    } catch (err) {
      next(err);
    }
  });

  // The public API's sync (`/api/v1/history/list`): offers changed since a cursor, withdrawn ones included.
  app.get('/internal/public-api/history/list', async (req, res, next) => {
    try {
      const q = HistoryListQuery.safeParse(req.query);
      if (!q.success) return invalid(res, q.error);
      const after = parseChangeCursor(q.data.cursor);
      const upTo = options.projectedSeq ? await options.projectedSeq() : Number.MAX_SAFE_INTEGER;
      const changes = await offers.changedSince(after, upTo, q.data.limit);
      const role = apiRoleOf(req);
      const last = changes.length > 0 ? changes[changes.length - 1].cursor : after.seq < 0 ? { seq: 0, id: '' } : after;
      res.json({ data: { items: changes.map((c) => offerFor(c.offer, role)), next: changeCursorText(last), more: changes.length === q.data.limit } });
    } catch (err) {
      next(err);
    }
  });

  // The public API's `/api/v1/history/detail?id=`: one offer's sources and price changes.
  app.get('/internal/public-api/history/detail', async (req, res, next) => {
    try {
      const q = HistoryDetailQuery.safeParse(req.query);
      if (!q.success) return invalid(res, q.error);
      const offer = await offers.findById(q.data.id);
      if (!offer) return fail(res, 'NOT_FOUND', `offer ${q.data.id} not found`);
      res.json({ data: offerHistoryOf(offerFor(offer, apiRoleOf(req))) });
    } catch (err) {
      next(err);
    }
  });

  app.get('/offers/:id', async (req, res, next) => {
    try {
      const offer = await offers.findById(req.params.id);
      if (!offer) return fail(res, 'NOT_FOUND', `offer ${req.params.id} not found`);
      res.json({ data: offerFor(offer, roleOf(req)) });
    } catch (err) {
      next(err);
    }
  });

  app.get('/offers/:id/alternatives', async (req, res, next) => {
    try {
      const q = OfferAlternativesQuery.safeParse(req.query);
      if (!q.success) return fail(res, 'VALIDATION_FAILED', `invalid query: ${q.error.issues[0].message}`);
      const offer = await offers.findById(req.params.id);
      if (!offer) return fail(res, 'NOT_FOUND', `offer ${req.params.id} not found`);
      const items = rankAlternatives(offer, await offers.similar(offer, q.data.limit)).slice(0, q.data.limit);
      const role = roleOf(req);
      res.json({ data: { items: items.map((o) => offerFor(o, role)) } });
    } catch (err) {
      next(err);
    }
  });

  app.use((_req, res) => fail(res, 'NOT_FOUND', 'no such endpoint'));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    log.error({ err, path: req.path, correlationId: req.header(CORRELATION_HEADER) }, 'offers API failed');
    fail(res, 'INTERNAL', 'the offers service failed to answer');
  });
  return app;
}

/**
 * Similar means the same kind of property: the same disposition and a price within a quarter
 * first, then the nearest in price and size.
 */
export function rankAlternatives(offer: Offer, candidates: Offer[]): Offer[] {
  const priceGap = (o: Offer) => (offer.price && o.price ? Math.abs(o.price - offer.price) / offer.price : 1);
  const areaGap = (o: Offer) => (offer.area && o.area ? Math.abs(o.area - offer.area) / offer.area : 1);
  const score = (o: Offer) =>
    (o.dispositionLabel === offer.dispositionLabel ? 0 : 1) + (priceGap(o) <= 0.25 ? 0 : 1) + priceGap(o) + areaGap(o) / 2
    + (o.location.municipalityCode === offer.location.municipalityCode ? 0 : 0.5);
  return candidates
    .filter((o) => o.id !== offer.id && o.active)
    .map((o) => ({ o, s: score(o) }))
    .sort((a, b) => a.s - b.s)
    .map((x) => x.o);
}

/** Every bad parameter named, in the API's error body (`fields`). */
function invalid(res: Response, error: { issues: Array<{ path: Array<string | number>; message: string; code: string; keys?: string[] }> }): void {
  const fields: Record<string, string> = {};
  for (const i of error.issues) {
    if (i.code === 'unrecognized_keys') for (const k of i.keys ?? []) fields[k] ??= 'unknown parameter';
    else fields[i.path.join('.') || 'query'] ??= i.message;
  }
  invalidFields(res, fields);
}

function invalidFields(res: Response, fields: Record<string, string>): void {
  const [name, message] = Object.entries(fields)[0];
  const body: ApiErrorBody = { error: { code: 'VALIDATION_FAILED', message: `${name}: ${message}`, fields } };
  res.status(httpStatusOf('VALIDATION_FAILED')).json(body);
}

function fail(res: Response, code: ErrorCode, message: string): void {
  const body: ApiErrorBody = { error: { code, message } };
  res.status(httpStatusOf(code)).json(body);
}
