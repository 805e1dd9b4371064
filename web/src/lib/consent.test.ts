import { analyticsAllowed, track } from './analytics';
import { choiceOf, CONSENT_COOKIE, DEFAULT_STORAGES, makeConsent, parseConsent, serializeConsent } from './consent';

const cookieOf = (header: string) => header.split(';')[0];

describe('cookie consent', () => {
  it('defaults to functionality and security granted, the rest denied', () => {
    expect(DEFAULT_STORAGES).toEqual({
      functionality_storage: 'granted', security_storage: 'granted', personalization_storage: 'denied', analytics_storage: 'denied', ad_storage: 'denied',
    });
    expect(choiceOf(DEFAULT_STORAGES)).toEqual({ preferences: false, analytics: false, marketing: false });
  });

  it('stores id, datetime and storages in the consent cookie and reads them back', () => {
    const consent = makeConsent({ preferences: true, analytics: false, marketing: true }, new Date('2025-01-02T03:04:05Z'), 'id-1');
    const header = serializeConsent(consent);
    expect(header).toMatch(new RegExp(`^${CONSENT_COOKIE}=`));
    expect(header).toContain('Max-Age=31536000');
    expect(header).toContain('SameSite=Lax');
    const read = parseConsent(`other=1; ${cookieOf(header)}`);
    expect(read).toEqual({
      id: 'id-1',
      datetime: '2025-01-02T03:04:05.000Z',
      storages: { ...DEFAULT_STORAGES, personalization_storage: 'granted', ad_storage: 'granted' },
    });
  });

  it('treats a missing or malformed cookie as no choice yet', () => {
    expect(parseConsent('')).toBeNull();
    expect(parseConsent(`${CONSENT_COOKIE}=%7Bbroken`)).toBeNull();
    expect(parseConsent(`${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ id: 1 }))}`)).toBeNull();
  });

  it('never lets a cookie deny the essential storages', () => {
    const forged = encodeURIComponent(JSON.stringify({ id: 'x', datetime: 'd', storages: { security_storage: 'denied', analytics_storage: 'granted' } }));
    expect(parseConsent(`${CONSENT_COOKIE}=${forged}`)?.storages).toEqual({ ...DEFAULT_STORAGES, analytics_storage: 'granted' });
  });
});

describe('analytics', () => {
  const granted = cookieOf(serializeConsent(makeConsent({ preferences: false, analytics: true, marketing: false })));
  const denied = cookieOf(serializeConsent(makeConsent({ preferences: true, analytics: false, marketing: true })));

  it('records events only when analytics storage is granted', () => {
    const target: { dataLayer?: Array<Record<string, unknown>> } = {};
    expect(track('login', {}, target, denied)).toBe(false);
    expect(track('login', {}, target, '')).toBe(false);
    expect(target.dataLayer).toBeUndefined();
    expect(track('landing_page', { listingId: 'o1', value: 5_000_000 }, target, granted)).toBe(true);
    expect(target.dataLayer).toEqual([{ event: 'landing_page', listingId: 'o1', value: 5_000_000 }]);
    expect(analyticsAllowed(granted)).toBe(true);
  });
});
