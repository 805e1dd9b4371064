import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { CORRELATION_HEADER, type Locale } from '@rr/proto';
import { localeOf, type Logger } from '@rr/kit';
import { translator, type Translate } from '../i18n/messages';

export type RequestContext = {
  locale: Locale;
  tr: Translate;
  ip: string;
  correlationId: string;
  log: Logger;
};

/** The gateway puts the client's address first in X-Forwarded-For; this API listens on loopback only. */
export function clientIpOf(req: Request): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}

export function contextOf(req: Request, log: Logger): RequestContext {
  const locale = localeOf(req);
  const header = req.headers[CORRELATION_HEADER];
  const correlationId = (typeof header === 'string' && header.length <= 100 && header) || randomUUID();
  return { locale, tr: translator(locale), ip: clientIpOf(req), correlationId, log: log.child({ correlationId }) };
}
