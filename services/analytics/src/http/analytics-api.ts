import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { AppError, httpObservability, jsonErrorHandler, type Logger } from '@rr/kit';
import { EstimateQuery, EstimatesBody, MatchCountQuery, ReportQuery, type EstimatesAnswer } from '@rr/proto';
import type { PriceEstimates } from '../reports/price-estimates';
import type { PriceReports } from '../reports/price-reports';

export type AnalyticsApiDeps = { reports: PriceReports; estimates: PriceEstimates; log: Logger };

/** A failed query as VALIDATION_FAILED naming each field, the first in the message. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : 'query');
    fields[field] ??= issue.code === 'unrecognized_keys' ? `unknown parameter ${issue.keys.join(', ')}` : issue.message;
  }
  return new AppError('VALIDATION_FAILED', Object.entries(fields).map(([f, m]) => `${f}: ${m}`)[0], { fields });
}

/**
 * The analytics service's API, as the gateway forwards it (`/api/analytics/…` → `/analytics/…`,
 * and the public `/api/v1/report`): price reports for a place or a point, RadarPrice for an offer.
 */
export function createAnalyticsApi({ reports, estimates, log }: AnalyticsApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(httpObservability('analytics'));
  const route = (fn: (req: Request) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) => {
    fn(req).then((data) => res.json({ data }), next);
  };

  app.get('/analytics/report', route(async (req) => {
    const query = ReportQuery.safeParse(req.query);
    if (!query.success) throw validationError(query.error);
    return reports.report(query.data);
  }));
  app.get('/analytics/estimate', route(async (req) => {
    const query = EstimateQuery.safeParse(req.query);
    if (!query.success) throw validationError(query.error);
    return estimates.estimate(query.data.offerId);
  }));
  // The notifier's alert e-mails: every offer of one e-mail in one call, estimated side by side.
  app.post('/analytics/estimates', express.json({ limit: '512kb' }), route(async (req): Promise<EstimatesAnswer> => {
    const body = EstimatesBody.safeParse(req.body);
    if (!body.success) throw validationError(body.error);
    return { items: await Promise.all(body.data.offers.map((o) => estimates.estimateOffer(o))) };
  }));
  app.get('/analytics/match-count', route(async (req) => {
    const query = MatchCountQuery.safeParse(req.query);
    if (!query.success) throw validationError(query.error);
    return reports.matchCount(query.data);
  }));
  app.get('/health', (_req, res) => res.json({ ok: true }));
  app.use((req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: `no route ${req.method} ${req.path}` } }));
  app.use(jsonErrorHandler(log));
  return app;
}
