import type { ErrorRequestHandler } from 'express';
import { httpStatusOf, type ErrorCode } from '@rr/proto';
import { AppError, type Logger } from '@rr/kit';
import { t } from '../i18n/messages';
import { localeOf } from './request-context';

/** An AppError that also names related records (e.g. the watchdog that already covers a selection). */
export class ApiError extends AppError {
  constructor(code: ErrorCode, message: string, readonly details: Record<string, unknown> = {}, fields?: Record<string, string>) {
    super(code, message, { fields });
  }
}

/** Collects the first message per field, as the spec's forms show it. */
export class FieldErrors {
  private readonly fields: Record<string, string> = {};

  add(field: string, message: string): void {
    this.fields[field] ??= message;
  }

  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }

  has(field: string): boolean {
    return field in this.fields;
  }

  /** Throws when a field failed: the first message becomes the error's message unless one is given. */
  throwIfAny(code: ErrorCode = 'VALIDATION_FAILED', message?: string): void {
    if (!this.any) return;
    throw new AppError(code, message ?? Object.values(this.fields)[0], { fields: { ...this.fields } });
  }
}

/** `{error:{code,message,fields,details}}` with the code's status; unknown errors are masked and logged. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const bodyError = err as { type?: string; status?: number };
    if (bodyError.type === 'entity.parse.failed' || bodyError.type === 'entity.too.large') {
      const status = bodyError.type === 'entity.too.large' ? 413 : 400;
      res.status(status).json({ error: { code: 'INVALID_FORM', message: t(localeOf(req), 'invalidForm') } });
      return;
    }
    if (err instanceof AppError) {
      const details = err instanceof ApiError ? err.details : undefined;
      const status = httpStatusOf(err.code);
      if (status >= 500) log.error({ err, path: req.path }, 'request failed');
      if (typeof details?.retryAfterSeconds === 'number') res.set('Retry-After', String(details.retryAfterSeconds));
      res.status(status).json({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(details ? { details } : {}) } });
      return;
    }
    log.error({ err, path: req.path }, 'unexpected error');
    res.status(500).json({ error: { code: 'INTERNAL', message: t(localeOf(req), 'generic') } });
  };
}
