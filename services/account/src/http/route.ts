import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@rr/kit';
import { contextOf, type RequestContext } from './request-context';

type Handler = (req: Request, ctx: RequestContext, res: Response) => Promise<unknown>;

/** Wraps a use case: builds the request context, answers `{data}` and hands errors to the error handler. */
export const routeWith = (log: Logger) => (handler: Handler) => (req: Request, res: Response, next: NextFunction) => {
  const ctx = contextOf(req, log);
  res.setHeader('x-correlation-id', ctx.correlationId);
  handler(req, ctx, res).then(
    (data) => {
      if (!res.headersSent) res.json({ data });
    },
    next,
  );
};

export const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

/** Offset and limit of a list call, bounded. */
export function pageOf(req: Request): { offset: number; limit: number } {
  const offset = Math.max(0, Number.parseInt(String(req.query.offset ?? '0'), 10) || 0);
  const limit = Math.min(100, Math.max(1, Number.parseInt(String(req.query.limit ?? '20'), 10) || 20));
  return { offset, limit };
}
