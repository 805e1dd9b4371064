import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { CORRELATION_HEADER } from '@rr/proto';

/** Keeps a caller's correlation id (if sane) or makes one; it goes back in the answer and on downstream. */
export const correlation = (): RequestHandler => (req, res, next) => {
  const given = req.headers[CORRELATION_HEADER];
  const id = typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
  req.headers[CORRELATION_HEADER] = id;
  res.setHeader(CORRELATION_HEADER, id);
  next();
};

export const correlationIdOf = (req: Request): string => String(req.headers[CORRELATION_HEADER]);
