import type { ErrorRequestHandler } from 'express';
import { httpStatusOf } from '@rr/proto';
import { AppError } from './errors';
import type { Logger } from './logger';

/**
 * The JSON error handler of a service's API: an `AppError` as its code's status and message, a
 * body that is not JSON as INVALID_FORM, anything else masked (never a stack trace). `tooLarge`
 * words body-parser's refusal of an oversized body, for APIs that take uploads.
 */
export function jsonErrorHandler(log: Logger, options: { tooLarge?: string } = {}): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large' && options.tooLarge) {
      res.status(413).json({ error: { code: 'PAYLOAD_TOO_LARGE', message: options.tooLarge } });
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
