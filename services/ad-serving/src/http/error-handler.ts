import type { ErrorRequestHandler } from 'express';
import { AppError, type Logger } from '@rr/kit';
import { httpStatusOf } from '@rr/proto';
import { MAX_BANNER_BYTES } from '../domain/banner-check';

/** Codes to HTTP; body-parser's own errors in words; anything unknown masked (never a stack trace). */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') {
      res.status(413).json({ error: { code: 'PAYLOAD_TOO_LARGE', message: `the file is too large; a banner has at most ${MAX_BANNER_BYTES / 1024} kB` } });
      return;
    }
    if (type === 'entity.parse.failed') {
      res.status(400).json({ error: { code: 'INVALID_FORM', message: 'the request body is not valid JSON' } });
      return;
    }
    if (err instanceof AppError) {
      const status = httpStatusOf(err.code);
      if (status >= 500) log.error({ err, path: req.path }, 'request failed');
      if (err.retriable) res.set('Retry-After', '5');
      res.status(status).json({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
      return;
    }
    log.error({ err, path: req.path }, 'request failed');
    res.status(500).json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  };
}
