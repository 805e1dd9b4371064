import { DEFAULT_LOCALE, LOCALES, type Locale } from '@rr/proto';

type LocaleCarrier = { body?: unknown; query: Record<string, unknown>; headers: { 'accept-language'?: string } };

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** The request's locale: `locale` in the body or query wins, then the first supported language of Accept-Language. */
export function localeOf(req: LocaleCarrier): Locale {
  const explicit = (req.body as { locale?: unknown } | undefined)?.locale ?? req.query.locale;
  if (isLocale(explicit)) return explicit;
  for (const part of (req.headers['accept-language'] ?? '').split(',')) {
    const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}
