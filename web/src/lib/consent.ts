/** Consent storages as Google Consent Mode names them; the cookie keeps id, datetime and storages (spec §2, §9). */
export type ConsentValue = 'granted' | 'denied';
export type Storages = {
  functionality_storage: ConsentValue;
  security_storage: ConsentValue;
  personalization_storage: ConsentValue;
  analytics_storage: ConsentValue;
  ad_storage: ConsentValue;
};
export type Consent = { id: string; datetime: string; storages: Storages };
export type Choice = { preferences: boolean; analytics: boolean; marketing: boolean };

export const CONSENT_COOKIE = 'rr_consent';
const ONE_YEAR_S = 365 * 24 * 3600;

/** Before a choice: functionality and security granted; ads, analytics and personalisation denied. */
export const DEFAULT_STORAGES: Storages = {
  functionality_storage: 'granted',
  security_storage: 'granted',
  personalization_storage: 'denied',
  analytics_storage: 'denied',
  ad_storage: 'denied',
};

const value = (on: boolean): ConsentValue => (on ? 'granted' : 'denied');

export function storagesOf(choice: Choice): Storages {
  return {
    ...DEFAULT_STORAGES,
    personalization_storage: value(choice.preferences),
    analytics_storage: value(choice.analytics),
    ad_storage: value(choice.marketing),
  };
}

export const choiceOf = (storages: Storages): Choice => ({
  preferences: storages.personalization_storage === 'granted',
  analytics: storages.analytics_storage === 'granted',
  marketing: storages.ad_storage === 'granted',
});

export function makeConsent(choice: Choice, now: Date = new Date(), id: string = randomId()): Consent {
  return { id, datetime: now.toISOString(), storages: storagesOf(choice) };
}

export const serializeConsent = (consent: Consent) =>
  `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(consent))}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax`;

/** Reads the consent from a `document.cookie` string; anything malformed counts as no choice yet. */
export function parseConsent(cookie: string): Consent | null {
  const raw = cookie.split(/;\s*/).find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw.slice(CONSENT_COOKIE.length + 1))) as Consent;
    if (typeof parsed.id !== 'string' || typeof parsed.datetime !== 'string' || !parsed.storages) return null;
    const storages = { ...DEFAULT_STORAGES };
    for (const key of Object.keys(DEFAULT_STORAGES) as Array<keyof Storages>) {
      const v = parsed.storages[key];
      if (v === 'granted' || v === 'denied') storages[key] = v;
    }
    return { id: parsed.id, datetime: parsed.datetime, storages: { ...storages, functionality_storage: 'granted', security_storage: 'granted' } };
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
