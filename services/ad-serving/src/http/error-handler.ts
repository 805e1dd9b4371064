import type { ErrorRequestHandler } from 'express';
import { jsonErrorHandler, type Logger } from '@rr/kit';
import { MAX_BANNER_BYTES } from '../domain/banner-check';

/** The kit's JSON error handler, with the banner's size limit in words. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return jsonErrorHandler(log, { tooLarge: { code: 'PAYLOAD_TOO_LARGE', message: () => `the file is too large; a banner has at most ${MAX_BANNER_BYTES / 1024} kB` } });
}
