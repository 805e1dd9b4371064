import express, { type NextFunction, type Request, type Response } from 'express';
import { httpObservability, sessionUserOf, type Logger } from '@rr/kit';
import { CORRELATION_HEADER, OfferAlternativesQuery, OfferListQuery, httpStatusOf, offerFor, type ApiErrorBody, type ErrorCode, type Offer } from '@rr/proto';
import { cursorOf, parseCursor, type OfferReader } from '../domain/offer-query';

/**
 * The internal read API the gateway proxies at `/api/offers`: one offer with its sources and
 * price history, similar active offers for an inactive offer's page, and recent offers.
 * Non-public offers are answered in full only to callers whose session (the account service's
 * token, verified with `jwtSecret`) has the entitlement; everyone else gets their teaser. Without
 * a secret every caller counts as anonymous.
 */
export function createOffersApi(offers: OfferReader, log: Logger, options: { jwtSecret?: string } = {}): express.Express {
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
      res.json({ data: { items: page.items.map((o) => offerFor(o, role)), total: page.total, offset, limit, next } });
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

function fail(res: Response, code: ErrorCode, message: string): void {
  const body: ApiErrorBody = { error: { code, message } };
  res.status(httpStatusOf(code)).json(body);
}
