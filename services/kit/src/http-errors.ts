import type { ErrorRequestHandler, Request } from 'express';
import { ZodError } from 'zod';
import { httpStatusOf, type ApiErrorBody, type ErrorCode, type Locale } from '@rr/proto';
import { AppError } from './errors';
import { localeOf } from './locale';
import type { Logger } from './logger';

export type ErrorHandlerOptions = {
  /** body-parser's refusal of an oversized body (413): the code and words; INVALID_FORM without. */
  tooLarge?: { code: ErrorCode; message: (locale: Locale) => string };
  /** What the client reads for a body that is not a form and for a failure of ours, in the request's locale. */
  messages?: { invalidForm: (locale: Locale) => string; generic: (locale: Locale) => string };
  /** Fields every failure's log line carries (e.g. the correlation id). */
  logFields?: (req: Request) => Record<string, unknown>;
};

const DEFAULT_MESSAGES = {
  invalidForm: () => 'the request body is not valid JSON',
  generic: () => 'Something went wrong on our side. Please try again.',
};

/** Field path → first message, as the web forms show them. */
export function fieldsOfZodError(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) fields[issue.path.join('.') || '(body)'] ??= issue.message;
  return fields;
}

/**
 * The one JSON error handler of every API: an `AppError` as its code's status with its fields and
 * details, zod issues as field errors, a body that is not JSON as INVALID_FORM, anything else
 * masked and logged (never a stack trace to the client).
 */
export function jsonErrorHandler(log: Logger, options: ErrorHandlerOptions = {}): ErrorRequestHandler {
  const messages = options.messages ?? DEFAULT_MESSAGES;
  return (err, req, res, _next) => {
    const context = () => ({ err, path: req.path, ...options.logFields?.(req) });
    if (res.headersSent) {
      // A streamed answer failed halfway: nothing more can be said to the client.
      log.warn(context(), 'request failed after the answer started');
      res.end();
      return;
    }
    const send = (status: number, body: ApiErrorBody) => void res.status(status).json(body);
    const locale = localeOf(req);
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') {
      const { code, message } = options.tooLarge ?? { code: 'INVALID_FORM' as const, message: messages.invalidForm };
      return send(413, { error: { code, message: message(locale) } });
    }
    if (type === 'entity.parse.failed' || type === 'encoding.unsupported') {
      return send(400, { error: { code: 'INVALID_FORM', message: messages.invalidForm(locale) } });
    }
    if (err instanceof ZodError) {
      const fields = fieldsOfZodError(err);
      return send(400, { error: { code: 'VALIDATION_FAILED', message: Object.values(fields)[0] ?? messages.invalidForm(locale), fields } });
    }
    if (err instanceof AppError) {
      const status = httpStatusOf(err.code);
      if (status >= 500) log[err.retriable ? 'warn' : 'error'](context(), 'request failed');
      const retryAfter = typeof err.details?.retryAfterSeconds === 'number' ? err.details.retryAfterSeconds : err.retriable ? 5 : null;
      if (retryAfter !== null) res.set('Retry-After', String(retryAfter));
      const { fields, details } = err;
      return send(status, { error: { code: err.code, message: err.message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) } });
    }
    log.error(context(), 'unexpected error');
    return send(500, { error: { code: 'INTERNAL', message: messages.generic(locale) } });
  };
}
