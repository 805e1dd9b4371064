import type { ErrorRequestHandler } from 'express';
import type { ErrorCode } from '@rr/proto';
import { AppError, jsonErrorHandler, type Logger } from '@rr/kit';
import { t } from '../i18n/messages';

/** An AppError that also names related records (e.g. the watchdog that already covers a selection). */
export class ApiError extends AppError {
  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}, fields?: Record<string, string>) {
    super(code, message, { fields, details });
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

/** The kit's error handler with the account service's words in the request's language. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return jsonErrorHandler(log, { messages: { invalidForm: (locale) => t(locale, 'invalidForm'), generic: (locale) => t(locale, 'generic') } });
}
