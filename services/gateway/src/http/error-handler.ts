import type { ErrorRequestHandler, Request } from 'express';
import { ZodError } from 'zod';
import { httpStatusOf, type ApiErrorBody } from '@rr/proto';
import { AppError, type Logger } from '@rr/kit';
import { correlationIdOf } from './correlation';

const GENERIC = { cs: 'Došlo k chybě při komunikaci se serverem.', en: 'There was an error communicating with the server.' };
const INVALID_FORM = { cs: 'Neplatný formulář.', en: 'Invalid form.' };

export const localeOf = (req: Request): 'cs' | 'en' =>
  req.query.locale === 'en' || (req.query.locale !== 'cs' && /^en\b/i.test(String(req.headers['accept-language'] ?? ''))) ? 'en' : 'cs';

/** Field path → first message, as the web forms show them. */
export function fieldsOf(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) fields[issue.path.join('.') || '(body)'] ??= issue.message;
  return fields;
}

/** The one error handler: AppError codes to HTTP, zod issues to field errors, everything else masked. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const send = (status: number, body: ApiErrorBody) => (res.headersSent ? undefined : res.status(status).json(body));
    const locale = localeOf(req);
    const parserError = err as { type?: string };
    if (parserError.type === 'entity.too.large') return send(413, { error: { code: 'VALIDATION_FAILED', message: INVALID_FORM[locale] } });
    if (parserError.type === 'entity.parse.failed' || parserError.type === 'encoding.unsupported') {
      return send(400, { error: { code: 'INVALID_FORM', message: INVALID_FORM[locale] } });
    }
    if (err instanceof ZodError) {
      const fields = fieldsOf(err);
      return send(400, { error: { code: 'VALIDATION_FAILED', message: Object.values(fields)[0] ?? INVALID_FORM[locale], fields } });
    }
    if (err instanceof AppError) {
      const status = httpStatusOf(err.code);
      if (status >= 500) log.warn({ err, path: req.path, correlationId: correlationIdOf(req) }, 'request failed');
      return send(status, { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    log.error({ err, path: req.path, correlationId: correlationIdOf(req) }, 'unexpected error');
    return send(500, { error: { code: 'INTERNAL', message: GENERIC[locale] } });
  };
}

export const genericMessage = (req: Request) => GENERIC[localeOf(req)];
