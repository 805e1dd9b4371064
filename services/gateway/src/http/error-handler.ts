import type { ErrorRequestHandler, Request } from 'express';
import { jsonErrorHandler, localeOf, type Logger } from '@rr/kit';
import type { Locale } from '@rr/proto';
import { correlationIdOf } from './correlation';

const GENERIC = { cs: 'Došlo k chybě při komunikaci se serverem.', en: 'There was an error communicating with the server.' };
const INVALID_FORM = { cs: 'Neplatný formulář.', en: 'Invalid form.' };

/** The kit's error handler in the browser's language, each failure logged with its correlation id. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return jsonErrorHandler(log, {
    messages: { invalidForm: (locale: Locale) => INVALID_FORM[locale], generic: (locale: Locale) => GENERIC[locale] },
    tooLarge: { code: 'VALIDATION_FAILED', message: (locale: Locale) => INVALID_FORM[locale] },
    logFields: (req) => ({ correlationId: correlationIdOf(req) }),
  });
}

export const genericMessage = (req: Request) => GENERIC[localeOf(req)];
