import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { CORRELATION_HEADER, DEFAULT_LOCALE, LOCALES, type Locale } from '@rr/proto';
import type { Logger } from '@rr/kit';
import { translator, type Translate } from '../i18n/messages';

export type RequestContext = {
  locale: Locale;
  tr: Translate;
  ip: string;
  correlationId: string;
  log: Logger;
};

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** `locale` in the body or query wins, then the first supported language of Accept-Language. */
export function localeOf(req: Request): Locale {
  const explicit = (req.body as { locale?: unknown } | undefined)?.locale ?? req.query.locale;
  if (isLocale(explicit)) return explicit;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase();
      if (isLocale(tag)) return tag;
    }
  }
  return DEFAULT_LOCALE;
}

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
