import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { AppError, bearerTokenOf, httpObservability, jsonErrorHandler, localeOf, sessionUserOfToken, type Logger } from '@rr/kit';
import { API_ROLE_HEADER, EstimateQuery, EstimatesBody, MatchCountQuery, ReportQuery, analyticsLevelOf, type AnalyticsLevel, type EstimatesAnswer } from '@rr/proto';
import { reportCsv, reportCsvFileName } from '../domain/report-csv';
import { reportAtLevel, requireExport } from '../reports/report-access';
import type { PriceEstimates } from '../reports/price-estimates';
import type { PriceReports } from '../reports/price-reports';

export type AnalyticsApiDeps = { reports: PriceReports; estimates: PriceEstimates; jwtSecret: string; log: Logger };

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
export function createAnalyticsApi({ reports, estimates, jwtSecret, log }: AnalyticsApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(httpObservability('analytics'));
  const route = (fn: (req: Request) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) => {
    fn(req).then((data) => res.json({ data }), next);
  };

  /** The web caller's depth: from the session token's role; no token, or one expired, reads as a visitor's. */
  const sessionLevel = (req: Request): AnalyticsLevel => {
    const token = bearerTokenOf(req);
    if (!token) return analyticsLevelOf(null);
    try {
      return analyticsLevelOf(sessionUserOfToken(token, jwtSecret).role);
    } catch {
      return analyticsLevelOf(null);
    }
  };
  const reportQuery = (req: Request): ReportQuery => {
    const query = ReportQuery.safeParse(req.query);
    if (!query.success) throw validationError(query.error);
    return query.data;
  };

  app.get('/analytics/report', route(async (req) => reportAtLevel(reports, reportQuery(req), sessionLevel(req), localeOf(req))));
  // The same report as a file, for the export level (Profi up): the figures, then the monthly series.
  app.get('/analytics/report.csv', (req, res, next) => {
    (async () => {
      const level = sessionLevel(req);
      const locale = localeOf(req);
      requireExport(level, locale);
      const answer = await reportAtLevel(reports, reportQuery(req), level, locale);
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="${reportCsvFileName(answer, locale)}"`);
      res.send(reportCsv(answer, locale));
    })().catch(next);
  });
  // The public API's `/api/v1/report`: reached only by the gateway after its key check (the
  // `/api/analytics` proxy maps to `/analytics/…`, never here), which names the key owner's role.
  app.get('/internal/public-api/report', route(async (req) => {
    const role = Number(req.header(API_ROLE_HEADER));
    return reportAtLevel(reports, reportQuery(req), analyticsLevelOf(Number.isInteger(role) && role >= 0 ? role : null), localeOf(req));
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
