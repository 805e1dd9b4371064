import { localeOf } from './locale';

const req = (over: { body?: unknown; query?: Record<string, unknown>; lang?: string }) => ({
  body: over.body,
  query: over.query ?? {},
  headers: { 'accept-language': over.lang },
});

describe('localeOf', () => {
  it('takes the body, then the query, then the first supported Accept-Language tag', () => {
    expect(localeOf(req({ body: { locale: 'en' }, query: { locale: 'cs' } }))).toBe('en');
    expect(localeOf(req({ query: { locale: 'en' }, lang: 'cs' }))).toBe('en');
    expect(localeOf(req({ lang: 'de-DE,en-GB;q=0.8,cs;q=0.5' }))).toBe('en');
    expect(localeOf(req({ lang: 'EN-us' }))).toBe('en');
  });

  it('ignores unsupported values and falls back to Czech', () => {
    expect(localeOf(req({ body: { locale: 'de' }, query: { locale: 1 }, lang: 'de,fr' }))).toBe('cs');
    expect(localeOf(req({}))).toBe('cs');
  });
});
